import type { Awaitable, SessionRecord, SessionStore } from './stores/types.js';

/** A session this process holds: a Streamable HTTP session or a legacy SSE connection. */
export interface LiveSession {
  readonly record: SessionRecord;
  /** Whether an HTTP connection is open; a connected session is never closed as idle. */
  readonly connected: boolean;
  close(): Promise<void>;
}

/** Who opens a session, for the per-principal and per-address caps. */
export interface SessionOwner {
  principal: string | undefined;
  address: string | undefined;
}

/** Which cap refused a new session, and when a slot under it is expected to free. */
export interface AdmissionRefusal {
  limit: 'maxSessions' | 'maxSessionsPerPrincipal' | 'maxSessionsPerAddress';
  max: number;
  /** The principal or address that is at its cap. */
  key?: string;
  /** Until the earliest predictable expiry; undefined when every holder is connected. */
  retryAfterMs: number | undefined;
}

export interface SessionRegistryOptions {
  store: SessionStore;
  maxSessions: number;
  maxSessionsPerPrincipal: number;
  maxSessionsPerAddress: number;
  idleTimeoutMs: number;
  handshakeTimeoutMs: number;
  now: () => number;
  onerror: (error: Error) => void;
  /** Runs after each periodic sweep, e.g. to prune the event store. */
  onsweep?: () => Awaitable<void>;
}

/**
 * `opening`: initialize delivered, not yet answered; holds a slot but cannot be found by id.
 * `pending`: initialize answered with a result; the client has not sent anything since.
 * `established`: the client followed up (notifications/initialized, a request, a GET).
 */
type Phase = 'opening' | 'pending' | 'established';

interface Entry<S> {
  session: S;
  phase: Phase;
  /** Start of the handshake phase (opening, pending) or last use (established). */
  at: number;
  owner: SessionOwner;
}

/**
 * The sessions held by this process, bounded in number overall, per principal and per address.
 * A session that does not finish its handshake within `handshakeTimeoutMs` is closed, an
 * established one idle for `idleTimeoutMs`; a sweep on an unref'd timer (running only while
 * sessions exist; `closeAll` stops it) and on access finds them.
 */
export class SessionRegistry<S extends LiveSession = LiveSession> {
  readonly #entries = new Map<string, Entry<S>>();
  readonly #byPrincipal = new Map<string, Set<Entry<S>>>();
  readonly #byAddress = new Map<string, Set<Entry<S>>>();
  readonly #options: SessionRegistryOptions;
  readonly #sweepIntervalMs: number;
  readonly #handshakeMs: number;
  #opening = 0;
  #lastSweep: number;
  /** Earliest predictable expiry (a lower bound: uses only push it later). */
  #nextExpiryAt = Number.POSITIVE_INFINITY;
  #sweeping: Promise<void> | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: SessionRegistryOptions) {
    this.#options = options;
    // A handshake never gets longer than an idle session would.
    this.#handshakeMs = Math.min(options.handshakeTimeoutMs, options.idleTimeoutMs);
    this.#sweepIntervalMs = Math.min(Math.max(this.#handshakeMs / 4, 1000), 60_000);
    this.#lastSweep = options.now();
  }

  /** Sessions whose initialize succeeded (an initialize still unanswered is not one yet). */
  get size(): number {
    return this.#entries.size - this.#opening;
  }

  /** Whether a session for `owner` fits under every cap, after closing expired ones; if not, why. */
  async admit(owner: SessionOwner): Promise<AdmissionRefusal | undefined> {
    const { maxSessions, maxSessionsPerPrincipal, maxSessionsPerAddress } = this.#options;
    if (this.#entries.size >= maxSessions && this.#options.now() >= this.#nextExpiryAt)
      await this.sweep(true);
    if (this.#entries.size >= maxSessions) {
      return { limit: 'maxSessions', max: maxSessions, retryAfterMs: this.#untilNextExpiry() };
    }
    const byPrincipal = await this.#keyRefusal(this.#byPrincipal, owner.principal, maxSessionsPerPrincipal);
    if (byPrincipal) return { limit: 'maxSessionsPerPrincipal', ...byPrincipal };
    const byAddress = await this.#keyRefusal(this.#byAddress, owner.address, maxSessionsPerAddress);
    if (byAddress) return { limit: 'maxSessionsPerAddress', ...byAddress };
    return undefined;
  }

  /**
   * Holds a new session: `opening` (a Streamable HTTP initialize, stored and findable once answered)
   * or `pending` (a legacy SSE connection, findable at once).
   */
  async open(session: S, owner: SessionOwner, phase: 'opening' | 'pending'): Promise<void> {
    const entry: Entry<S> = { session, phase, at: this.#options.now(), owner };
    this.#entries.set(session.record.id, entry);
    if (phase === 'opening') this.#opening++;
    index(this.#byPrincipal, owner.principal, entry, this.#options.maxSessionsPerPrincipal);
    index(this.#byAddress, owner.address, entry, this.#options.maxSessionsPerAddress);
    this.#nextExpiryAt = Math.min(this.#nextExpiryAt, entry.at + this.#handshakeMs);
    this.#startTimer();
    if (phase === 'pending') await this.#options.store.set(session.record);
  }

  /**
   * Holds a session another process created (rehydration): established at once, and already in
   * the store. The caller checked admission.
   */
  adopt(session: S, owner: SessionOwner): void {
    const entry: Entry<S> = { session, phase: 'established', at: this.#options.now(), owner };
    this.#entries.set(session.record.id, entry);
    index(this.#byPrincipal, owner.principal, entry, this.#options.maxSessionsPerPrincipal);
    index(this.#byAddress, owner.address, entry, this.#options.maxSessionsPerAddress);
    this.#nextExpiryAt = Math.min(this.#nextExpiryAt, entry.at + this.#options.idleTimeoutMs);
    this.#startTimer();
  }

  /** The server answered initialize with a result: the session now exists and can be found. */
  async answered(id: string): Promise<void> {
    const entry = this.#entries.get(id);
    if (entry?.phase !== 'opening') return;
    entry.phase = 'pending';
    entry.at = this.#options.now();
    this.#opening--;
    await this.#options.store.set(entry.session.record);
  }

  /** The session with this id (not one still opening), marked as used now: its handshake is over. */
  use(id: string): Awaitable<S | undefined> {
    const entry = this.#entries.get(id);
    if (!entry || entry.phase === 'opening') return undefined;
    const now = this.#options.now();
    entry.phase = 'established';
    entry.at = now;
    const touched = this.#options.store.touch(id, now);
    // The in-memory store touches synchronously: every request would pay an await for nothing.
    return touched instanceof Promise ? touched.then(() => entry.session) : entry.session;
  }

  /** The session with this id (not one still opening), without counting it as use. */
  peek(id: string): S | undefined {
    const entry = this.#entries.get(id);
    return entry && entry.phase !== 'opening' ? entry.session : undefined;
  }

  /**
   * Forgets a session that closed (its own close() calls this); its record leaves the store too,
   * unless `keepRecord` (the session goes on in another process).
   */
  forget(id: string, keepRecord = false): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    unindex(this.#byPrincipal, entry.owner.principal, entry);
    unindex(this.#byAddress, entry.owner.address, entry);
    if (entry.phase === 'opening') {
      this.#opening--;
    } else if (!keepRecord) {
      Promise.resolve(this.#options.store.delete(id)).catch((error: unknown) =>
        this.#options.onerror(asError(error)),
      );
    }
    if (this.#entries.size === 0) this.#stopTimer();
  }

  /**
   * Closes sessions past their handshake or idle deadline; runs at most once per sweep interval
   * unless forced, and never twice at once.
   */
  sweep(force = false): Promise<void> | undefined {
    if (this.#sweeping) return this.#sweeping;
    const now = this.#options.now();
    // Undefined, not a resolved promise: the request path checks it and skips an await.
    if (!force && now - this.#lastSweep < this.#sweepIntervalMs) return undefined;
    this.#lastSweep = now;
    this.#sweeping = this.#sweepAt(now).finally(() => {
      this.#sweeping = undefined;
    });
    return this.#sweeping;
  }

  /** Closes every session held, each with `close` (default its own close()). */
  async closeAll(close: (session: S) => Promise<void> = (session) => session.close()): Promise<void> {
    this.#stopTimer();
    await Promise.all([...this.#entries.values()].map((entry) => close(entry.session)));
  }

  async #sweepAt(now: number): Promise<void> {
    const { idleTimeoutMs, store } = this.#options;
    const expired: S[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.phase !== 'established' && now - entry.at >= this.#handshakeMs) expired.push(entry.session);
    }
    for (const id of await store.idleSince(now - idleTimeoutMs)) {
      const entry = this.#entries.get(id);
      if (entry?.phase === 'established' && !entry.session.connected) expired.push(entry.session);
    }
    await Promise.all(expired.map((session) => session.close()));
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.#entries.values()) next = Math.min(next, this.#expiresAt(entry) ?? next);
    this.#nextExpiryAt = next;
  }

  /** When an entry will be closed if nothing happens; undefined while a connection keeps it open. */
  #expiresAt(entry: Entry<S>): number | undefined {
    if (entry.phase !== 'established') return entry.at + this.#handshakeMs;
    return entry.session.connected ? undefined : entry.at + this.#options.idleTimeoutMs;
  }

  #untilNextExpiry(): number | undefined {
    const next = this.#nextExpiryAt;
    return Number.isFinite(next) ? Math.max(0, next - this.#options.now()) : undefined;
  }

  async #keyRefusal(
    byKey: Map<string, Set<Entry<S>>>,
    key: string | undefined,
    max: number,
  ): Promise<{ max: number; key: string; retryAfterMs: number | undefined } | undefined> {
    if (key === undefined || !Number.isFinite(max)) return undefined;
    const expiries = () => [...(byKey.get(key) ?? [])].map((entry) => this.#expiresAt(entry));
    const full = () => (byKey.get(key)?.size ?? 0) >= max;
    if (!full()) return undefined;
    const now = this.#options.now();
    if (expiries().some((at) => at !== undefined && at <= now)) await this.sweep(true);
    if (!full()) return undefined;
    const earliest = Math.min(...expiries().map((at) => at ?? Number.POSITIVE_INFINITY));
    return {
      max,
      key,
      retryAfterMs: Number.isFinite(earliest) ? Math.max(0, earliest - this.#options.now()) : undefined,
    };
  }

  #startTimer(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.#tick(), this.#sweepIntervalMs);
    // Never keep the process alive for a sweep.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #tick(): Promise<void> {
    try {
      await this.sweep(true);
      await this.#options.onsweep?.();
    } catch (error) {
      this.#options.onerror(asError(error));
    }
  }
}

/** Tracks `entry` under `key`, only when the cap on that kind of key is on. */
function index<E>(byKey: Map<string, Set<E>>, key: string | undefined, entry: E, max: number): void {
  if (key === undefined || !Number.isFinite(max)) return;
  let entries = byKey.get(key);
  if (!entries) {
    entries = new Set();
    byKey.set(key, entries);
  }
  entries.add(entry);
}

function unindex<E>(byKey: Map<string, Set<E>>, key: string | undefined, entry: E): void {
  if (key === undefined) return;
  const entries = byKey.get(key);
  if (!entries?.delete(entry)) return;
  if (entries.size === 0) byKey.delete(key);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
