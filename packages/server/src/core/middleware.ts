import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject } from '@mcpkit/protocol/essentials';
import type { ServerCore } from './core.js';
import { type CoreRequest, type HandleOutcome, handleRequestNow, resultOutcome } from './dispatch.js';
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
   * `extra` (transport facts such as HTTP headers) and `signal`. Everything the handler sends its
   * client while the request runs goes through two of its methods: `requestInput` (sampling,
   * elicitation, roots; under 2026-07-28 answered from the request's `inputResponses`, not sent) and
   * `sendNotification` (progress, log messages). A middleware may replace them on this object
   * before `next()` to see, time or change those messages (e.g. add trace context to their
   * `_meta`); the replacement lasts as long as the request.
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
  /**
   * Runs the middleware (a `ServerNotificationMiddleware`) around notifications instead of
   * requests, both ways: those the server sends (list changes, resource updates, log messages,
   * progress, the peer's own `notifications/cancelled`) and, with `ctx.incoming` true, those the
   * client sends (`notifications/initialized`, roots list changes, cancellations, progress).
   * Default false.
   */
  notifications?: boolean;
}

/** @internal One registered middleware with the name its errors carry. */
export interface MiddlewareEntry {
  readonly run: ServerMiddleware;
  readonly name: string;
}

const TWICE = 'next() was called twice (at most once)';

/**
 * @internal Runs `chain` around the core for one request. Never throws or rejects: every failure of
 * a middleware is an error outcome naming it, and a middleware's own 2026-07-28 answer is completed
 * (resultType, serverInfo, cache hints) as the core's are. Not async, and each layer settles
 * through one `.then` on what its middleware returned: with an observing middleware that returns
 * `next()`'s promise the chain costs two promises per request (the one `next()` hands out and that
 * `.then`), where async frames cost seven, each dearer once an AsyncLocalStorage has run.
 */
export function runMiddleware(
  core: ServerCore,
  chain: readonly MiddlewareEntry[],
  request: CoreRequest,
  ctx: RequestContext,
): HandleOutcome | Promise<HandleOutcome> {
  const method = request.method;
  // One per request while middleware is registered; `_meta` follows `params` when it is replaced.
  const context: ServerMiddlewareContext = {
    method,
    params: request.params,
    request: ctx,
    get _meta() {
      return readOnlyMeta(requestMetaOf(this.params));
    },
  };
  const enter = (index: number): HandleOutcome | Promise<HandleOutcome> => {
    const entry = chain[index];
    if (entry === undefined) {
      const params = context.params;
      // Handlers read the `_meta` of the params they are given.
      ctx._meta = requestMetaOf(params);
      return handleRequestNow(core, { method, params }, ctx);
    }
    let calls = 0;
    const failed = (failure: unknown): HandleOutcome => {
      let error = failure;
      if (!(failure instanceof JsonRpcError && calls < 2)) {
        core.reportError(failure, { method, sessionId: ctx.sessionId });
        const reason = failure instanceof Error ? failure.message : String(failure);
        error = new JsonRpcError(
          ErrorCode.InternalError,
          `Middleware '${entry.name}' failed: ${reason}`,
          undefined,
          {
            cause: failure,
          },
        );
      }
      return { type: 'error', error: error as JsonRpcError };
    };
    // The type allows no other values, but JavaScript callers may return anything.
    const settle = (outcome: HandleOutcome | null | undefined): HandleOutcome => {
      const type = outcome?.type;
      if (calls > 1) return failed(new Error(TWICE));
      if (
        type === 'result'
          ? typeof outcome!.result === 'object' && outcome!.result !== null
          : type === 'error'
            ? outcome!.error instanceof JsonRpcError
            : type === 'input_required'
      )
        // The outermost layer completes the answer, whichever layer gave it.
        return index === 0 && type === 'result'
          ? resultOutcome(core, request, ctx, outcome!.result)
          : outcome!;
      return failed(
        new TypeError(`it returned ${outcome === null ? 'null' : typeof outcome}, not an outcome`),
      );
    };
    let returned: HandleOutcome | Promise<HandleOutcome>;
    try {
      returned = entry.run(context, () => {
        // A promise from below is handed on as it is (Promise.resolve returns it).
        if (++calls < 2) return Promise.resolve(enter(index + 1));
        const refused = Promise.reject(new Error(TWICE));
        // The answer says so (settle); a middleware that drops this promise must not crash the process.
        refused.catch(() => undefined);
        return refused;
      });
    } catch (error) {
      return failed(error);
    }
    // A promise (or a thenable, e.g. another realm's) settles through one `.then`; a plain
    // outcome is checked at once.
    return typeof (returned as Partial<PromiseLike<HandleOutcome>> | null)?.then === 'function'
      ? Promise.resolve(returned).then(settle, failed)
      : settle(returned as HandleOutcome);
  };
  return enter(0);
}
