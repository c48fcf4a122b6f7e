import type { ConnectionInfo, StreamableHttpHandler } from '@mcpkit/transport-http-server';
import type { Context, MiddlewareHandler } from 'hono';

/** Options of {@link mcp}. */
export interface McpMiddlewareOptions {
  /**
   * What is known of the client's socket, for `maxSessionsPerAddress` and `clientAddress`. Default:
   * the address @hono/node-server puts in `c.env.incoming`; elsewhere pass e.g. Hono's `getConnInfo`
   * of your runtime: `(c) => ({ remoteAddress: getConnInfo(c).remote.address })`.
   */
  connection?: (c: Context) => ConnectionInfo | undefined;
}

/**
 * Hono middleware serving the MCP endpoint: `app.all('/mcp', mcp(handler))`. Hono hands over the
 * Web `Request` as is, so the handler's limits, DNS-rebinding protection (a non-local Host or
 * Origin gets 403) and SSE streams are exactly those of `serve()`, on every runtime Hono runs on.
 * The handler answers every request it is given (404 for a path that does not end with its
 * `endpoint`); mount it only on the routes it serves. Closing the handler is yours.
 */
export function mcp(handler: StreamableHttpHandler, options: McpMiddlewareOptions = {}): MiddlewareHandler {
  if (typeof handler !== 'function') {
    throw new TypeError('mcp(handler): expected the handler from createStreamableHttpHandler');
  }
  const connection = options.connection ?? nodeServerConnection;
  return (c) => handler(c.req.raw, connection(c));
}

/** @hono/node-server passes `{ incoming, outgoing }` as the env: the socket's address is there. */
function nodeServerConnection(c: Context): ConnectionInfo | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const remoteAddress = env?.incoming?.socket?.remoteAddress;
  return remoteAddress === undefined ? undefined : { remoteAddress };
}
