import type { AuthInfo } from '@mcpkit/jsonrpc';
import type { Reply } from './exchange.js';
import { rejection } from './http-errors.js';
import type { Awaitable } from './stores/types.js';

/** A token bucket: `burst` requests at once, refilled at `requestsPerSecond`. */
export interface RateLimitRule {
  requestsPerSecond: number;
  burst: number;
}

/** What one `take` decided. */
export interface RateLimitDecision {
  /** A token was taken: the request may go on. */
  allowed: boolean;
  /** Whole tokens left after this take. */
  remaining: number;
  /** Refused: milliseconds until one token is back (0 when allowed). */
  retryAfterMs: number;
  /** Milliseconds until the bucket is full again. */
  resetMs: number;
}

/**
 * Where buckets live; one per key. `take` must refill the bucket up to `now` and take one token in
 * one atomic step, so handlers sharing the store (several processes) never both spend the last one.
 */
export interface RateLimitStore {
  /** Refills `key`'s bucket for the time passed since its last request and takes one token, in one atomic step. */
  take(key: string, now: number, rule: RateLimitRule): Awaitable<RateLimitDecision>;
}

/** The `rateLimit` option. */
export interface RateLimitOptions extends RateLimitRule {
  /** Where buckets live (default an `InMemoryRateLimitStore`: one process only). */
  store?: RateLimitStore;
}

/** Default bound of `InMemoryRateLimitStore`: buckets held at once. */
export const DEFAULT_MAX_RATE_LIMIT_BUCKETS = 10_000;

/**
 * Buckets in a Map, bounded: a bucket back to full is the same as none, so idle ones are dropped as
 * later takes pass them, and past `maxBuckets` the least recently used goes (its key starts again
 * with a full bucket: with many more active keys than the bound, limiting gets looser, memory not larger).
 */
export class InMemoryRateLimitStore implements RateLimitStore {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #maxBuckets: number;

  constructor(options: { maxBuckets?: number } = {}) {
    this.#maxBuckets = options.maxBuckets ?? DEFAULT_MAX_RATE_LIMIT_BUCKETS;
  }

  /** Buckets held now. */
  get size(): number {
    return this.#buckets.size;
  }

  /** Refills `key`'s bucket and takes one token (see `RateLimitStore.take`). */
  take(key: string, now: number, rule: RateLimitRule): RateLimitDecision {
    const bucket = this.#buckets.get(key);
    const tokens = bucket ? refill(bucket.tokens, now - bucket.at, rule) : rule.burst;
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    // Deleted and set again: Map order is then least recently used first.
    this.#buckets.delete(key);
    this.#buckets.set(key, { tokens: left, at: now });
    this.#evict(now, rule);
    return decision(allowed, left, rule);
  }

  #evict(now: number, rule: RateLimitRule): void {
    // The two oldest: enough to keep pace with one new bucket per take.
    for (let i = 0; i < 2; i++) {
      const oldest = this.#buckets.entries().next();
      if (oldest.done) return;
      const [key, bucket] = oldest.value;
      const full = refill(bucket.tokens, now - bucket.at, rule) >= rule.burst;
      if (!full && this.#buckets.size <= this.#maxBuckets) return;
      this.#buckets.delete(key);
    }
  }
}

function refill(tokens: number, elapsedMs: number, rule: RateLimitRule): number {
  return Math.min(rule.burst, tokens + (Math.max(0, elapsedMs) * rule.requestsPerSecond) / 1000);
}

/** The decision for a bucket left with `tokens` (exported for stores that compute tokens elsewhere). */
export function decision(allowed: boolean, tokens: number, rule: RateLimitRule): RateLimitDecision {
  const perMs = rule.requestsPerSecond / 1000;
  return {
    allowed,
    remaining: Math.floor(tokens),
    retryAfterMs: allowed ? 0 : Math.ceil((1 - tokens) / perMs),
    resetMs: Math.ceil((rule.burst - tokens) / perMs),
  };
}

/**
 * The `rateLimit` check of one handler. Admitted requests take from their principal's bucket, else
 * their address's; requests that `authenticate` refuses take from their address's, and an address
 * whose bucket they emptied is refused before `authenticate` runs, until a token is back: a token
 * check can cost a call to the authorization server, so failed ones must not be free.
 */
export interface RateLimiter {
  /** The take of a request about to be served: undefined when it is not limited. */
  take(auth: AuthInfo | undefined, address: string | undefined): Promise<RateLimitOutcome | undefined>;
  /**
   * Before `authenticate`: the 429 for an address that refused requests left without tokens (no
   * store call; what this process learnt from its last failed take), else undefined.
   */
  refusedBefore(address: string | undefined): Reply | undefined;
  /** A request `authenticate` refused: counted against its address. */
  authenticationFailed(address: string | undefined): Promise<void>;
}

/** Checks the rule and builds the limiter once per handler. */
export function createRateLimiter(
  options: RateLimitOptions,
  now: () => number,
  onerror: (error: Error) => void,
): RateLimiter {
  const { requestsPerSecond, burst } = options;
  if (!(requestsPerSecond > 0) || !Number.isFinite(requestsPerSecond)) {
    throw new TypeError(
      `rateLimit.requestsPerSecond must be a positive finite number, got ${requestsPerSecond}`,
    );
  }
  if (!Number.isInteger(burst) || burst < 1) {
    throw new TypeError(`rateLimit.burst must be a whole number >= 1, got ${burst}`);
  }
  const rule = { requestsPerSecond, burst };
  const store = options.store ?? new InMemoryRateLimitStore();
  // Addresses refused before authenticate, until when; oldest first, bounded like the buckets.
  const blocked = new Map<string, number>();

  async function takeFor(key: string): Promise<RateLimitDecision | undefined> {
    try {
      return await store.take(key, now(), rule);
    } catch (error) {
      // Fails open: an outage of a shared store must not take every request down with it.
      onerror(new Error(`rate limit store failed for ${key}; the request was let through`, { cause: error }));
      return undefined;
    }
  }

  function refusal(who: string, retryAfter: number, headers: Record<string, string>, why = ''): Reply {
    return rejection(
      429,
      `Too Many Requests: rate limit of ${burst} requests, refilled at ${requestsPerSecond}/s, exceeded for ${who}${why}; retry in ${retryAfter} s`,
      {
        data: { limit: 'rateLimit', burst, requestsPerSecond, retryAfterSeconds: retryAfter },
        headers: { ...headers, 'retry-after': String(retryAfter) },
      },
    );
  }

  return {
    async take(auth, address) {
      // Per principal (client and user), else per address; a request with neither is not limited.
      const key = auth
        ? `principal:${auth.clientId}${auth.subject === undefined ? '' : `:${auth.subject}`}`
        : address === undefined
          ? undefined
          : `address:${address}`;
      if (key === undefined) return undefined;
      const taken = await takeFor(key);
      if (taken === undefined) return undefined;
      const headers = {
        'ratelimit-limit': String(burst),
        'ratelimit-remaining': String(taken.remaining),
        'ratelimit-reset': String(Math.ceil(taken.resetMs / 1000)),
      };
      if (taken.allowed) return { headers };
      const retryAfter = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
      const who = auth ? `principal ${auth.clientId}` : `address ${address}`;
      return { headers, refused: refusal(who, retryAfter, headers) };
    },
    refusedBefore(address) {
      if (address === undefined) return undefined;
      const until = blocked.get(address);
      if (until === undefined) return undefined;
      const waitMs = until - now();
      if (waitMs <= 0) {
        blocked.delete(address);
        return undefined;
      }
      const headers = { 'ratelimit-limit': String(burst), 'ratelimit-remaining': '0' };
      const why = ' by requests that authentication refused';
      return refusal(`address ${address}`, Math.max(1, Math.ceil(waitMs / 1000)), headers, why);
    },
    async authenticationFailed(address) {
      if (address === undefined) return;
      const taken = await takeFor(`address:${address}`);
      if (taken === undefined || taken.allowed) return;
      blocked.delete(address);
      blocked.set(address, now() + taken.retryAfterMs);
      if (blocked.size > DEFAULT_MAX_RATE_LIMIT_BUCKETS) blocked.delete(blocked.keys().next().value!);
    },
  };
}

/**
 * The headers every limited request gets, in the separate-field form of
 * draft-ietf-httpapi-ratelimit-headers-03 to -06 (`RateLimit-Limit`, `-Remaining`, `-Reset` in
 * seconds), the form most clients and gateways read; and the 429 when no token was left.
 */
export interface RateLimitOutcome {
  headers: Record<string, string>;
  refused?: Reply;
}
