import { AuthError } from './errors.js';

/** First wait after a failed call to the authorization server, in ms; it doubles per failure in a row. */
export const DEFAULT_FAILURE_BACKOFF_MS = 1_000;
/** Longest wait between calls to an authorization server that keeps failing, in ms. */
export const DEFAULT_FAILURE_BACKOFF_MAX_MS = 30_000;

/**
 * After a failed call to the authorization server (JWKS or introspection), no call goes out for a
 * while: doubling from `firstMs` up to `maxMs` while failures go on, reset by a success. Requests in
 * between get 503 at once, with the wait as Retry-After, so an outage costs the authorization
 * server one call per wait instead of one per request.
 */
export class FailureBackoff {
  readonly #firstMs: number;
  readonly #maxMs: number;
  readonly #now: () => number;
  #failures = 0;
  #until = 0;
  #lastError = '';

  constructor(firstMs: number, maxMs: number, now: () => number) {
    if (!(firstMs >= 0) || !(maxMs >= firstMs)) {
      throw new RangeError(`back-off bounds must satisfy 0 <= first <= max, got ${firstMs} and ${maxMs}`);
    }
    this.#firstMs = firstMs;
    this.#maxMs = maxMs;
    this.#now = now;
  }

  /** The refusal to throw instead of calling `what`, while a back-off runs; undefined otherwise. */
  refusal(what: string): AuthError | undefined {
    const waitMs = this.#until - this.#now();
    if (waitMs <= 0) return undefined;
    return new AuthError(
      'server_error',
      `${what} failed ${this.#failures} time(s) in a row (last: ${this.#lastError}); it is not asked again for ${Math.ceil(waitMs / 1000)} s`,
      { retryAfterSec: retryAfter(waitMs) },
    );
  }

  /** Records a failure; returns the Retry-After (seconds) the failing request's 503 carries. */
  failed(description: string): number {
    this.#failures++;
    this.#lastError = description;
    const waitMs = Math.min(this.#maxMs, this.#firstMs * 2 ** Math.min(this.#failures - 1, 30));
    this.#until = this.#now() + waitMs;
    return retryAfter(waitMs);
  }

  succeeded(): void {
    this.#failures = 0;
    this.#until = 0;
  }
}

function retryAfter(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
