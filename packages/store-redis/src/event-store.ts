import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { EventStore, StoredEvent } from '@mcpkit/transport-http-server';
import type { Redis } from 'ioredis';
import { attempt } from './errors.js';

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

// KEYS: stream, session index. ARGV: payload, maxlen, ttl ms, max streams, stream id, stream key prefix.
// The index scores streams by their last write (Redis time), so the oldest go first.
const APPEND = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'm', ARGV[1])
local ttl = tonumber(ARGV[3])
redis.call('PEXPIRE', KEYS[1], ttl)
local ms = tonumber(string.match(id, '^(%d+)'))
redis.call('ZADD', KEYS[2], ms, ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. (ms - ttl))
local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if extra > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[2], 0, extra)) do
    if extra > 0 and old ~= ARGV[5] then
      redis.call('DEL', ARGV[6] .. old)
      redis.call('ZREM', KEYS[2], old)
      extra = extra - 1
    end
  end
end
redis.call('PEXPIRE', KEYS[2], ttl)
return id`;

// KEYS: session index. ARGV: stream key prefix.
const DELETE_SESSION = `
for _, stream in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do redis.call('DEL', ARGV[1] .. stream) end
redis.call('DEL', KEYS[1])
return 1`;

const ENTRY_ID = /^\d+-\d+$/;

/**
 * SSE history in one Redis stream per SSE stream (`<prefix>events:{<session>}:<stream>`, the braces
 * keep a session's keys in one cluster slot), bounded by `XADD MAXLEN ~` and expiring `ttlMs` after
 * the last write. Event ids are `<streamId>_<entry id>`, so an id names its stream as the in-memory
 * store's do. A resume from an event no longer held (trimmed, expired, evicted by Redis) is refused,
 * never answered with the later events and a silent gap.
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
        2,
        this.#streamKey(sessionId, streamId),
        this.#indexKey(sessionId),
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

  replayAfter(
    sessionId: string,
    lastEventId: string,
  ): Promise<{ streamId: string; events: StoredEvent[] } | undefined> {
    return attempt(`replay after ${lastEventId} in session ${sessionId}`, async () => {
      const separator = lastEventId.lastIndexOf('_');
      const streamId = lastEventId.slice(0, separator);
      const after = lastEventId.slice(separator + 1);
      if (separator <= 0 || !ENTRY_ID.test(after)) return undefined;
      const entries = await this.#redis.xrange(this.#streamKey(sessionId, streamId), after, '+');
      // The stream is trimmed from its head only: if the last seen event is still there, so is
      // everything after it. If it is gone, some of what followed may be gone too: refuse.
      if (entries[0]?.[0] !== after) return undefined;
      const events = entries.slice(1).map(([id, fields]) => ({
        id: `${streamId}_${id}`,
        message: decode(fields),
      }));
      return { streamId, events };
    });
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
