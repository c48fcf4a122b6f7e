import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { EventStore, Replay, StreamOrigin } from '@mcpkit/transport-http-server';
import type { Redis } from 'ioredis';
import { attempt } from './errors.js';
import { isAlive, markAlive } from './liveness.js';

/** Bounds of the SSE history kept in Redis (defaults in SECURITY.md's Limits table). */
export interface RedisEventStoreOptions {
  /** Prepended to every key (default `mcpkit:`). */
  keyPrefix?: string;
  /** Events kept per stream, approximately (`XADD MAXLEN ~`: at least this many; default 256). */
  maxEventsPerStream?: number;
  /** Streams kept per session; the least recently written is dropped first (default 64). */
  maxStreamsPerSession?: number;
  /** A stream not written for this long expires in Redis (default 5 minutes). */
  ttlMs?: number;
}

/** Default `maxEventsPerStream`, the same as the in-memory store's. */
export const DEFAULT_MAX_EVENTS_PER_STREAM = 256;
/** Default `maxStreamsPerSession`, the same as the in-memory store's. */
export const DEFAULT_MAX_STREAMS_PER_SESSION = 64;
/** Default `ttlMs` of a stream's history, the same as the in-memory store's. */
export const DEFAULT_EVENT_TTL_MS = 5 * 60_000;

/** Appended to a stream's key for the key of its origin (what the POST stream answers). */
const ORIGIN_SUFFIX = ':origin';

// KEYS: stream, session index, stream origin. ARGV: payload, maxlen, ttl ms, max streams, stream id,
// stream key prefix. The index scores streams by their last write (Redis time), so the oldest go first.
const APPEND = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'm', ARGV[1])
local ttl = tonumber(ARGV[3])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
local ms = tonumber(string.match(id, '^(%d+)'))
redis.call('ZADD', KEYS[2], ms, ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. (ms - ttl))
local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if extra > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[2], 0, extra)) do
    if extra > 0 and old ~= ARGV[5] then
      redis.call('DEL', ARGV[6] .. old, ARGV[6] .. old .. '${ORIGIN_SUFFIX}')
      redis.call('ZREM', KEYS[2], old)
      extra = extra - 1
    end
  end
end
redis.call('PEXPIRE', KEYS[2], ttl)
return id`;

// KEYS: session index. ARGV: stream key prefix.
const DELETE_SESSION = `
for _, stream in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  redis.call('DEL', ARGV[1] .. stream, ARGV[1] .. stream .. '${ORIGIN_SUFFIX}')
end
redis.call('DEL', KEYS[1])
return 1`;

const ENTRY_ID = /^\d+-\d+$/;

/**
 * SSE history in one Redis stream per SSE stream (`<prefix>events:{<session>}:<stream>`, the braces
 * keep a session's keys in one cluster slot), bounded by `XADD MAXLEN ~` and expiring `ttlMs` after
 * the last write. Event ids are `<streamId>_<entry id>`, so an id names its stream as the in-memory
 * store's do. A resume from an event no longer held while later ones are is answered with `lost`
 * (the transport refuses it on the wire); one whose stream is gone (expired, evicted by Redis) is
 * unknown. Never the later events with a silent gap. A POST stream's origin lives in
 * `<stream key>:origin`, with the stream's TTL.
 */
export class RedisEventStore implements EventStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #maxEvents: number;
  readonly #maxStreams: number;
  readonly #ttlMs: number;

  constructor(redis: Redis, options: RedisEventStoreOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? 'mcpkit:';
    this.#maxEvents = options.maxEventsPerStream ?? DEFAULT_MAX_EVENTS_PER_STREAM;
    this.#maxStreams = options.maxStreamsPerSession ?? DEFAULT_MAX_STREAMS_PER_SESSION;
    this.#ttlMs = options.ttlMs ?? DEFAULT_EVENT_TTL_MS;
  }

  append(sessionId: string, streamId: string, message: JSONRPCMessage | undefined): Promise<string> {
    return attempt(`append to SSE stream ${streamId} of session ${sessionId}`, async () => {
      const entry = await this.#redis.eval(
        APPEND,
        3,
        this.#streamKey(sessionId, streamId),
        this.#indexKey(sessionId),
        this.#streamKey(sessionId, streamId) + ORIGIN_SUFFIX,
        message === undefined ? '' : JSON.stringify(message),
        String(this.#maxEvents),
        String(this.#ttlMs),
        String(this.#maxStreams),
        streamId,
        this.#streamKey(sessionId, ''),
      );
      return `${streamId}_${String(entry)}`;
    });
  }

  setOrigin(sessionId: string, streamId: string, origin: StreamOrigin): Promise<void> {
    return attempt(`store the origin of SSE stream ${streamId} of session ${sessionId}`, async () => {
      const key = this.#streamKey(sessionId, streamId) + ORIGIN_SUFFIX;
      await this.#redis.set(key, JSON.stringify(origin), 'PX', this.#ttlMs);
    });
  }

  replayAfter(sessionId: string, lastEventId: string): Promise<Replay | undefined> {
    return attempt(`replay after ${lastEventId} in session ${sessionId}`, async () => {
      const separator = lastEventId.lastIndexOf('_');
      const streamId = lastEventId.slice(0, separator);
      const after = lastEventId.slice(separator + 1);
      if (separator <= 0 || !ENTRY_ID.test(after)) return undefined;
      const key = this.#streamKey(sessionId, streamId);
      const read = await this.#redis
        .multi()
        .xrange(key, after, '+')
        .get(key + ORIGIN_SUFFIX)
        .exec();
      const entries = (read?.[0]?.[1] ?? []) as Array<[string, string[]]>;
      const originJson = read?.[1]?.[1] as string | null | undefined;
      const origin = originJson ? { origin: JSON.parse(originJson) as StreamOrigin } : {};
      // The stream is trimmed from its head only: if the last seen event is still there, so is
      // everything after it. If it is gone while later ones are held, some of what followed it
      // may be gone too: refused, with the reason, never answered with a silent gap.
      if (entries[0]?.[0] !== after) {
        if (entries.length === 0) return undefined;
        const lost = `history keeps about ${this.#maxEvents} events per stream`;
        return { streamId, events: [], lost, ...origin };
      }
      const events = entries.slice(1).map(([id, fields]) => ({
        id: `${streamId}_${id}`,
        message: decode(fields),
      }));
      return { streamId, events, ...origin };
    });
  }

  /** A heartbeat: `<prefix>instance:<id>` exists for `ttlMs` (the key the task backend keeps too). */
  markAlive(instanceId: string, ttlMs: number): Promise<void> {
    return markAlive(this.#redis, this.#prefix, instanceId, ttlMs);
  }

  isAlive(instanceId: string): Promise<boolean> {
    return isAlive(this.#redis, this.#prefix, instanceId);
  }

  deleteSession(sessionId: string): Promise<void> {
    return attempt(`deleteSession of session ${sessionId}`, async () => {
      await this.#redis.eval(DELETE_SESSION, 1, this.#indexKey(sessionId), this.#streamKey(sessionId, ''));
    });
  }

  /** Nothing to do: Redis expires each stream and session index `ttlMs` after its last write. */
  prune(): void {}

  #indexKey(sessionId: string): string {
    return `${this.#prefix}events:{${sessionId}}`;
  }

  #streamKey(sessionId: string, streamId: string): string {
    return `${this.#indexKey(sessionId)}:${streamId}`;
  }
}

/** Fields are `m`, the message as JSON, or empty for a priming event. */
function decode(fields: string[]): JSONRPCMessage | undefined {
  const json = fields[1];
  return json ? (JSON.parse(json) as JSONRPCMessage) : undefined;
}
