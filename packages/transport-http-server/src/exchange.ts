// The handler's own view of one HTTP exchange. Its logic reads requests and writes replies only
// through these interfaces, so each runtime needs a thin adapter and nothing more: the Web one
// (`Request` -> `Response`) and the node:http one (no Web objects per request, see src/node).

/** What `authenticate`, `clientAddress` and `onSession` see of a request: its head, no body. */
export interface HttpRequestHead {
  readonly method: string;
  /** The absolute URL, e.g. `http://localhost:3000/mcp?x=1`. */
  readonly url: string;
  /** The value of a header (name in lower case), several values joined by `, `; undefined if absent. */
  header(name: string): string | undefined;
}

/** Why a body could not be read: the reply that says so (413, or 400 for bytes that are not UTF-8). */
export type BodyRefusal = { refused: Reply };

/** One request as the handler consumes it. Everything not needed is never computed. */
export interface HttpExchange extends HttpRequestHead {
  /** The URL path without query, e.g. `/mcp`. */
  readonly path: string;
  /** Names of all headers, in lower case (to find `Mcp-Param-*`). */
  headerNames(): Iterable<string>;
  /** The headers as a Web `Headers` object, built on first use (for `MessageExtra.requestHeaders`). */
  webHeaders(): Headers;
  /** The body as UTF-8 text, refused past `limit` bytes or when it is not UTF-8; read once. */
  readText(limit: number): Promise<string | BodyRefusal>;
  /** Whether the client already went away. */
  readonly aborted: boolean;
  /** Calls `listener` once when the client goes away before the reply was complete (at once if it did). */
  onAbort(listener: () => void): void;
}

/** An early answer of `authenticate` (e.g. 401 with `WWW-Authenticate`), sent as is. */
export interface HttpReply {
  status: number;
  headers?: Record<string, string>;
  /** The body text; none when undefined. */
  body?: string;
}

/**
 * The reply the handler produces: a status, headers, and a body or an SSE event stream. A reply
 * owns its headers object (adapters may complete it in place).
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** An SSE response: the adapter connects it to the client (it may already hold events). */
  stream?: SseSource;
}

/** Where an SSE connection's bytes go: the adapter's side of the response. */
export interface SseSink {
  /** Writes one chunk; false when the client is not ready for more (the adapter then calls `ready()`). */
  write(chunk: string | Uint8Array): boolean;
  /** Ends the response normally. */
  end(): void;
  /** Cuts the response: it cannot complete (`error` says why). */
  destroy(error: Error): void;
}

/** An SSE response body as an adapter drives it. */
export interface SseSource {
  /** A Web stream of the events, for a `Response` body (the Web adapter). */
  readonly body: ReadableStream<Uint8Array>;
  /** Connects the response: what waits goes out now, the rest as it comes. */
  attach(sink: SseSink): void;
  /** The sink takes chunks again (e.g. node's 'drain'). */
  ready(): void;
  /** The client went away. */
  lost(): void;
}

/** Tells when the client went away; an `HttpExchange` is one. */
export interface AbortSource {
  onAbort(listener: () => void): void;
}

/** A reply without body. */
export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers };
}

/** A JSON reply of `value`. */
export function jsonReply(value: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}
