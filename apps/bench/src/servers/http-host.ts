import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** How an HTTP bench server is configured. */
export interface HttpServerOptions {
  /** `stateful`: sessions with ids; `stateless`: a fresh server per request, no session. */
  sessions: 'stateful' | 'stateless';
  /** Answer POSTed requests with one JSON body or with an SSE stream. */
  response: 'json' | 'sse';
  /** `basic`: echo/big/progress tools; `wide`: 50 tools of 25 fields each (stateless only). */
  tools: 'basic' | 'wide';
  /** `2025`: the initialize handshake (2025-11-25); `2026`: the stateless 2026-07-28 revision. */
  wire: '2025' | '2026';
  /** @mcpkit/otel on (`--otel`; mcpkit only). */
  otel?: boolean;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** The path where every bench server reports its own CPU time, so drivers can attribute cost to the server. */
export const CPU_PATH = '/__cpu';
/**
 * The path where every bench server reports its memory after a full GC (when node runs with
 * --expose-gc): what stays resident, not the garbage of the last requests.
 */
export const MEMORY_PATH = '/__memory';
export const MCP_PATH = '/mcp';

export async function listenOnLoopback(handler: NodeHandler): Promise<RunningHttpServer> {
  const server = createServer((req, res) => {
    if (req.url === CPU_PATH) {
      const usage = process.cpuUsage();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ userMicros: usage.user, systemMicros: usage.system }));
      return;
    }
    if (req.url === MEMORY_PATH) {
      const gc = (globalThis as { gc?: () => void }).gc;
      for (let i = 0; gc !== undefined && i < 4; i++) gc();
      const { rss, heapUsed } = process.memoryUsage();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ rss, heapUsed, gc: gc !== undefined }));
      return;
    }
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      process.stderr.write(`bench server handler failed: ${String(error)}\n`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function parseHttpServerArgs(argv: string[]): HttpServerOptions {
  const value = (flag: string, fallback: string): string => {
    const index = argv.indexOf(flag);
    return index >= 0 && argv[index + 1] ? argv[index + 1]! : fallback;
  };
  const sessions = value('--sessions', 'stateful');
  const response = value('--response', 'json');
  const tools = value('--tools', 'basic');
  const wire = value('--wire', '2025');
  if (sessions !== 'stateful' && sessions !== 'stateless') throw new Error(`--sessions: got ${sessions}`);
  if (response !== 'json' && response !== 'sse') throw new Error(`--response: got ${response}`);
  if (tools !== 'basic' && tools !== 'wide') throw new Error(`--tools: got ${tools}`);
  if (wire !== '2025' && wire !== '2026') throw new Error(`--wire: got ${wire}`);
  return argv.includes('--otel')
    ? { sessions, response, tools, wire, otel: true }
    : { sessions, response, tools, wire };
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return process.argv[1] === fileURLToPath(moduleUrl);
}

/** Entry point shared by the HTTP server scripts: start, then announce the port on stdout. */
export async function runHttpServerMain(
  start: (options: HttpServerOptions) => Promise<RunningHttpServer>,
): Promise<void> {
  const running = await start(parseHttpServerArgs(process.argv.slice(2)));
  process.stdout.write(`PORT ${running.port}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void running.close().then(() => process.exit(0));
  });
}
