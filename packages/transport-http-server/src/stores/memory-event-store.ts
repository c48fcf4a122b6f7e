import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { EventStore, Replay, StoredEvent, StreamOrigin } from './types.js';

/**
 * Options of the in-memory event store (SSE resumption): events, streams and bytes kept per session
 * and in all, and how long.
 */
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
  /**
   * A stream not written for this long is forgotten (default 5 minutes): on the session's next
   * write, and by `prune()`, which the HTTP handler calls from its periodic sweep, so the history of
   * a session that never writes again is freed too.
   */
  ttlMs?: number;
  /**
   * Serialized size kept across all sessions (default 64 MiB). Past it the oldest events of the
   * sessions holding the most are dropped first, down to seven eighths of the bound, and `onerror`
   * says which.
   */
  maxTotalBytes?: number;
  /** Told when the total bound dropped history (those events can no longer be replayed). */
  onerror?: (error: Error) => void;
  /** Clock, for tests. */
  now?: () => number;
}

interface SizedEvent extends StoredEvent {
  seq: number;
  size: number;
}

interface StreamLog {
  events: SizedEvent[];
  nextSeq: number;
  touchedAt: number;
  /** Which bound last dropped events of this stream, for a resume that cannot be served. */
  dropped?: string;
  origin?: StreamOrigin;
  /** Counted in the session's bytes like events, freed with the stream. */
  originSize: number;
}

interface SessionLog {
  /** Least recently written first (Map insertion order, refreshed on write). */
  streams: Map<string, StreamLog>;
  bytes: number;
}

/** Default bound on the event history held across all sessions of one store. */
export const DEFAULT_MAX_EVENT_STORE_TOTAL_BYTES = 64 * 1024 * 1024;

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
  readonly #maxTotalBytes: number;
  readonly #onerror: ((error: Error) => void) | undefined;
  readonly #now: () => number;
  #totalBytes = 0;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.#maxEvents = options.maxEventsPerStream ?? 256;
    this.#maxStreams = options.maxStreamsPerSession ?? 64;
    this.#maxBytes = options.maxBytesPerSession ?? 4 * 1024 * 1024;
    this.#ttlMs = options.ttlMs ?? 5 * 60_000;
    this.#maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_EVENT_STORE_TOTAL_BYTES;
    this.#onerror = options.onerror;
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
      log = { events: [], nextSeq: 0, touchedAt: now, originSize: 0 };
    }
    session.streams.set(streamId, log);
    log.touchedAt = now;
    const seq = log.nextSeq++;
    const id = `${streamId}_${seq}`;
    // UTF-16 length approximates the size; close enough for a memory bound.
    const size = message === undefined ? 0 : JSON.stringify(message).length;
    log.events.push({ id, message, seq, size });
    session.bytes += size;
    this.#totalBytes += size;
    if (log.events.length > this.#maxEvents) {
      const reason = `history keeps ${this.#maxEvents} events per stream`;
      this.#dropOldest(session, log, log.events.length - this.#maxEvents, reason);
    }
    this.#shrink(session, this.#maxBytes, `history keeps ${this.#maxBytes} bytes per session`);
    if (this.#totalBytes > this.#maxTotalBytes) this.#shrinkTotal(sessionId);
    return id;
  }

  /** Serialized size of the events held across all sessions. */
  get totalBytes(): number {
    return this.#totalBytes;
  }

  /** Forgets every stream not written for `ttlMs`, in every session, and sessions left empty. */
  prune(): void {
    const now = this.#now();
    for (const [sessionId, session] of this.#sessions) {
      this.#evictStale(session, now);
      if (session.streams.size === 0) this.#sessions.delete(sessionId);
    }
  }

  setOrigin(sessionId: string, streamId: string, origin: StreamOrigin): void {
    const session = this.#sessions.get(sessionId);
    const log = session?.streams.get(streamId);
    if (!session || !log) return;
    const size = JSON.stringify(origin).length;
    session.bytes += size - log.originSize;
    this.#totalBytes += size - log.originSize;
    log.origin = origin;
    log.originSize = size;
  }

  replayAfter(sessionId: string, lastEventId: string): Replay | undefined {
    const separator = lastEventId.lastIndexOf('_');
    if (separator <= 0) return undefined;
    const streamId = lastEventId.slice(0, separator);
    const seq = Number(lastEventId.slice(separator + 1));
    if (!Number.isInteger(seq) || seq < 0) return undefined;
    const log = this.#sessions.get(sessionId)?.streams.get(streamId);
    if (!log || seq >= log.nextSeq || this.#now() - log.touchedAt > this.#ttlMs) return undefined;
    const origin = log.origin === undefined ? {} : { origin: log.origin };
    // The first event after `seq` must still be held, or the client would miss it unawares.
    const firstHeld = log.events[0]?.seq ?? log.nextSeq;
    if (seq + 1 < firstHeld) {
      return { streamId, events: [], lost: log.dropped ?? 'history was trimmed', ...origin };
    }
    const events = log.events.filter((event) => event.seq > seq).map(({ id, message }) => ({ id, message }));
    return { streamId, events, ...origin };
  }

  deleteSession(sessionId: string): void {
    const session = this.#sessions.get(sessionId);
    if (!session) return;
    this.#totalBytes -= session.bytes;
    this.#sessions.delete(sessionId);
  }

  #evictStale(session: SessionLog, now: number): void {
    for (const [streamId, log] of session.streams) {
      if (now - log.touchedAt <= this.#ttlMs && session.streams.size < this.#maxStreams) break;
      this.#dropOldest(session, log, log.events.length, 'expired');
      session.bytes -= log.originSize;
      this.#totalBytes -= log.originSize;
      session.streams.delete(streamId);
    }
  }

  /** Drops the oldest events of the least recently written streams until the session fits `limit`. */
  #shrink(session: SessionLog, limit: number, reason: string): void {
    for (const log of session.streams.values()) {
      if (session.bytes <= limit) return;
      while (log.events.length > 0 && session.bytes > limit) this.#dropOldest(session, log, 1, reason);
    }
  }

  /**
   * The store as a whole passed `maxTotalBytes`: the sessions holding the most lose their oldest
   * events first, down to seven eighths of the bound, so this runs once per eighth of it written.
   */
  #shrinkTotal(writer: string): void {
    const target = Math.floor((this.#maxTotalBytes * 7) / 8);
    const trimmed: string[] = [];
    const before = this.#totalBytes;
    while (this.#totalBytes > target) {
      let largestId: string | undefined;
      let largest: SessionLog | undefined;
      let second = 0;
      for (const [id, session] of this.#sessions) {
        if (!largest || session.bytes > largest.bytes) {
          second = largest?.bytes ?? 0;
          largestId = id;
          largest = session;
        } else if (session.bytes > second) {
          second = session.bytes;
        }
      }
      if (!largest || largestId === undefined || largest.bytes === 0) break;
      // Down to the next largest session (or what the target still needs), then look again.
      const excess = this.#totalBytes - target;
      const total = this.#totalBytes;
      this.#shrink(
        largest,
        Math.max(second, largest.bytes - excess, 0) - 1,
        `history keeps ${this.#maxTotalBytes} bytes across sessions`,
      );
      if (!trimmed.includes(largestId)) trimmed.push(largestId);
      if (this.#totalBytes === total) break;
    }
    this.#onerror?.(
      new Error(
        `SSE event history of all sessions reached ${before} bytes, past the limit (maxTotalBytes = ${this.#maxTotalBytes}) while session ${writer} wrote; dropped the oldest events of the largest session(s) ${trimmed.join(', ')} down to ${this.#totalBytes} bytes; Last-Event-ID can no longer resume those events`,
      ),
    );
  }

  #dropOldest(session: SessionLog, log: StreamLog, count: number, reason: string): void {
    if (count > 0) log.dropped = reason;
    for (const event of log.events.splice(0, count)) {
      session.bytes -= event.size;
      this.#totalBytes -= event.size;
    }
  }
}
