import type { JSONRPCMessage, JSONRPCRequest } from '@mcpkit/protocol';
import {
  answerServerRequest,
  isResponse,
  type JsonObject,
  PendingRequests,
  type RawAnswer,
  type Received,
  type RequestOptions,
  type Wire,
} from './wire.js';

// The 2024-11-05 HTTP+SSE transport: a GET stream whose first `endpoint` event names where to POST;
// every answer arrives on the stream.

const DEFAULT_TIMEOUT_MS = 10_000;

export interface LegacySseWire extends Wire {
  readonly kind: 'legacy-sse';
  readonly endpoint: string;
}

/** Opens the SSE stream at `url` and waits for its endpoint event. */
export async function openLegacySseWire(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<LegacySseWire> {
  const lifetime = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: lifetime.signal });
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    lifetime.abort();
    throw new Error(
      `GET ${url} is not a legacy SSE endpoint: HTTP ${response.status} ${response.headers.get('content-type') ?? '(no content type)'}`,
    );
  }
  const pending = new PendingRequests();
  const received: Received[] = [];
  const loose: JSONRPCMessage[] = [];
  let endpoint: string | undefined;
  let onEndpoint: (() => void) | undefined;

  const post = async (body: string): Promise<{ status: number; text: string }> => {
    if (endpoint === undefined) throw new Error('the legacy SSE stream named no endpoint');
    const answer = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: answer.status, text: await answer.text() };
  };
  const onMessage = (message: JSONRPCMessage) => {
    let answers: string | undefined;
    if (isResponse(message)) {
      answers = pending.settle(message);
      if (answers === undefined) loose.push(message);
    } else if ('id' in message && 'method' in message) {
      const request = message as JSONRPCRequest;
      let reply: unknown;
      try {
        reply = {
          jsonrpc: '2.0',
          id: request.id,
          result: answerServerRequest(request.method, request.params),
        };
      } catch (error) {
        reply = { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: String(error) } };
      }
      void post(JSON.stringify(reply));
    }
    received.push(answers === undefined ? { message } : { message, answers });
  };

  void (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (
        let boundary = /\r?\n\r?\n/.exec(buffer);
        boundary !== null;
        boundary = /\r?\n\r?\n/.exec(buffer)
      ) {
        const event = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary[0].length);
        const lines = event.split(/\r?\n/);
        const type =
          lines
            .find((line) => line.startsWith('event:'))
            ?.slice(6)
            .trim() ?? 'message';
        const data = lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (type === 'endpoint') {
          endpoint = new URL(data, url).href;
          onEndpoint?.();
        } else if (data.trim() !== '') {
          try {
            onMessage(JSON.parse(data) as JSONRPCMessage);
          } catch {
            // A malformed event is kept out of the received list; the schema scenario sees only messages.
          }
        }
      }
    }
  })();

  await new Promise<void>((resolve, reject) => {
    if (endpoint !== undefined) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`GET ${url} sent no endpoint event within ${timeoutMs} ms`)),
      timeoutMs,
    );
    onEndpoint = () => {
      clearTimeout(timer);
      resolve();
    };
  });

  return {
    kind: 'legacy-sse',
    received,
    get endpoint() {
      return endpoint ?? '';
    },
    async request(method: string, params?: JsonObject, options: RequestOptions = {}) {
      const { id, response: answer } = pending.register(method, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      await post(
        JSON.stringify(
          params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params },
        ),
      );
      return answer;
    },
    async notify(method: string, params?: JsonObject) {
      await post(
        JSON.stringify(
          params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params },
        ),
      );
    },
    async sendRaw(text: string): Promise<RawAnswer> {
      const before = loose.length;
      const { status, text: body } = await post(text);
      // A refused POST may carry the JSON-RPC error itself; an accepted one answers on the stream.
      const inBody: JSONRPCMessage[] = [];
      try {
        const parsed = body.trim() === '' ? undefined : (JSON.parse(body) as JSONRPCMessage);
        if (parsed !== undefined && typeof parsed === 'object') inBody.push(parsed);
      } catch {
        // Not JSON: the status alone tells what happened.
      }
      if (inBody.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      return { status, messages: [...inBody, ...loose.slice(before)] };
    },
    async close() {
      lifetime.abort();
    },
  };
}
