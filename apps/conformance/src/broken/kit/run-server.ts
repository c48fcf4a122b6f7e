import process from 'node:process';
import type { Writable } from 'node:stream';
import type { McpServer, McpServerOptions } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { createBaselineServer } from './base-server.js';
import { type InterceptHooks, interceptTransport } from './intercept-transport.js';

type FetchHandler = (request: Request) => Promise<Response>;

/** How one broken server differs from the baseline; every field is optional and most set one. */
export interface BrokenServerSpec {
  /** Rewrites messages on every connection (stdio, an HTTP session, a 2026-07-28 request). */
  hooks?: InterceptHooks;
  /** Options the baseline server is built with (e.g. a tasks extension). */
  serverOptions?: Pick<McpServerOptions, 'tasksExtension'>;
  /** Changes the server after the baseline is built (e.g. its requestState codec). */
  adjustServer?: (server: McpServer) => void;
  /** Wraps the HTTP handler (e.g. to hide headers from the security gate). */
  wrapHandler?: (handler: FetchHandler) => FetchHandler;
  /** Where stdio output goes instead of stdout (e.g. a stream that re-frames it). */
  stdioOutput?: () => Writable;
  /** Runs once the stdio server is connected (e.g. to write something it must not). */
  afterStdioStart?: () => void;
  /** Transport when the command line names none. */
  defaultTransport: 'stdio' | 'http';
}

/**
 * Entry point of every broken server: `node dist/broken/<name>.js [--stdio | --http [--port N]]`.
 * Over HTTP it prints `MCP endpoint: <url>` on stdout once listening (port 0 by default).
 */
export async function runBrokenServer(spec: BrokenServerSpec, argv = process.argv.slice(2)): Promise<void> {
  const server = createBaselineServer(spec.serverOptions);
  spec.adjustServer?.(server);
  const reportError = (error: Error) => process.stderr.write(`broken fixture: ${error.message}\n`);
  const wrap = spec.hooks
    ? (t: Parameters<McpServer['connect']>[0]) => interceptTransport(t, spec.hooks ?? {})
    : undefined;
  const transportKind = argv.includes('--http')
    ? 'http'
    : argv.includes('--stdio')
      ? 'stdio'
      : spec.defaultTransport;
  if (transportKind === 'stdio') {
    const output = spec.stdioOutput?.();
    const transport = new StdioServerTransport(output ? { stdout: output } : {});
    transport.onerror = reportError;
    const session = await server.connect(wrap ? wrap(transport) : transport);
    session.addCloseListener(() => process.exit(0));
    spec.afterStdioStart?.();
    return;
  }
  const portIndex = argv.indexOf('--port');
  const port = portIndex >= 0 ? Number(argv[portIndex + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`--port expects an integer 0-65535, got ${argv[portIndex + 1]}`);
  }
  const handler = createStreamableHttpHandler({
    onSession: async (transport) => {
      await server.connect(wrap ? wrap(transport) : transport);
    },
    onerror: reportError,
  });
  const served = spec.wrapHandler
    ? Object.assign(spec.wrapHandler(handler), { close: () => handler.close() })
    : handler;
  const handle = await serve(served, { port, host: '127.0.0.1' });
  process.stdout.write(`MCP endpoint: ${new URL('/mcp', handle.url).href}\n`);
  const stop = () => void handle.close().then(() => process.exit(0), reportError);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
