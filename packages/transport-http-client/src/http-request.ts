/**
 * One HTTP request as the transports make it: everything the two ways of sending one (fetch and
 * node:http) need, and nothing runtime-specific.
 */
export interface HttpRequest {
  method: string;
  url: string;
  /** Header names as given; values already resolved. */
  headers: Record<string, string>;
  /** A string, so that a request can be sent again as it was (auth challenges, redirects). */
  body?: string | undefined;
  signal: AbortSignal;
}

/** The answer to an HttpRequest: its head at once, its body read exactly once, in one of three ways. */
export interface HttpAnswer {
  readonly status: number;
  readonly statusText?: string | undefined;
  /** The URL that answered (after redirects). */
  readonly url: string;
  /** A header's value, or undefined; `name` in any case. A function property: it may be passed on unbound. */
  readonly header: (name: string) => string | undefined;
  /** The whole body, decoded as UTF-8; a second call gives the same text. */
  text(): Promise<string>;
  /** The body as it arrives, for SSE; stopping the iteration early releases the connection. */
  chunks(): AsyncIterable<Uint8Array>;
  /** Drops the body unread, without waiting for a server that keeps it open. */
  discard(): Promise<void>;
}

/** Sends one request. Rejects when no answer came (network failure, abort); any status resolves. */
export type HttpRequester = (request: HttpRequest) => Promise<HttpAnswer>;

/** Whether the answer's status is 2xx. */
export function isOk(answer: HttpAnswer): boolean {
  return answer.status > 199 && answer.status < 300;
}
