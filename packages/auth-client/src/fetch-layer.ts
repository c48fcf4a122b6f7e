import { dropBody } from './bounded-fetch.js';
import { type AuthFetch, type AuthFetchInit, answerHead, type HttpAuthProvider } from './http.js';

/** Retries of one request after 401/403 challenges (authorization, step-up, DPoP nonce); the provider limits further. */
const MAX_CHALLENGE_RETRIES = 4;

/**
 * A fetch layer that runs an HttpAuthProvider around every request, for transports that take
 * fetch layers (`fetchLayers: [authFetchLayer(provider)]`) or a `fetch` option
 * (`fetch: authFetchLayer(provider)(fetch)`).
 */
export function authFetchLayer(provider: HttpAuthProvider): (next: AuthFetch) => AuthFetch {
  return (next) => async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const target = String(url);
    for (let attempt = 0; ; attempt++) {
      const headers = { ...init?.headers, ...(await provider.headersFor({ method, url: target })) };
      const request: AuthFetchInit = { ...init, headers };
      const response = await next(url, request);
      const head = answerHead(response, method, target);
      if ((response.status === 401 || response.status === 403) && attempt < MAX_CHALLENGE_RETRIES) {
        let retry: boolean;
        try {
          retry = await provider.challenged(head);
        } catch (error) {
          // Nobody reads the challenge now: dropped, so that its connection is freed (an unread
          // answer of a node:http based fetch keeps its socket, and the process, alive).
          await dropBody(response);
          throw error;
        }
        if (retry) {
          // Read to its end, so that the connection is kept for the retry; a failure changes nothing.
          await response.text().catch(() => undefined);
          continue;
        }
        return response;
      }
      provider.answered?.(head);
      return response;
    }
  };
}
