import type { RateLimitDecision, RateLimitRule, RateLimitStore } from '@mcpkit/transport-http-server';
import type { Redis } from 'ioredis';
import { attempt } from './errors.js';

/** Key names of the rate-limit buckets in Redis. */
export interface RedisRateLimitStoreOptions {
  /** Prepended to every key (default `mcpkit:`), so several deployments can share one Redis. */
  keyPrefix?: string;
}

// Refill to ARGV[1] and take one token in one step, so two processes never both spend the last
// one. A bucket expires when it would be full again: an absent bucket is a full one, so nothing is lost.
const TAKE = `
local now = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2]) / 1000
local burst = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
if tokens == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - tonumber(state[2])) * perMs)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perMs) + 1000)
return {allowed, tostring(tokens)}`;

/**
 * Token buckets shared by every handler on the same Redis (`<prefix>ratelimit:<key>`, a hash of
 * tokens and the time of the last take), for the handler's `rateLimit: { store }`. The clock is the
 * caller's `now`: keep the processes' clocks in sync (skew shifts refills, a clock going back refills nothing).
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, options: RedisRateLimitStoreOptions = {}) {
    this.#redis = redis;
    this.#prefix = `${options.keyPrefix ?? 'mcpkit:'}ratelimit:`;
  }

  /** Refills `key`'s bucket for the time passed and takes one token, atomically in Redis (one Lua script). */
  take(key: string, now: number, rule: RateLimitRule): Promise<RateLimitDecision> {
    return attempt(`rate-limit take for ${key}`, async () => {
      const [allowed, tokensText] = (await this.#redis.eval(
        TAKE,
        1,
        this.#prefix + key,
        String(now),
        String(rule.requestsPerSecond),
        String(rule.burst),
      )) as [number, string];
      const tokens = Number(tokensText);
      const perMs = rule.requestsPerSecond / 1000;
      return {
        allowed: allowed === 1,
        remaining: Math.floor(tokens),
        retryAfterMs: allowed === 1 ? 0 : Math.ceil((1 - tokens) / perMs),
        resetMs: Math.ceil((rule.burst - tokens) / perMs),
      };
    });
  }
}
