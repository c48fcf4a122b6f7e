import { JsonRpcError, McpkitError } from '@mcpkit/jsonrpc';
import type { Implementation, JSONObject } from '@mcpkit/protocol';
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

/** The facts the chain gives each middleware besides method and params. */
export interface ClientRequestFacts {
  protocolVersion: string | undefined;
  sessionId: string | undefined;
  serverInfo: Implementation | undefined;
}

interface Layer {
  readonly middleware: ClientMiddleware;
  readonly name: string;
}

/** A rejection that came up from `next()`: passed on as is when a middleware rethrows it. */
const fromDownstream = new WeakSet<object>();

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
    method: string,
    params: JSONObject | undefined,
    facts: ClientRequestFacts,
    send: (params: JSONObject | undefined) => Promise<JSONObject>,
  ): Promise<JSONObject> {
    const layers = this.#layers;
    const ctx: ClientMiddlewareContext = {
      method,
      params,
      protocolVersion: facts.protocolVersion,
      sessionId: facts.sessionId,
      serverInfo: facts.serverInfo,
    };
    const dispatch = (index: number): Promise<JSONObject> => {
      const layer = layers[index];
      if (layer === undefined) return send(ctx.params);
      let called = false;
      const next = (): Promise<JSONObject> => {
        if (called) {
          return Promise.reject(
            new McpClientError(
              McpClientErrorCode.MiddlewareFailed,
              `Client middleware '${layer.name}' called next() twice for ${method}; a request is sent once per call of the chain`,
              { data: { middleware: layer.name, method } },
            ),
          );
        }
        called = true;
        return dispatch(index + 1).then(undefined, markDownstream);
      };
      let outcome: Promise<JSONObject>;
      try {
        outcome = layer.middleware(ctx, next);
      } catch (error) {
        return Promise.reject(middlewareFailure(error, layer.name, method));
      }
      return Promise.resolve(outcome).then(
        (result) => checkedResult(result, layer.name, method),
        (error: unknown) => {
          throw middlewareFailure(error, layer.name, method);
        },
      );
    };
    return dispatch(0);
  }
}

function markDownstream(error: unknown): never {
  if (typeof error === 'object' && error !== null) fromDownstream.add(error);
  throw error;
}

/** What a middleware's throw becomes: the SDK's errors and `next()`'s own rejection as they are. */
function middlewareFailure(error: unknown, name: string, method: string): unknown {
  if (
    error instanceof JsonRpcError ||
    error instanceof McpkitError ||
    error instanceof McpClientError ||
    (typeof error === 'object' && error !== null && fromDownstream.has(error))
  ) {
    return error;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new McpClientError(
    McpClientErrorCode.MiddlewareFailed,
    `Client middleware '${name}' failed on ${method}: ${reason}`,
    { cause: error, data: { middleware: name, method } },
  );
}

function checkedResult(result: unknown, name: string, method: string): JSONObject {
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) return result as JSONObject;
  throw new McpClientError(
    McpClientErrorCode.MiddlewareFailed,
    `Client middleware '${name}' resolved ${method} with ${result === null ? 'null' : typeof result} instead of a result object (did it forget to return next()?)`,
    { data: { middleware: name, method } },
  );
}
