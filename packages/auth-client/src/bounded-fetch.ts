// Every HTTP exchange of this package (metadata GETs, registration and token POSTs) goes through
// `exchange`: one deadline for the answer and its body, a body read as a stream and cut off at a
// byte cap, and redirects handled here rather than by fetch (a token POST is never re-sent
// elsewhere; a metadata GET follows redirects on its own origin only).
import { OAuthClientError, type OAuthClientErrorCode } from './errors.js';
import type { AuthFetch, AuthFetchInit, AuthFetchResponse } from './http.js';

/** Default of `maxResponseBytes`: the largest answer body read, in bytes. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024;
/** Default of `requestTimeoutMs`: the longest one exchange (answer and body) may take. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Same-origin redirects a metadata GET follows in a row. */
const MAX_REDIRECTS = 5;

/** The fetch this package sends its requests with, and the bounds of each exchange. */
export interface AuthHttp {
  fetch: AuthFetch;
  /** The largest answer body read, in bytes; a longer one is refused without being read further. */
  maxResponseBytes: number;
  /** The longest one exchange may take, from the request to the answer's last byte, in milliseconds. */
  timeoutMs: number;
}

/** The bounds of an AuthHttp, as the options of OAuthClientProvider name them. */
export interface HttpBoundsOptions {
  /** The largest answer body read, in bytes; default `DEFAULT_MAX_RESPONSE_BYTES` (256 KiB). */
  maxResponseBytes?: number;
  /** The longest one exchange may take, answer and body, in milliseconds; default `DEFAULT_REQUEST_TIMEOUT_MS` (30 s). */
  requestTimeoutMs?: number;
}

/** An AuthHttp with the given bounds, else the defaults. */
export function authHttp(fetch: AuthFetch, options: HttpBoundsOptions = {}): AuthHttp {
  return {
    fetch,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  };
}

/** A request as this package makes it. */
export interface BoundedRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** How one exchange is judged. */
export interface ExchangePolicy {
  /** The error code of a failure (timeout, oversized body, refused redirect). */
  code: OAuthClientErrorCode;
  /** `same-origin`: follow redirects that stay on the origin (GETs); `refuse`: fail on any (POSTs with credentials). */
  redirects: 'same-origin' | 'refuse';
  /** Whether the body of an answer with this status is wanted; an unwanted one is dropped unread. */
  wantsBody(status: number): boolean;
}

/** An answer whose body (if wanted) was read whole, within the bounds. */
export interface BoundedAnswer {
  status: number;
  ok: boolean;
  /** The URL that answered (after same-origin redirects). */
  url: string;
  headers: AuthFetchResponse['headers'];
  /** The body as text; empty when it was not wanted. */
  text: string;
}

/** Drops a body nobody will read: cancelled (it may be endless), not read; a failure changes nothing. */
export async function dropBody(response: AuthFetchResponse): Promise<void> {
  const body = response.body as { cancel?: () => Promise<void>; destroy?: () => void } | null;
  if (typeof body?.cancel === 'function') await body.cancel().catch(() => undefined);
  // A Node stream (node-fetch) has no cancel:
  else if (typeof body?.destroy === 'function') body.destroy();
  else await response.text().catch(() => undefined);
}

/** Thrown inside an exchange when its deadline passes; turned into an OAuthClientError by `exchange`. */
class DeadlinePassed extends Error {}

/**
 * Sends one request and reads its answer within `http.timeoutMs`, its body up to
 * `http.maxResponseBytes`. Failures of the fetch itself (network, reset) are thrown as they are,
 * for the caller to judge; a timeout, an oversized body or a refused redirect is an
 * OAuthClientError with `policy.code`.
 */
export async function exchange(
  http: AuthHttp,
  request: BoundedRequest,
  policy: ExchangePolicy,
): Promise<BoundedAnswer> {
  const controller = new AbortController();
  // Rejects when the deadline passes: raced with every step, so a fetch that ignores `signal` cannot hang us either.
  const deadline = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new DeadlinePassed()), { once: true });
  });
  deadline.catch(() => undefined); // only the step it is raced with reports it
  const timer = setTimeout(() => controller.abort(), http.timeoutMs);
  let url = request.url;
  try {
    for (let redirects = 0; ; redirects++) {
      const init: AuthFetchInit = {
        method: request.method,
        headers: request.headers,
        signal: controller.signal,
        // Followed (or refused) below: fetch would re-send a 307/308 POST, body and all, to any origin.
        redirect: 'manual',
      };
      if (request.body !== undefined) init.body = request.body;
      const response = await Promise.race([http.fetch(url, init), deadline]);
      const next = redirectTarget(response, url);
      if (next === undefined) {
        checkLanded(response, url, request.method, policy.code);
        const text = policy.wantsBody(response.status)
          ? await readCapped(response, url, request.method, http.maxResponseBytes, policy.code, deadline)
          : await dropBody(response).then(() => '');
        const { status, ok, headers } = response;
        return { status, ok, url, headers, text };
      }
      await dropBody(response);
      url = followable(next, url, request.method, response.status, policy, redirects);
    }
  } catch (error) {
    if (!(error instanceof DeadlinePassed) && !controller.signal.aborted) throw error;
    throw new OAuthClientError(
      policy.code,
      `${request.method} ${url} did not complete within ${http.timeoutMs} ms (requestTimeoutMs): ` +
        'no answer, or not all of it',
      { url, cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Where a redirect answer points (`null` when the runtime hides it, as a browser's opaque redirect does), else undefined. */
function redirectTarget(response: AuthFetchResponse, url: string): URL | null | undefined {
  if (response.status === 0) return null; // a browser's "opaqueredirect" under redirect: 'manual'
  if (response.status < 300 || response.status > 399) return undefined;
  const location = response.headers.get('location');
  return location === null ? undefined : new URL(location, url);
}

/** The next URL of a redirect the policy allows, else a precise refusal. */
function followable(
  next: URL | null,
  url: string,
  method: string,
  status: number,
  policy: ExchangePolicy,
  redirects: number,
): string {
  const where = next === null ? 'a place the runtime does not reveal' : next.href;
  const from = new URL(url).origin;
  let why: string | undefined;
  if (policy.redirects === 'refuse') {
    why = 'the request carries credentials or a single-use code, so it is never re-sent elsewhere';
  } else if (next === null || next.origin !== from) {
    why = `metadata is only read from the origin it is looked up at (${from})`;
  } else if (redirects === MAX_REDIRECTS) {
    why = `more than ${MAX_REDIRECTS} redirects in a row`;
  }
  if (why === undefined) return (next as URL).href;
  throw new OAuthClientError(
    policy.code,
    `${method} ${url} answered a redirect (HTTP ${status}) to ${where}, not followed: ${why}`,
    { url, status, actual: next?.href },
  );
}

/** A fetch that followed a redirect despite `redirect: 'manual'` is caught here, after the fact. */
function checkLanded(response: AuthFetchResponse, url: string, method: string, code: OAuthClientErrorCode) {
  const landed = response.url;
  if (typeof landed !== 'string' || landed === '' || new URL(landed).origin === new URL(url).origin) return;
  throw new OAuthClientError(
    code,
    `${method} ${url} was answered by ${landed}: the fetch followed a redirect to another origin ` +
      `although asked not to (redirect: 'manual'); its answer is not used`,
    { url, actual: landed },
  );
}

/** Reads a body as text, refusing it as soon as it passes `limit` bytes (declared or counted). */
async function readCapped(
  response: AuthFetchResponse,
  url: string,
  method: string,
  limit: number,
  code: OAuthClientErrorCode,
  deadline: Promise<never>,
): Promise<string> {
  const tooLarge = (what: string) =>
    new OAuthClientError(
      code,
      `${method} ${url} answered a body of ${what}, more than the ${limit} bytes allowed (maxResponseBytes): not read further`,
      { url, status: response.status, expected: `at most ${limit} bytes` },
    );
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await dropBody(response);
    throw tooLarge(`${declared} bytes (Content-Length)`);
  }
  const body = response.body as ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> | null;
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  if (body !== null && typeof (body as ReadableStream<Uint8Array>).getReader === 'function') {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    try {
      for (;;) {
        const { done, value } = await Promise.race([reader.read(), deadline]);
        if (done) return text + decoder.decode();
        bytes += value.byteLength;
        if (bytes > limit) throw tooLarge(`over ${bytes} bytes so far`);
        text += decoder.decode(value, { stream: true });
      }
    } catch (error) {
      // Cancelling closes the connection: the server stops sending what nobody will read.
      await reader.cancel().catch(() => undefined);
      throw error;
    }
  }
  if (body !== null && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    const chunks = (body as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
    try {
      for (;;) {
        const { done, value } = await Promise.race([chunks.next(), deadline]);
        if (done) return text + decoder.decode();
        const chunk = typeof value === 'string' ? new TextEncoder().encode(value) : value;
        bytes += chunk.byteLength;
        if (bytes > limit) throw tooLarge(`over ${bytes} bytes so far`);
        text += decoder.decode(chunk, { stream: true });
      }
    } catch (error) {
      await chunks.return?.().catch(() => undefined); // a Node stream is destroyed
      throw error;
    }
  }
  // A fetch whose responses have no readable body: read whole, then judged.
  text = await Promise.race([response.text(), deadline]);
  bytes = new TextEncoder().encode(text).byteLength;
  if (bytes > limit) throw tooLarge(`${bytes} bytes`);
  return text;
}
