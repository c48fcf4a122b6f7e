import type { SessionRecord, SessionStore } from './stores/types.js';

/** A session this process holds: a Streamable HTTP session or a legacy SSE connection. */
export interface LiveSession {
  readonly record: SessionRecord;
  /** Whether an HTTP connection is open; a connected session is never closed as idle. */
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * The sessions held by this process, bounded in number, with idle ones closed by a sweep that runs
 * on access (no timers, so nothing keeps the process alive and nothing leaks).
 */
export class SessionRegistry<S extends LiveSession = LiveSession> {
  readonly #live = new Map<string, S>();
  readonly #store: SessionStore;
  readonly #maxSessions: number;
  readonly #idleTimeoutMs: number;
  readonly #now: () => number;
  readonly #onerror: (error: Error) => void;
  #lastSweep = 0;

  constructor(options: {
    store: SessionStore;
    maxSessions: number;
    idleTimeoutMs: number;
    now: () => number;
    onerror: (error: Error) => void;
  }) {
    this.#store = options.store;
    this.#maxSessions = options.maxSessions;
    this.#idleTimeoutMs = options.idleTimeoutMs;
    this.#now = options.now;
    this.#onerror = options.onerror;
    this.#lastSweep = this.#now();
  }

  get size(): number {
    return this.#live.size;
  }

  /** Whether one more session fits, after closing idle ones if the registry is full. */
  async hasRoom(): Promise<boolean> {
    if (this.#live.size < this.#maxSessions) return true;
    await this.sweep(true);
    return this.#live.size < this.#maxSessions;
  }

  async add(session: S): Promise<void> {
    this.#live.set(session.record.id, session);
    await this.#store.set(session.record);
  }

  /** The live session with this id, marked as used now. */
  async use(id: string): Promise<S | undefined> {
    const session = this.#live.get(id);
    if (!session) return undefined;
    await this.#store.touch(id, this.#now());
    return session;
  }

  /** The live session with this id, without counting it as use. */
  peek(id: string): S | undefined {
    return this.#live.get(id);
  }

  /** Forgets a session that closed (its own close() calls this). */
  forget(id: string): void {
    if (!this.#live.delete(id)) return;
    Promise.resolve(this.#store.delete(id)).catch((error: unknown) =>
      this.#onerror(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Closes sessions idle longer than the timeout; runs at most every quarter timeout unless forced. */
  async sweep(force = false): Promise<void> {
    const now = this.#now();
    if (!force && now - this.#lastSweep < Math.min(this.#idleTimeoutMs / 4, 60_000)) return;
    this.#lastSweep = now;
    const idle = await this.#store.idleSince(now - this.#idleTimeoutMs);
    for (const id of idle) {
      const session = this.#live.get(id);
      if (session && !session.connected) await session.close();
    }
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#live.values()].map((session) => session.close()));
  }
}
