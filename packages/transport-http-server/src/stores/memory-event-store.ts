import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { EventStore, StoredEvent } from './types.js';

export interface InMemoryEventStoreOptions {
  /** Events kept per stream; older ones are dropped first (default 256). */
  maxEventsPerStream?: number;
  /** Streams kept per session; the least recently written is dropped first (default 64). */
  maxStreamsPerSession?: number;
  /**
   * Serialized size kept per session (default 4 MiB); the oldest events of the least recently
   * written streams are dropped first, so large results cannot pile up.
   */
  maxBytesPerSession?: number;
  /** A stream not written for this long is forgotten (default 5 minutes). */
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

interface SizedEvent extends StoredEvent {
  size: number;
}

interface StreamLog {
  events: SizedEvent[];
  nextSeq: number;
  touchedAt: number;
}

interface SessionLog {
  /** Least recently written first (Map insertion order, refreshed on write). */
  streams: Map<string, StreamLog>;
  bytes: number;
}

/**
 * Keeps recent events of each stream in memory, bounded in count, size and age. Event ids are
 * `<streamId>_<sequence>`, so an id names its stream; lookups are scoped to the session.
 */
export class InMemoryEventStore implements EventStore {
  readonly #sessions = new Map<string, SessionLog>();
  readonly #maxEvents: number;
  readonly #maxStreams: number;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.#maxEvents = options.maxEventsPerStream ?? 256;
    this.#maxStreams = options.maxStreamsPerSession ?? 64;
    this.#maxBytes = options.maxBytesPerSession ?? 4 * 1024 * 1024;
    this.#ttlMs = options.ttlMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  append(sessionId: string, streamId: string, message: JSONRPCMessage | undefined): string {
    const now = this.#now();
    let session = this.#sessions.get(sessionId);
    if (!session) {
      session = { streams: new Map(), bytes: 0 };
      this.#sessions.set(sessionId, session);
    }
    let log = session.streams.get(streamId);
    if (log) {
      session.streams.delete(streamId);
    } else {
      this.#evictStale(session, now);
      log = { events: [], nextSeq: 0, touchedAt: now };
    }
    session.streams.set(streamId, log);
    log.touchedAt = now;
    const id = `${streamId}_${log.nextSeq++}`;
    // UTF-16 length approximates the size; close enough for a memory bound.
    const size = message === undefined ? 0 : JSON.stringify(message).length;
    log.events.push({ id, message, size });
    session.bytes += size;
    if (log.events.length > this.#maxEvents)
      this.#dropOldest(session, log, log.events.length - this.#maxEvents);
    this.#shrink(session);
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
    const log = this.#sessions.get(sessionId)?.streams.get(streamId);
    if (!log || seq >= log.nextSeq || this.#now() - log.touchedAt > this.#ttlMs) return undefined;
    const events = log.events
      .filter((event) => Number(event.id.slice(separator + 1)) > seq)
      .map(({ id, message }) => ({ id, message }));
    return { streamId, events };
  }

  deleteSession(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }

  #evictStale(session: SessionLog, now: number): void {
    for (const [streamId, log] of session.streams) {
      if (now - log.touchedAt <= this.#ttlMs && session.streams.size < this.#maxStreams) break;
      this.#dropOldest(session, log, log.events.length);
      session.streams.delete(streamId);
    }
  }

  /** Drops the oldest events of the least recently written streams until the session fits. */
  #shrink(session: SessionLog): void {
    for (const log of session.streams.values()) {
      if (session.bytes <= this.#maxBytes) return;
      while (log.events.length > 0 && session.bytes > this.#maxBytes) this.#dropOldest(session, log, 1);
    }
  }

  #dropOldest(session: SessionLog, log: StreamLog, count: number): void {
    for (const event of log.events.splice(0, count)) session.bytes -= event.size;
  }
}
