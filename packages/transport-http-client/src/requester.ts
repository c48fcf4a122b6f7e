import { nodeRequester } from '#node-request';
import { authorized } from './auth.js';
import { applyMiddleware, defaultFetch, fetchRequester } from './fetch.js';
import type { HttpRequester } from './http-request.js';
import type { HttpClientCommonOptions } from './streamable-http-options.js';

/**
 * How a transport sends its requests. On Node, a keep-alive node:http path (no Web Request and
 * Response objects per call); everywhere else, and whenever the user brought a fetch, fetch
 * layers or fetch options, the user's (or the global) fetch. An auth provider wraps either.
 */
export function chooseRequester(options: HttpClientCommonOptions): HttpRequester {
  const { fetch, middleware } = options;
  const send =
    (!(fetch || middleware?.length || options.requestInit) && nodeRequester()) ||
    fetchRequester(applyMiddleware(fetch ?? defaultFetch(), middleware), options.requestInit);
  return options.auth ? authorized(send, options.auth) : send;
}
