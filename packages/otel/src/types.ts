// What the instrumentation needs of a server and a client, declared here (where it is consumed) by
// shape rather than imported: `McpServer` of @mcpkit/server and `McpClient` of @mcpkit/client fit
// these interfaces (compat.test.ts checks it), and a user who instruments only a client installs no
// server. Nothing here is read that the middleware contract does not promise.

/** A JSON object as the instrumentation reads it (params, results, `_meta`). */
export type JsonObjectLike = { readonly [key: string]: unknown };

/** The one method of a `Headers` the server reads: `traceparent`/`tracestate` of an HTTP request. */
export interface HeaderLookup {
  /** The header's value, or null when the request has none. */
  get(name: string): string | null;
}

/**
 * How the handler of a request sends its client requests and notifications (a subset of the server's
 * `RequestContext`): the instrumentation replaces both for the request's duration to trace them.
 */
export interface OutgoingRequestContext {
  requestInput?(
    request: { readonly method: string; readonly params?: JsonObjectLike },
    options?: never,
  ): Promise<unknown>;
  sendNotification?(method: string, params: JsonObjectLike): Promise<void>;
}

/** What a server middleware learns about the request (a subset of `ServerMiddlewareContext`). */
export interface ServerCallContext {
  readonly method: string;
  readonly params: JsonObjectLike | undefined;
  readonly _meta: JsonObjectLike | undefined;
  readonly request: OutgoingRequestContext & {
    readonly protocolVersion?: string;
    readonly sessionId?: string;
    readonly requestId?: string | number | null;
    /** Transport facts; over HTTP `requestHeaders` holds the request's headers. */
    readonly extra?: { readonly requestHeaders?: HeaderLookup } | undefined;
  };
}

/** The outcome of a handled request, as far as the instrumentation reads it (`HandleOutcome`). */
export interface OutcomeLike {
  readonly type: string;
  readonly result?: JsonObjectLike;
  readonly error?: unknown;
}

/** A server middleware that passes every outcome through unchanged. */
export type ObservingServerMiddleware = <O extends OutcomeLike>(
  ctx: ServerCallContext,
  next: () => Promise<O>,
) => Promise<O>;

/**
 * What a server notification middleware learns about a notification (a subset of
 * `ServerNotificationContext`): its session, and whether the client sent it (`incoming`) or the
 * server sends it.
 */
export interface ServerNotificationContextLike {
  readonly method: string;
  /** The params; the instrumentation replaces a sent one's to add the trace context to `_meta`. */
  params: JsonObjectLike | undefined;
  readonly incoming: boolean;
  /**
   * False for a request the server sends through `session.context()` outside any request (its
   * `next()` settles with the client's answer); true, or absent on older servers, for a notification.
   */
  readonly notification?: boolean;
  readonly session: { readonly sessionId?: string; readonly protocolVersion?: string };
}

/**
 * A server middleware around notifications, and around the requests of `session.context()` outside
 * any request (`use(fn, { notifications: true })`).
 */
export type ObservingServerNotificationMiddleware = (
  ctx: ServerNotificationContextLike,
  next: () => Promise<void>,
) => Promise<void>;

/** A server session opening or closing (the contract's `onSession` event). */
export interface ServerSessionEventLike {
  readonly type: 'open' | 'close';
  readonly sessionId?: string;
  readonly protocolVersion: string;
  /** The transport that carries the session, e.g. `stdio` or `http`. */
  readonly transport?: string;
  readonly error?: Error;
}

/** A server the instrumentation can attach to: `McpServer` of @mcpkit/server. */
export interface InstrumentableServer {
  /** Adds a middleware around every request the server handles. */
  use(middleware: ObservingServerMiddleware, options?: { name?: string; notifications?: false }): unknown;
  /** Adds a middleware around every notification its sessions send and receive. */
  use(
    middleware: ObservingServerNotificationMiddleware,
    options: { name?: string; notifications: true },
  ): unknown;
  /** Subscribes to session open and close events; returns the unsubscribe function. */
  onSession(listener: (event: ServerSessionEventLike) => void): () => void;
}

/** What a client middleware learns about a request (a subset of `ClientMiddlewareContext`). */
export interface ClientCallContext {
  readonly method: string;
  /** True for a message the server sent (a middleware registered with `{ incoming: true }`). */
  readonly incoming?: boolean;
  /** The outgoing params; the instrumentation replaces them to add the trace context to `_meta`. */
  params: JsonObjectLike | undefined;
  readonly protocolVersion: string | undefined;
  readonly sessionId: string | undefined;
  /**
   * The request's JSON-RPC id, once the client sent it (read after `next()`; `jsonrpc.request.id`).
   * Optional: clients that do not tell it give spans without the attribute.
   */
  readonly requestId?: string | number;
}

/** A client middleware that passes every result through unchanged. */
export type ObservingClientMiddleware = <R extends JsonObjectLike>(
  ctx: ClientCallContext,
  next: () => Promise<R>,
) => Promise<R>;

/** A client session opening or closing (the contract's `onSession` event). */
export interface ClientSessionEventLike {
  readonly type: 'open' | 'close';
  readonly sessionId?: string;
  readonly protocolVersion: string;
  readonly error?: Error;
}

/** A client the instrumentation can attach to: `McpClient` of @mcpkit/client. */
export interface InstrumentableClient {
  /**
   * Adds a middleware around every request the client sends, or with `incoming: true` around every
   * request the server sends it; with `notifications: true` around notifications instead.
   */
  use(
    middleware: ObservingClientMiddleware,
    options?: { name?: string; incoming?: boolean; notifications?: boolean },
  ): unknown;
  /** Subscribes to session open and close events; returns the unsubscribe function. */
  onSession(listener: (event: ClientSessionEventLike) => void): () => void;
}
