import type { SessionRecord, SessionStore } from '@mcpkit/transport-http-server';
import type { Redis } from 'ioredis';
import { attempt, failedStep } from './errors.js';

/** Key names and lifetime of the session records in Redis. */
export interface RedisSessionStoreOptions {
  /** Prepended to every key (default `mcpkit:`), so several deployments can share one Redis. */
  keyPrefix?: string;
  /**
   * A record not touched for this long expires in Redis (default 1 hour, twice the handler's default
   * idle timeout: the handler closes idle sessions itself; the TTL only cleans up after dead processes).
   */
  ttlMs?: number;
}

/** Default `ttlMs` of a session record: 1 hour after the last touch. */
export const DEFAULT_SESSION_TTL_MS = 60 * 60_000;

// Refreshes a record only if it still exists, so a touch never resurrects a deleted session.
const TOUCH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[3])
return 1`;

/**
 * Session records as one hash per session (`<prefix>session:<id>`: the record as JSON plus
 * `lastSeenAt`), expiring `ttlMs` after the last touch, and a sorted set of ids by `lastSeenAt`
 * (`<prefix>sessions:lastSeen`) so `idleSince` is one range query, never a key scan.
 */
export class RedisSessionStore implements SessionStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #index: string;

  constructor(redis: Redis, options: RedisSessionStoreOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? 'mcpkit:';
    this.#ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.#index = `${this.#prefix}sessions:lastSeen`;
  }

  get(id: string): Promise<SessionRecord | undefined> {
    return attempt(`get of session ${id}`, async () => {
      const [json, lastSeenAt] = await this.#redis.hmget(this.#key(id), 'record', 'lastSeenAt');
      if (json === null || json === undefined) return undefined;
      const record = JSON.parse(json) as SessionRecord;
      return { ...record, lastSeenAt: Number(lastSeenAt ?? record.lastSeenAt) };
    });
  }

  set(record: SessionRecord): Promise<void> {
    return attempt(`set of session ${record.id}`, async () => {
      const key = this.#key(record.id);
      await this.#redis
        .multi()
        .del(key)
        .hset(key, 'record', JSON.stringify(record), 'lastSeenAt', String(record.lastSeenAt))
        .pexpire(key, this.#ttlMs)
        .zadd(this.#index, record.lastSeenAt, record.id)
        // Ids seen last more than two TTLs ago expired long since (the margin covers clock skew
        // between processes); dropping them keeps the index bounded without a sweep.
        .zremrangebyscore(this.#index, '-inf', `(${record.lastSeenAt - 2 * this.#ttlMs}`)
        .exec()
        .then(failedStep);
    });
  }

  touch(id: string, now: number): Promise<void> {
    return attempt(`touch of session ${id}`, async () => {
      await this.#redis.eval(TOUCH, 2, this.#key(id), this.#index, String(now), String(this.#ttlMs), id);
    });
  }

  delete(id: string): Promise<void> {
    return attempt(`delete of session ${id}`, async () => {
      await this.#redis.multi().del(this.#key(id)).zrem(this.#index, id).exec().then(failedStep);
    });
  }

  idleSince(cutoff: number): Promise<string[]> {
    return attempt('idleSince on the session index', () =>
      this.#redis.zrangebyscore(this.#index, '-inf', `(${cutoff}`),
    );
  }

  #key(id: string): string {
    return `${this.#prefix}session:${id}`;
  }
}
