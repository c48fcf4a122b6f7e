import type { JSONRPCMessage, JSONRPCRequest, JSONRPCResponse } from '@mcpkit/protocol';
import {
  answerServerRequest,
  envelopeFault,
  isResponse,
  type JsonObject,
  malformedResponseError,
  type RawAnswer,
  type Received,
  type RequestOptions,
  type Wire,
  wrongIdError,
} from './wire.js';

export interface HttpExchange {
  status: number;
  headers: Headers;
  messages: JSONRPCMessage[];
  /** The body when it was neither JSON nor SSE (or did not parse). */
  text?: string;
}

export interface HttpWire extends Wire {
  readonly kind: 'http';
  readonly url: string;
  sessionId?: string;
  /** Sent as MCP-Protocol-Version once known. */
  protocolVersion?: string;
  /** The last exchange of `request`/`notify`/`sendRaw`, for header and status checks. */
  last?: HttpExchange;
  /** One POST with exactly these headers and body (no session or version headers added). */
  post(body: string, headers: Record<string, string>): Promise<HttpExchange>;
  /** The headers `request` sends: content type, Accept, session id and protocol version, then `extra`. */
  headersFor(extra?: Record<string, string>): Record<string, string>;
  /**
   * Opens the standalone GET stream of a stateful session, where a server sends requests of its
   * own (e.g. roots/list right after initialization); they are answered over POST. Resolves once
   * the server accepted or refused it (a 405 means the server offers none: nothing to do).
   */
  listen(): Promise<void>;
  /** Why the GET stream ended early or could not be read, if it did. */
  readonly listenError?: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const ACCEPT = 'application/json, text/event-stream';

function parseSse(text: string): JSONRPCMessage[] {
  const messages: JSONRPCMessage[] = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data.trim() === '') continue;
    const parsed = JSON.parse(data) as JSONRPCMessage | JSONRPCMessage[];
    messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  }
  return messages;
}

async function readExchange(response: Response): Promise<HttpExchange> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const exchange: HttpExchange = { status: response.status, headers: response.headers, messages: [] };
  try {
    if (type.includes('text/event-stream')) exchange.messages = parseSse(text);
    else if (type.includes('application/json') && text.trim() !== '') {
      const parsed = JSON.parse(text) as JSONRPCMessage | JSONRPCMessage[];
      exchange.messages = Array.isArray(parsed) ? parsed : [parsed];
    } else if (text !== '') exchange.text = text.slice(0, 500);
  } catch {
    exchange.text = text.slice(0, 500);
  }
  return exchange;
}

/** Reads SSE events as they arrive until `done()` says the awaited response came, then lets go of the stream. */
async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: JSONRPCMessage) => Promise<void>,
  done: () => boolean,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!done()) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let boundary = /\r?\n\r?\n/.exec(buffer);
      while (boundary !== null) {
        const event = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary[0].length);
        for (const message of parseSse(`${event}\n\n`)) await onMessage(message);
        boundary = /\r?\n\r?\n/.exec(buffer);
      }
    }
  } finally {
    // A stream the server already closed rejects cancel(); there is nothing left to release then.
    await reader.cancel().catch((error: unknown) => error);
  }
}

/** Streamable HTTP, one POST per message; SSE response streams are read to their end. */
export function openHttpWire(url: string, defaultTimeoutMs = DEFAULT_TIMEOUT_MS): HttpWire {
  const received: Received[] = [];
  let nextId = 1;
  let gone: string | undefined;
  const listening = new AbortController();
  let listenError: string | undefined;

  /** fetch, noting a refused connection (the server is gone) and naming a timeout for what it is. */
  const send = async (init: RequestInit, what: string, timeoutMs: number): Promise<Response> => {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof TypeError && error.message === 'fetch failed') {
        const cause = (error as { cause?: unknown }).cause;
        gone = `the server stopped answering at ${url} (${cause instanceof Error ? cause.message : 'fetch failed'})`;
      }
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new Error(`no HTTP response to ${what} within ${timeoutMs} ms: the server sent nothing for it`);
      throw error;
    }
  };

  const post = async (body: string, headers: Record<string, string>, timeoutMs = defaultTimeoutMs) =>
    readExchange(await send({ method: 'POST', headers, body }, 'a POST', timeoutMs));

  const wire: HttpWire = {
    kind: 'http',
    url,
    received,
    get gone() {
      return gone;
    },
    get listenError() {
      return listenError;
    },
    async listen() {
      const { 'content-type': _none, ...headers } = wire.headersFor({ accept: 'text/event-stream' });
      // A server that never answers the GET must not hold the session up.
      const waited = setTimeout(() => listening.abort(), defaultTimeoutMs);
      const response = await fetch(url, { method: 'GET', headers, signal: listening.signal }).finally(() =>
        clearTimeout(waited),
      );
      if (
        !response.ok ||
        !(response.headers.get('content-type') ?? '').includes('text/event-stream') ||
        !response.body
      ) {
        await response.body?.cancel();
        return;
      }
      const onMessage = async (message: JSONRPCMessage) => {
        received.push({ message });
        if ('method' in message && 'id' in message) await answerOverPost(message as JSONRPCRequest);
      };
      // Read in the background for the session's life; close() aborts it.
      void readSseStream(response.body, onMessage, () => listening.signal.aborted).catch((error: unknown) => {
        if (!listening.signal.aborted) listenError = `the GET stream failed: ${String(error)}`;
      });
    },
    headersFor(extra: Record<string, string> = {}): Record<string, string> {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT };
      if (wire.sessionId) headers['mcp-session-id'] = wire.sessionId;
      if (wire.protocolVersion) headers['mcp-protocol-version'] = wire.protocolVersion;
      return { ...headers, ...extra };
    },
    post: (body, headers) => post(body, headers),
    async request(
      method: string,
      params?: JsonObject,
      options: RequestOptions = {},
    ): Promise<JSONRPCResponse> {
      const id = nextId++;
      const message =
        params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
      const response = await send(
        { method: 'POST', headers: wire.headersFor(options.headers), body: JSON.stringify(message) },
        `${method} (id ${id})`,
        options.timeoutMs ?? defaultTimeoutMs,
      );
      const session = response.headers.get('mcp-session-id');
      if (method === 'initialize' && session) wire.sessionId = session;
      const exchange: HttpExchange = { status: response.status, headers: response.headers, messages: [] };
      wire.last = exchange;
      let answer: JSONRPCResponse | undefined;
      const onMessage = async (item: JSONRPCMessage) => {
        exchange.messages.push(item);
        if (answer === undefined && isResponse(item) && (item.id === id || item.id === null)) {
          answer = item;
          received.push({ message: item, answers: method });
          return;
        }
        received.push({ message: item });
        // Answer while the stream stays open: the server may wait for it before it responds.
        if ('method' in item && 'id' in item) await answerOverPost(item as JSONRPCRequest);
      };
      if ((response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body) {
        await readSseStream(response.body, onMessage, () => answer !== undefined);
      } else {
        const read = await readExchange(response);
        if (read.text !== undefined) exchange.text = read.text;
        for (const item of read.messages) await onMessage(item);
      }
      const other = exchange.messages.find((item) => isResponse(item) && item.id !== id) as
        | JSONRPCResponse
        | undefined;
      if (answer === undefined && other !== undefined) throw wrongIdError(method, id, other);
      if (answer === undefined) {
        throw new Error(
          `${method}: HTTP ${exchange.status} carried no JSON-RPC response to id ${id}` +
            (exchange.text ? ` (body: ${exchange.text.slice(0, 200)})` : ''),
        );
      }
      const fault = envelopeFault(answer);
      if (fault !== undefined) throw malformedResponseError(method, id, fault, answer);
      return answer;
    },
    async notify(method: string, params?: JsonObject) {
      const message = params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
      wire.last = await post(JSON.stringify(message), wire.headersFor());
    },
    async sendRaw(text: string): Promise<RawAnswer> {
      const exchange = await post(text, wire.headersFor());
      wire.last = exchange;
      for (const message of exchange.messages) received.push({ message });
      return { status: exchange.status, messages: exchange.messages };
    },
    async close() {
      listening.abort();
      // A server that is gone has no session left to end.
      if (!wire.sessionId || gone !== undefined) return;
      const response = await send(
        { method: 'DELETE', headers: wire.headersFor() },
        'DELETE',
        defaultTimeoutMs,
      );
      await response.body?.cancel();
    },
  };

  async function answerOverPost(request: JSONRPCRequest): Promise<void> {
    let reply: unknown;
    try {
      reply = { jsonrpc: '2.0', id: request.id, result: answerServerRequest(request.method, request.params) };
    } catch (error) {
      reply = { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: String(error) } };
    }
    const headers = wire.headersFor();
    await post(JSON.stringify(reply), headers);
  }

  return wire;
}
