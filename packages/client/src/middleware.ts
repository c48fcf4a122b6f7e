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

interface Layer {
  readonly middleware: ClientMiddleware;
  readonly name: string;
}

/**
 * The registered middleware, outermost first. `layers` is replaced, never changed in place, so a
 * request already inside the chain keeps the layers it started with.
 */
export class MiddlewareChain {
  #layers: readonly Layer[] = [];

  get isEmpty(): boolean {
    return this.#layers.length === 0;
  }

  add(middleware: ClientMiddleware, options: ClientMiddlewareOptions | undefined): void {
    const name = options?.name ?? (middleware.name || `#${this.#layers.length}`);
    this.#layers = [...this.#layers, { middleware, name }];
  }

  /** Runs the request through every layer; `send` puts the (possibly changed) params on the wire. */
  run(
    ctx: ClientMiddlewareContext,
    send: (params: JSONObject | undefined) => Promise<JSONObject>,
  ): Promise<JSONObject> {
    const layers = this.#layers;
    const method = ctx.method;
    const dispatch = (index: number): Promise<JSONObject> => {
      const layer = layers[index];
      if (layer === undefined) return send(ctx.params);
      let called = false;
      // What `next()` rejected with, passed on as is when the middleware rethrows it.
      let failedBelow = false;
      let below: unknown;
      const next = (): Promise<JSONObject> => {
        if (called) return Promise.reject(failure(layer.name, method, `called next() twice for ${method}`));
        called = true;
        return dispatch(index + 1).then(undefined, (error: unknown) => {
          failedBelow = true;
          below = error;
          throw error;
        });
      };
      // The executor turns a synchronous throw into a rejection like an async one.
      return new Promise<JSONObject>((resolve) => resolve(layer.middleware(ctx, next))).then(
        (result) => checkedResult(result, layer.name, method),
        (error: unknown) => {
          throw failedBelow && error === below ? error : middlewareFailure(error, layer.name, method);
        },
      );
    };
    return dispatch(0);
  }
}

/** What a middleware's own throw becomes: the SDK's errors as they are, anything else wrapped. */
function middlewareFailure(error: unknown, name: string, method: string): unknown {
  if (error instanceof JsonRpcError || error instanceof McpkitError || error instanceof McpClientError) {
    return error;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return failure(name, method, `failed on ${method}: ${reason}`, error);
}

function failure(name: string, method: string, problem: string, cause?: unknown): McpClientError {
  return new McpClientError(McpClientErrorCode.MiddlewareFailed, `Client middleware '${name}' ${problem}`, {
    cause,
    data: { middleware: name, method },
  });
}

function checkedResult(result: unknown, name: string, method: string): JSONObject {
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) return result as JSONObject;
  const got = result === null ? 'null' : typeof result;
  throw failure(
    name,
    method,
    `resolved ${method} with ${got} instead of a result object (did it forget to return next()?)`,
  );
}
