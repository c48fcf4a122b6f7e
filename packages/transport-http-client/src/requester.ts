import { nodeFetch } from '#node-request';
import { authorized } from './auth.js';
import { applyMiddleware, defaultFetch, type FetchLike } from './fetch.js';
import type { HttpClientCommonOptions } from './streamable-http-options.js';

/**
 * How a transport sends its requests: a FetchLike, the package's own small request interface
 * (method, URL, headers, string body, signal in; status, header lookup, text or a byte stream
 * out). On Node, a keep-alive implementation of it over undici's dispatcher that builds no Web Headers, Request
 * or Response per call; everywhere else, and whenever the user brought a fetch, fetch layers or
 * fetch options, the user's (or the global) fetch. An auth provider wraps either.
 */
export function chooseFetch(options: HttpClientCommonOptions): FetchLike {
  const { fetch, middleware, auth } = options;
  const send =
    (!(fetch || middleware?.length || options.requestInit) && nodeFetch()) ||
    applyMiddleware(fetch ?? defaultFetch(), middleware);
  return auth ? authorized(send, auth) : send;
}

/** True for the Node path, which reads a LazyAbortController as it is (no AbortSignal built). */
export function takesAbortState(fetch: FetchLike): boolean {
  return fetch === nodeFetch();
}
