import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { EventStore, StoredEvent } from './types.js';

export interface InMemoryEventStoreOptions {
  /** Events kept per stream; older ones are dropped first (default 256). */
  maxEventsPerStream?: number;
  /** Streams kept per session; the least recently written is dropped first (default 64). */
  maxStreamsPerSession?: number;
  /** A stream not written for this long is forgotten (default 5 minutes). */
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

interface StreamLog {
  events: StoredEvent[];
  nextSeq: number;
  touchedAt: number;
}

/**
 * Keeps recent events of each stream in memory, bounded in count and age. Event ids are
 * `<streamId>_<sequence>`, so an id names its stream; lookups are scoped to the session.
 */
export class InMemoryEventStore implements EventStore {
  readonly #sessions = new Map<string, Map<string, StreamLog>>();
  readonly #maxEvents: number;
  readonly #maxStreams: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.#maxEvents = options.maxEventsPerStream ?? 256;
    this.#maxStreams = options.maxStreamsPerSession ?? 64;
    this.#ttlMs = options.ttlMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  append(sessionId: string, streamId: string, message: JSONRPCMessage | undefined): string {
    const now = this.#now();
    let streams = this.#sessions.get(sessionId);
    if (!streams) {
      streams = new Map();
      this.#sessions.set(sessionId, streams);
    }
    let log = streams.get(streamId);
    if (log) {
      // Re-insert so the Map's order stays least-recently-written first.
      streams.delete(streamId);
    } else {
      this.#evictStale(streams, now);
      log = { events: [], nextSeq: 0, touchedAt: now };
    }
    streams.set(streamId, log);
    log.touchedAt = now;
    const id = `${streamId}_${log.nextSeq++}`;
    log.events.push({ id, message });
    if (log.events.length > this.#maxEvents) log.events.splice(0, log.events.length - this.#maxEvents);
    return id;
  }

  replayAfter(
    sessionId: string,
    lastEventId: string,
  ): { streamId: string; events: StoredEvent[] } | undefined {
    const separator = lastEventId.lastIndexOf('_');
    if (separator <= 0) return undefined;
    const streamId = lastEventId.slice(0, separator);
    const seq = Number(lastEventId.slice(separator + 1));
    if (!Number.isInteger(seq) || seq < 0) return undefined;
    const log = this.#sessions.get(sessionId)?.get(streamId);
    if (!log || seq >= log.nextSeq || this.#now() - log.touchedAt > this.#ttlMs) return undefined;
    const events = log.events.filter((event) => Number(event.id.slice(separator + 1)) > seq);
    return { streamId, events };
  }

  deleteSession(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }

  #evictStale(streams: Map<string, StreamLog>, now: number): void {
    for (const [streamId, log] of streams) {
      if (now - log.touchedAt <= this.#ttlMs && streams.size < this.#maxStreams) break;
      streams.delete(streamId);
    }
  }
}
