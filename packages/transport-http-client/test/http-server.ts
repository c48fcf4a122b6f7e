// Test-only helpers: a real node:http server on 127.0.0.1 whose behaviour each test scripts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export type Route = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => unknown;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server on an ephemeral 127.0.0.1 port; `route` answers every request. */
export async function startServer(route: Route): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      if (body) json = JSON.parse(body);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        json,
      };
      requests.push(recorded);
      new Promise<unknown>((resolve) => resolve(route(req, res, recorded))).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`test route failed: ${String(error)}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function json(
  res: ServerResponse,
  body: unknown,
  headers: Record<string, string> = {},
  status = 200,
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export function openSse(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
  res.flushHeaders();
}

export function sseEvent(
  res: ServerResponse,
  event: { id?: string; data?: unknown; retry?: number; event?: string },
): void {
  let text = '';
  if (event.event) text += `event: ${event.event}\n`;
  if (event.id !== undefined) text += `id: ${event.id}\n`;
  if (event.retry !== undefined) text += `retry: ${event.retry}\n`;
  text += `data: ${event.data === undefined ? '' : typeof event.data === 'string' ? event.data : JSON.stringify(event.data)}\n\n`;
  res.write(text);
}

export function result(id: unknown, value: Record<string, unknown>): Record<string, unknown> {
  return { jsonrpc: '2.0', id, result: value };
}

export const initializeRequest = {
  jsonrpc: '2.0' as const,
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
};

/** Waits until `condition` holds, polling every 5 ms for at most `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
