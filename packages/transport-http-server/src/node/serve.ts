import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FetchHandler, type NodeHandlerOptions, toNodeHandler } from './adapter.js';

/** Options of `serve()`: port, host and the node:http adapter's options. */
export interface ServeOptions extends NodeHandlerOptions {
  /** Default 0: the system picks a free port (read it from the result). */
  port?: number;
  /** Default 127.0.0.1: local only, as the spec recommends for local servers. */
  host?: string;
  /**
   * How long `close()` waits, after the handler closed, for responses still being written (the
   * last events and ends of SSE streams) before it cuts the remaining connections (default 5 s).
   */
  closeTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open (default 65 s). Node's 5 s default races
   * clients that reuse a connection just as the server drops it ("other side closed"); MCP clients
   * pause between calls, so the longer window, common behind load balancers, avoids those failures.
   */
  keepAliveTimeoutMs?: number;
}

/** A running `serve()` server: the node:http server, its URL, host and port, and `close()`. */
export interface ServerHandle {
  server: Server;
  /** The bound address, e.g. `http://127.0.0.1:53211`. */
  url: URL;
  host: string;
  port: number;
  /** Closes the handler (if it can be closed: in-flight requests finish), then the HTTP server. */
  close(): Promise<void>;
}

/** Serves a fetch handler on node:http and resolves once it listens. */
export function serve(
  handler: FetchHandler & { close?: () => Promise<void> },
  options: ServeOptions = {},
): Promise<ServerHandle> {
  const nodeHandler = toNodeHandler(handler, options);
  // Responses still being written: close() lets them finish, so streams end cleanly, not cut.
  const writing = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const done = nodeHandler(req, res);
    writing.add(done);
    void done.finally(() => writing.delete(done));
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 65_000;
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        server,
        url: new URL(`http://${urlHost}:${address.port}`),
        host: address.address,
        port: address.port,
        async close() {
          await handler.close?.();
          const closed = new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
          });
          server.closeIdleConnections();
          await settledWithin([...writing], options.closeTimeoutMs ?? 5000);
          server.closeAllConnections();
          await closed;
        },
      });
    });
  });
}

/** Waits for every promise to settle, or for the deadline, whichever comes first. */
async function settledWithin(promises: Promise<unknown>[], timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.allSettled(promises), deadline]);
  clearTimeout(timer);
}
