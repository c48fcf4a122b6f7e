import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONRPCMessage, JSONRPCRequest, JSONRPCResponse } from '@mcpkit/protocol';
import type { Channel, MockServerCore } from './mock-core.js';

export interface RunningMock {
  /** The endpoint the client is given, e.g. http://127.0.0.1:40123/mcp. */
  url: string;
  close(): Promise<void>;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** One SSE response stream: events get ids `<stream>-<n>`. */
class SseStream implements Channel {
  #count = 0;
  readonly #id = randomUUID().slice(0, 8);
  lastEventId: string | undefined;

  constructor(readonly response: ServerResponse) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  }

  #nextId(): string {
    this.lastEventId = `${this.#id}-${this.#count++}`;
    return this.lastEventId;
  }

  prime(retryMs: number): void {
    this.response.write(`id: ${this.#nextId()}\nretry: ${retryMs}\ndata: \n\n`);
  }

  send(message: JSONRPCMessage): void {
    this.response.write(`event: message\nid: ${this.#nextId()}\ndata: ${JSON.stringify(message)}\n\n`);
  }
}

/**
 * The mock server over Streamable HTTP on 127.0.0.1 (port 0). Records every HTTP request with its
 * headers; answers JSON, or SSE when it asks the client something; in the sse-retry behaviour it
 * breaks the first tools/list stream after a priming event and serves the answer to a GET that
 * resumes it.
 */
export async function startHttpMock(core: MockServerCore): Promise<RunningMock> {
  const log = core.log;
  let resumable: { lastEventId: string; answer: Promise<JSONRPCResponse> } | undefined;
  let brokeStream = false;

  async function handlePost(
    request: IncomingMessage,
    response: ServerResponse,
    headers: Record<string, string>,
  ) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readBody(request));
    } catch (error) {
      log.stderr.push(`mock: unparseable POST body: ${(error as Error).message}`);
      sendJson(response, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as JSONRPCMessage[];
    let first: JSONRPCRequest | undefined;
    for (const message of messages) {
      log.fromClient(message, { method: 'POST', headers });
      if (!('method' in message)) core.receiveResponse(message);
      else if ('id' in message) first ??= message;
    }
    if (first === undefined) {
      response.writeHead(202).end();
      return;
    }
    if (first.method === 'initialize') {
      log.sessionId = randomUUID().replaceAll('-', '');
      const answer = await core.answer(first, { send: () => undefined });
      log.toClient(answer);
      sendJson(response, 200, answer, { 'mcp-session-id': log.sessionId });
      return;
    }
    if (first.method === 'tools/list' && core.behaviour.sseRetryMs !== undefined && !brokeStream) {
      brokeStream = true;
      const stream = new SseStream(response);
      stream.prime(core.behaviour.sseRetryMs);
      resumable = { lastEventId: stream.lastEventId ?? '', answer: core.answer(first, stream) };
      response.end();
      log.http({
        kind: 'stream-closed',
        headers: {},
        lastEventId: stream.lastEventId,
        retryMs: core.behaviour.sseRetryMs,
      });
      return;
    }
    const asks = first.method === 'tools/list' && (core.behaviour.askDuringToolsList?.length ?? 0) > 0;
    if (!asks) {
      const answer = await core.answer(first, { send: () => undefined });
      log.toClient(answer);
      sendJson(response, 200, answer);
      return;
    }
    const stream = new SseStream(response);
    const answer = await core.answer(first, stream);
    log.toClient(answer);
    stream.send(answer);
    response.end();
  }

  async function handleGet(response: ServerResponse, headers: Record<string, string>) {
    const lastEventId = headers['last-event-id'];
    if (resumable === undefined || lastEventId === undefined) {
      log.http({ kind: 'get', headers, status: 405 });
      response.writeHead(405, { allow: 'POST, DELETE' }).end();
      return;
    }
    if (lastEventId !== resumable.lastEventId) {
      log.http({ kind: 'get', headers, status: 400 });
      sendJson(response, 400, { error: `Unknown Last-Event-ID ${lastEventId}` });
      return;
    }
    log.http({ kind: 'get', headers, status: 200 });
    const stream = new SseStream(response);
    const answer = await resumable.answer;
    resumable = undefined;
    log.toClient(answer);
    stream.send(answer);
    response.end();
  }

  const server = createServer((request, response) => {
    const headers = headersOf(request);
    const done = (error: unknown) => {
      log.stderr.push(
        `mock: ${request.method} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!response.headersSent) response.writeHead(500);
      response.end();
    };
    if (request.method === 'POST') handlePost(request, response, headers).catch(done);
    else if (request.method === 'GET') handleGet(response, headers).catch(done);
    else if (request.method === 'DELETE') {
      log.http({ kind: 'delete', headers, status: 200 });
      response.writeHead(200).end();
    } else response.writeHead(405).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
