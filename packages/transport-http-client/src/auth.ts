import { HttpTransportError } from './errors.js';
import { discardBody, type FetchLike } from './fetch.js';
import { errorFromResponse } from './http-helpers.js';

/** The head of an HTTP answer, as an auth provider sees it. */
export interface HttpAnswerHead {
  status: number;
  method: string;
  url: string;
  /** A header's value (name in any case), or undefined. */
  header(name: string): string | undefined;
}

/**
 * Authorization for the HTTP transports' requests, e.g. an OAuth client. Implement it
 * structurally: nothing of this package needs importing.
 */
export interface HttpAuthProvider {
  /** Headers for one request (Authorization, DPoP). Per request, because a DPoP proof binds method and URL. */
  headersFor(request: { method: string; url: string }): Promise<Record<string, string>>;
  /** A 401 or 403 answer: resolve true to send the same request again with fresh headers, false to fail it. */
  challenged(answer: HttpAnswerHead): Promise<boolean>;
  /** Optional: the head of every other answer (a DPoP-Nonce may rotate on a success). */
  answered?(answer: HttpAnswerHead): void;
}

/** Retries of one request after challenges in a row before it fails: a provider that keeps saying yes must not loop. */
export const MAX_AUTH_RETRIES = 3;

/**
 * Sends every request with the provider's headers, and sends it again (fresh headers, same body)
 * after a 401 or 403 the provider says it has dealt with; a challenge it declines, or one more
 * after 3 retries, fails the request with HTTP_STATUS naming the status and the WWW-Authenticate text.
 */
export function authorized(send: FetchLike, auth: HttpAuthProvider): FetchLike {
  return async (url, init = {}) => {
    const request = { method: init.method ?? 'GET', url: String(url) };
    // The provider's own failure (e.g. no token and no way to get one) is not a network failure.
    const ask = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpTransportError(
          'AUTH',
          `The auth provider failed for ${request.method} ${request.url}: ${reason}`,
          { ...request, cause: error },
        );
      }
    };
    for (let retries = 0; ; retries++) {
      const headers = { ...init.headers, ...(await ask(() => auth.headersFor(request))) };
      const response = await send(url, { ...init, headers });
      const { status } = response;
      const head: HttpAnswerHead = {
        ...request,
        status,
        header: (name) => response.headers.get(name) ?? undefined,
      };
      if (status !== 401 && status !== 403) {
        auth.answered?.(head);
        return response;
      }
      let retry: boolean;
      try {
        retry = retries < MAX_AUTH_RETRIES && (await ask(() => auth.challenged(head)));
      } catch (error) {
        // The challenge's body is read by no one now: drop it, or on the Node path the unread
        // answer keeps its kept-alive socket busy, and the process alive, after the transport closed.
        await discardBody(response);
        throw error;
      }
      if (!retry) {
        const why =
          retries === MAX_AUTH_RETRIES
            ? `still challenged after ${retries} retries`
            : 'the auth provider gave up';
        throw await errorFromResponse(response, request.method, request.url, `Authorization failed (${why})`);
      }
      await discardBody(response);
    }
  };
}
