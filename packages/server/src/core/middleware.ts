import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject } from '@mcpkit/protocol/essentials';
import type { ErrorInfo } from './core.js';
import type { HandleOutcome } from './dispatch.js';
import { type RequestContext, readOnlyMeta, requestMetaOf } from './request-context.js';

// The server's one interception mechanism: an onion of middleware around every request that
// reaches McpServer.handleNow, on every transport and revision. Kept in a module of its own: a
// server that registers none pays nothing on its requests (handleNow never comes here).

/** What a server middleware sees of one incoming request. */
export interface ServerMiddlewareContext {
  /** The JSON-RPC method, e.g. `tools/call`. */
  readonly method: string;
  /**
   * The request's params, `_meta` included. May be replaced before calling `next` (the core
   * validates what it gets, as it would a client's params).
   */
  params: JSONObject | undefined;
  /** The `_meta` of `params`, read-only (a frozen copy of its top level); undefined when none. */
  readonly _meta: Readonly<JSONObject> | undefined;
  /**
   * The request's context: `protocolVersion`, `sessionId`, `authInfo`, `requestId`, `clientInfo`,
   * `extra` (transport facts such as HTTP headers) and `signal`.
   */
  readonly request: RequestContext;
}

/**
 * Runs around every incoming request, first registered outermost. Call `next()` to go on inward
 * (at most once) and return its outcome, changed or not; return `{ type: 'result', result }` to
 * answer by itself; throw a `JsonRpcError` (or return `{ type: 'error', error }`) to refuse with
 * exactly that error. Anything else thrown is answered with -32603 naming the middleware.
 */
export type ServerMiddleware = (
  ctx: ServerMiddlewareContext,
  next: () => Promise<HandleOutcome>,
) => HandleOutcome | Promise<HandleOutcome>;

/** Options of `McpServer.use`. */
export interface ServerMiddlewareOptions {
  /** Names the middleware in the errors it causes (default: the function's name, else its position). */
  name?: string;
}

/** @internal One registered middleware with the name its errors carry. */
export interface MiddlewareEntry {
  readonly run: ServerMiddleware;
  readonly name: string;
}

/** @internal What the chain needs from the server. */
export interface MiddlewareHost {
  reportError(error: unknown, info: ErrorInfo): void;
}

/** @internal The entry `McpServer.use` appends: `position` is its index in the chain. */
export function middlewareEntry(
  run: ServerMiddleware,
  options: ServerMiddlewareOptions | undefined,
  position: number,
): MiddlewareEntry {
  if (typeof run !== 'function') {
    throw new TypeError(`McpServer.use: expected a function (ctx, next), got ${typeof run}`);
  }
  return { run, name: options?.name ?? (run.name || `#${position}`) };
}

/** @internal What the innermost `next()` calls: the core with the (possibly replaced) params. */
export type ChainTerminal = (params: JSONObject | undefined) => HandleOutcome | Promise<HandleOutcome>;

const TWICE = 'next() was called more than once; at most once is allowed';

/**
 * @internal Runs `chain` around `terminal` for one request. Never rejects: every failure of a
 * middleware is an error outcome naming it.
 */
export function runMiddleware(
  host: MiddlewareHost,
  chain: readonly MiddlewareEntry[],
  method: string,
  params: JSONObject | undefined,
  request: RequestContext,
  terminal: ChainTerminal,
): Promise<HandleOutcome> {
  // One per request while middleware is registered; `_meta` follows `params` when it is replaced.
  const context: ServerMiddlewareContext = {
    method,
    params,
    request,
    get _meta() {
      return readOnlyMeta(requestMetaOf(this.params));
    },
  };
  const enter = async (index: number): Promise<HandleOutcome> => {
    const entry = chain[index];
    if (entry === undefined) {
      // Handlers read the `_meta` of the params they are given.
      request._meta = requestMetaOf(context.params);
      return terminal(context.params);
    }
    let calls = 0;
    const next = (): Promise<HandleOutcome> => {
      if (++calls === 1) return enter(index + 1);
      const refused = Promise.reject(new Error(TWICE));
      // The answer says so (below); a middleware that drops this promise must not crash the process.
      refused.catch(() => undefined);
      return refused;
    };
    let failure: unknown;
    try {
      const outcome: unknown = await entry.run(context, next);
      if (calls > 1) failure = new Error(TWICE);
      else if (isOutcome(outcome)) return outcome;
      else
        failure = new TypeError(`it returned ${outcome === null ? 'null' : typeof outcome}, not an outcome`);
    } catch (error) {
      if (error instanceof JsonRpcError && calls < 2) return { type: 'error', error };
      failure = error;
    }
    host.reportError(failure, { method, sessionId: request.sessionId });
    const reason = failure instanceof Error ? failure.message : String(failure);
    const message = `Middleware '${entry.name}' failed: ${reason}`;
    return {
      type: 'error',
      error: new JsonRpcError(ErrorCode.InternalError, message, undefined, { cause: failure }),
    };
  };
  return enter(0);
}

function isOutcome(value: unknown): value is HandleOutcome {
  const outcome = value as { type?: unknown; result?: unknown; error?: unknown } | null | undefined;
  const type = outcome?.type;
  if (type === 'result') return typeof outcome!.result === 'object' && outcome!.result !== null;
  return type === 'error' ? outcome!.error instanceof JsonRpcError : type === 'input_required';
}
