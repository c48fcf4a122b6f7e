import type { Transport } from '@mcpkit/jsonrpc';
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
  /**
   * The request's JSON-RPC id: for an outgoing request set once it is sent (read it after
   * `await next()`); for an incoming one (`incoming`), the server's id from the start.
   */
  readonly requestId?: RequestId;
  /**
   * True for a request the server sent this client (`sampling/createMessage`, `elicitation/create`,
   * `roots/list`, `ping`), seen by middleware registered with `{ incoming: true }`: `next()` runs the
   * client's handler and resolves with the answer the server will get.
   */
  readonly incoming?: boolean;
  /** True for a notification (seen by middleware registered with `{ notifications: true }`). */
  readonly notification?: boolean;
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
  /**
   * Runs the middleware around the requests the server sends this client (sampling, elicitation,
   * roots, ping; each wire request once) instead of the ones it sends: `ctx.incoming` is true and
   * `next()` runs the client's handler. A throw answers the server with an error (a `JsonRpcError`
   * as it is, anything else as MIDDLEWARE_FAILED naming the middleware). Default false.
   */
  incoming?: boolean;
  /**
   * Runs the middleware around notifications instead of requests: those the client sends
   * (`notifications/initialized`, `notifications/roots/list_changed`, `notify`), or with `incoming`
   * those the server sends (progress, log messages, list changes, resource updates, ...), where it
   * may change the params the client's handlers get. `ctx.notification` is true; `next()` resolves
   * to `{}` once the notification is written (sent) or dispatched to the client's handlers
   * (received), and a middleware that does not call it drops the notification. A failure of a sent
   * notification's middleware rejects the send; of a received one's, is reported to `onerror`.
   * The peer's own `notifications/cancelled` (a timeout, an aborted request) passes it too. Default false.
   */
  notifications?: boolean;
}

/** A registered middleware and the name its errors give (see `ClientMiddlewareOptions.name`). */
export type MiddlewareLayer = readonly [middleware: ClientMiddleware, name: string];

/** Stands for "not settled yet" in the race that tells whether an error came from below. */
const PENDING = Symbol('pending');

/**
 * Runs one request through `layers` (outermost first); `send` puts the params the innermost layer
 * left in `ctx` on the wire. A layer's own throw is wrapped by `failed` unless it is an SDK error or
 * the very error its `next()` rejected with. Each layer costs one `.then` on what its middleware
 * returned (a middleware that returns `next()` unchanged costs just that): no executor, and no
 * wrapper around `next()`'s promise, since whether an error came from below is asked of that
 * promise only when a middleware failed.
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
    // What `next()` handed out, once it was called.
    let below: Promise<JSONObject> | undefined;
    const next = (): Promise<JSONObject> => {
      if (called) return Promise.reject(failed(`called next() twice for ${method}`));
      called = true;
      below = dispatch(index + 1);
      return below;
    };
    let returned: unknown;
    try {
      returned = middleware(ctx, next);
    } catch (error) {
      // A synchronous throw is treated like an async one.
      returned = Promise.reject(error);
    }
    // Promise.resolve hands a native promise back as it is: the `.then` is the layer's one promise.
    return Promise.resolve(returned as JSONObject | Promise<JSONObject>).then(
      (result) => {
        if (typeof result === 'object' && result !== null && !Array.isArray(result)) return result;
        throw failed(
          `resolved ${method} with ${result === null ? 'null' : typeof result} instead of a result object (did it forget to return next()?)`,
        );
      },
      (error: unknown) => {
        if (
          error instanceof JsonRpcError ||
          error instanceof McpkitError ||
          error instanceof McpClientError
        ) {
          throw error;
        }
        const wrapped = failed(
          `failed on ${method}: ${error instanceof Error ? error.message : String(error)}`,
          error,
        );
        if (below === undefined) throw wrapped;
        // An error from below has already rejected `below`: raced with a plain value, a settled
        // promise wins (its reaction is queued first), a pending one loses.
        return Promise.race([below, PENDING]).then(
          () => {
            throw wrapped;
          },
          (reason: unknown) => {
            throw reason === error ? error : wrapped;
          },
        );
      },
    );
  };
  return dispatch(0);
}

/**
 * The client's two chains (`McpClient.use`): around the requests it sends, and around the ones the
 * server sends it (`{ incoming: true }`). Each list is replaced, not changed in place, on `add`: a
 * request inside a chain keeps the layers it started with.
 */
export class MiddlewareChains {
  outgoing: readonly MiddlewareLayer[] = [];
  incoming: readonly MiddlewareLayer[] = [];
  /** `{ notifications: true }`: around the notifications the client sends. */
  sentNotifications: readonly MiddlewareLayer[] = [];
  /** `{ notifications: true, incoming: true }`: around the notifications the server sends. */
  receivedNotifications: readonly MiddlewareLayer[] = [];

  add(middleware: ClientMiddleware, options: ClientMiddlewareOptions | undefined): void {
    const key =
      options?.notifications === true
        ? options.incoming === true
          ? 'receivedNotifications'
          : 'sentNotifications'
        : options?.incoming === true
          ? 'incoming'
          : 'outgoing';
    const layers = this[key];
    this[key] = [...layers, [middleware, options?.name ?? (middleware.name || `#${layers.length}`)] as const];
  }

  /**
   * Runs a request the server sent through the incoming layers, `answer` being the client's
   * handler (`ping` is answered here); straight to it when there are none (nothing allocated).
   */
  runIncoming(
    method: string,
    params: JSONObject | undefined,
    requestId: RequestId,
    session: {
      readonly protocolVersion: string | undefined;
      readonly serverInfo: Implementation | undefined;
    },
    transport: Transport,
    answer: (params: JSONObject | undefined) => Promise<JSONObject>,
  ): JSONObject | Promise<JSONObject> {
    const layers = this.incoming;
    if (layers.length === 0) return method === 'ping' ? {} : answer(params);
    const ctx: ClientMiddlewareContext = {
      method,
      params,
      protocolVersion: session.protocolVersion,
      sessionId: transport.sessionId,
      serverInfo: session.serverInfo,
      requestId,
      incoming: true,
    };
    return runMiddleware(layers, ctx, (sent) => (method === 'ping' ? Promise.resolve({}) : answer(sent)));
  }
}
