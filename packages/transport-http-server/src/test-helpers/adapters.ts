// Runs the handler tests on both adapters: the Web one (the handler called with a Request) and the
// node:http one (the same handler behind toNodeHandler on a real 127.0.0.1 socket, each test
// Request sent over the wire with exactly its method, path, headers and body, the answer turned
// back into a Response). Tests call `handler(request)` either way.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, beforeEach } from 'vitest';
import type { StreamableHttpHandler } from '../handler.js';
import { toNodeHandler } from '../node/index.js';
import type { ConnectionInfo } from '../options.js';

export type AdapterName = 'web' | 'node';
export const ADAPTERS: AdapterName[] = ['web', 'node'];

let current: AdapterName = 'web';
const servers: Server[] = [];

/** Registers hooks that select `adapter` for the tests of the enclosing describe and clean up. */
export function useAdapter(adapter: AdapterName): void {
  beforeEach(() => {
    current = adapter;
  });
  afterEach(async () => {
    current = 'web';
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
}

/** The adapter the running test uses. */
export function currentAdapter(): AdapterName {
  return current;
}

/** `handler` as the running test's adapter serves it. */
export function adapt(handler: StreamableHttpHandler): StreamableHttpHandler {
  return current === 'node' ? overNodeHttp(handler) : handler;
}

function overNodeHttp(handler: StreamableHttpHandler): StreamableHttpHandler {
  const nodeHandler = toNodeHandler(handler);
  const server = createServer((req, res) => void nodeHandler(req, res));
  servers.push(server);
  const listening = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  const send = async (request: Request, _connection?: ConnectionInfo): Promise<Response> =>
    sendOverHttp(await listening, request);
  return Object.defineProperties(send, {
    close: { value: (options?: { timeoutMs?: number }) => handler.close(options) },
    sessionCount: { get: () => handler.sessionCount },
    ready: { get: () => handler.ready },
    setReady: { value: (ready: boolean) => handler.setReady(ready) },
    sseBufferedBytes: { get: () => handler.sseBufferedBytes },
    getSession: { value: (id: string) => handler.getSession(id) },
  }) as StreamableHttpHandler;
}

function sendOverHttp(port: number, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: request.method, path: `${url.pathname}${url.search}`, headers },
      (res: IncomingMessage) => resolve(toResponse(res)),
    );
    outgoing.on('error', (error) => (request.signal.aborted ? undefined : reject(error)));
    request.signal.addEventListener('abort', () => outgoing.destroy(), { once: true });
    if (!request.body) {
      outgoing.end();
      return;
    }
    const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream);
    body.on('error', () => outgoing.destroy());
    body.pipe(outgoing);
  });
}

/** The answer as a Response; cancelling its body closes the connection, as fetch does. */
function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
    headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode ?? 0;
  const noBody = status === 204 || status === 304;
  const body = noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/** Polls `condition` (a request over a socket takes more than a tick) for up to about 10 s. */
export async function until(condition: () => boolean, what = 'the condition'): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
