import { JsonRpcError, McpkitError } from '@mcpkit/jsonrpc';
import type { Implementation, JSONObject, RequestId } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';

/** What a client middleware sees of one outgoing request (one wire request: see `McpClient.use`). */
export interface ClientMiddlewareContext {
  /** The JSON-RPC method, e.g. `tools/call`, `initialize`, `server/discover`. */
  readonly method: string;
  /**
   * The outgoing params including `_meta` (under 2026-07-28 with the protocol envelope already in
   * it); may be replaced or changed before `next()`, which sends whatever this holds then.
   */
  params: JSONObject | undefined;
  /** The negotiated revision; undefined during the first handshake (`server/discover`, `initialize`). */
  readonly protocolVersion: string | undefined;
  /** The transport's session id (HTTP stateful sessions), when it has one. */
  readonly sessionId: string | undefined;
  /** The server's `serverInfo`, once the handshake told it. */
  readonly serverInfo: Implementation | undefined;
  /** The request's JSON-RPC id, set once the request is sent: read it after `await next()`. */
  readonly requestId?: RequestId;
}

/**
 * One layer of the client's onion chain: call `next()` (at most once) to send the request through
 * the inner layers and the wire, and return its result, or a result of your own without calling it.
 * Throwing rejects the call: `JsonRpcError` and the SDK's own errors pass as they are, anything else
 * is wrapped in an `McpClientError` MIDDLEWARE_FAILED that names the middleware.
 */
export type ClientMiddleware = (
  ctx: ClientMiddlewareContext,
  next: () => Promise<JSONObject>,
) => Promise<JSONObject>;

/** Options of `McpClient.use`. */
export interface ClientMiddlewareOptions {
  /** Names the middleware in errors (default: the function's name, else its position, e.g. `#0`). */
  name?: string;
}

/** A registered middleware and the name its errors give (see `ClientMiddlewareOptions.name`). */
export type MiddlewareLayer = readonly [middleware: ClientMiddleware, name: string];

/**
 * Runs one request through `layers` (outermost first); `send` puts the params the innermost layer
 * left in `ctx` on the wire. A layer's own throw is wrapped by `failed` unless it is an SDK error or
 * the very error its `next()` rejected with.
 */
export function runMiddleware(
  layers: readonly MiddlewareLayer[],
  ctx: ClientMiddlewareContext,
  send: (params: JSONObject | undefined) => Promise<JSONObject>,
): Promise<JSONObject> {
  const method = ctx.method;
  const dispatch = (index: number): Promise<JSONObject> => {
    const layer = layers[index];
    if (layer === undefined) return send(ctx.params);
    const [middleware, name] = layer;
    const failed = (problem: string, cause?: unknown) =>
      new McpClientError(McpClientErrorCode.MiddlewareFailed, `Client middleware '${name}' ${problem}`, {
        cause,
        data: { middleware: name, method },
      });
    let called = false;
    // What the layers below rejected with; `dispatch` (never thrown, never exposed) until they do.
    let below: unknown = dispatch;
    const next = (): Promise<JSONObject> => {
      if (called) return Promise.reject(failed(`called next() twice for ${method}`));
      called = true;
      return dispatch(index + 1).catch((error: unknown) => {
        below = error;
        throw error;
      });
    };
    // The executor turns a synchronous throw into a rejection like an async one.
    return new Promise<JSONObject>((resolve) => resolve(middleware(ctx, next))).then(
      (result) => {
        if (typeof result === 'object' && result !== null && !Array.isArray(result)) return result;
        throw failed(
          `resolved ${method} with ${result === null ? 'null' : typeof result} instead of a result object (did it forget to return next()?)`,
        );
      },
      (error: unknown) => {
        throw error === below ||
          error instanceof JsonRpcError ||
          error instanceof McpkitError ||
          error instanceof McpClientError
          ? error
          : failed(`failed on ${method}: ${error instanceof Error ? error.message : String(error)}`, error);
      },
    );
  };
  return dispatch(0);
}
