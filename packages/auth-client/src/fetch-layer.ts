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
        if (await provider.challenged(head)) {
          // The refused answer's body is not needed; a failure to drain it changes nothing.
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
