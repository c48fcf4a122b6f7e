import type { Awaitable, SessionRecord, SessionStore } from './stores/types.js';

/** A session this process holds: a Streamable HTTP session or a legacy SSE connection. */
export interface LiveSession {
  readonly record: SessionRecord;
  /** Whether an HTTP connection is open. */
  readonly connected: boolean;
  /**
   * Whether a request is still being answered or a stream is open (default: `connected`); a busy
   * session is never closed as idle nor evicted to make room.
   */
  readonly busy?: boolean;
  close(): Promise<void>;
}

/** Who opens a session, for the per-principal and per-address caps. */
export interface SessionOwner {
  /** The principal's key: the OAuth client, with the user (subject) when the token names one. */
  principal: string | undefined;
  address: string | undefined;
}

/** Which cap refused a new session, and when a slot under it is expected to free. */
export interface AdmissionRefusal {
  limit: 'maxSessions' | 'maxSessionsPerPrincipal' | 'maxSessionsPerAddress';
  max: number;
  /** The principal or address that is at its cap. */
  key?: string;
  /**
   * Until a slot is due to free: the earliest time a session in the way expires or may be evicted;
   * undefined when every one is busy (an open stream or a request in flight).
   */
  retryAfterMs: number | undefined;
}

export interface SessionRegistryOptions<S extends LiveSession = LiveSession> {
  store: SessionStore;
  maxSessions: number;
  maxSessionsPerPrincipal: number;
  maxSessionsPerAddress: number;
  idleTimeoutMs: number;
  handshakeTimeoutMs: number;
  /**
   * When a cap is reached, the least recently used session idle at least this long (and not busy)
   * is closed to make room for the new one; `Infinity` never evicts.
   */
  evictIdleAfterMs: number;
  /** How an evicted session ends (default its own close()): shared stores release this copy only. */
  evict?: (session: S) => Promise<void>;
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
  /**
   * The keys this entry is indexed under (undefined when that cap is off): not the owner object,
   * so an idle session keeps neither it nor an address string no cap counts.
   */
  principal: string | undefined;
  address: string | undefined;
  /** Chosen to make room and closing: not chosen twice. */
  evicting?: boolean;
}

/** A cap that is reached: the entries under it (all of them for `maxSessions`). */
interface FullCap<S> {
  limit: AdmissionRefusal['limit'];
  max: number;
  key?: string;
  entries: Set<Entry<S>> | undefined;
}

/**
 * The sessions held by this process, bounded in number overall, per principal and per address.
 * A session that does not finish its handshake within `handshakeTimeoutMs` is closed, an
 * established one idle for `idleTimeoutMs`; a sweep on an unref'd timer (running only while
 * sessions exist; `closeAll` stops it) and on access finds them. When a cap is reached, the least
 * recently used session under it that is idle for `evictIdleAfterMs` and not busy makes room.
 */
export class SessionRegistry<S extends LiveSession = LiveSession> {
  readonly #entries = new Map<string, Entry<S>>();
  readonly #byPrincipal = new Map<string, Set<Entry<S>>>();
  readonly #byAddress = new Map<string, Set<Entry<S>>>();
  readonly #options: SessionRegistryOptions<S>;
  readonly #sweepIntervalMs: number;
  readonly #handshakeMs: number;
  #opening = 0;
  #lastSweep: number;
  #sweeping: Promise<void> | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: SessionRegistryOptions<S>) {
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

  /**
   * Whether a session for `owner` fits under every cap; when one is reached, sessions past their
   * deadline are closed first, then the least recently used idle one under every reached cap is
   * evicted. If none can go yet: which cap refuses, and when a slot is due to free.
   */
  async admit(owner: SessionOwner): Promise<AdmissionRefusal | undefined> {
    let full = this.#fullCaps(owner);
    if (full.length === 0) return undefined;
    let survey = this.#survey(full);
    if (survey.due) {
      await this.sweep(true);
      full = this.#fullCaps(owner);
      if (full.length === 0) return undefined;
      survey = this.#survey(full);
    }
    if (survey.victim) {
      survey.victim.evicting = true;
      const evict = this.#options.evict ?? ((session: S) => session.close());
      await evict(survey.victim.session);
      return undefined;
    }
    // The narrowest cap names the refusal: this principal's or address's own, before the server's.
    const cap = full.find((reached) => reached.limit !== 'maxSessions') ?? full[0]!;
    const { limit, max, key } = cap;
    return { limit, max, ...(key === undefined ? {} : { key }), retryAfterMs: survey.retryAfterMs };
  }

  /**
   * Holds a new session: `opening` (a Streamable HTTP initialize, stored and findable once answered)
   * or `pending` (a legacy SSE connection, findable at once).
   */
  async open(session: S, owner: SessionOwner, phase: 'opening' | 'pending'): Promise<void> {
    this.#hold(session, phase, owner);
    if (phase === 'opening') this.#opening++;
    if (phase === 'pending') await this.#options.store.set(session.record);
  }

  /**
   * Holds a session another process created (rehydration): established at once, and already in
   * the store. The caller checked admission.
   */
  adopt(session: S, owner: SessionOwner): void {
    this.#hold(session, 'established', owner);
  }

  #hold(session: S, phase: Phase, owner: SessionOwner): void {
    const { maxSessionsPerPrincipal, maxSessionsPerAddress } = this.#options;
    const entry: Entry<S> = {
      session,
      phase,
      at: this.#options.now(),
      principal: Number.isFinite(maxSessionsPerPrincipal) ? owner.principal : undefined,
      address: Number.isFinite(maxSessionsPerAddress) ? owner.address : undefined,
    };
    this.#entries.set(session.record.id, entry);
    index(this.#byPrincipal, entry.principal, entry);
    index(this.#byAddress, entry.address, entry);
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
    unindex(this.#byPrincipal, entry.principal, entry);
    unindex(this.#byAddress, entry.address, entry);
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
      if (entry?.phase === 'established' && !isBusy(entry.session)) expired.push(entry.session);
    }
    await Promise.all(expired.map((session) => session.close()));
  }

  /** When an entry will be closed if nothing happens; undefined while it is busy. */
  #expiresAt(entry: Entry<S>): number | undefined {
    if (entry.phase !== 'established') return entry.at + this.#handshakeMs;
    return isBusy(entry.session) ? undefined : entry.at + this.#options.idleTimeoutMs;
  }

  /** When an entry may be evicted; undefined while it opens or is busy. */
  #evictableAt(entry: Entry<S>): number | undefined {
    if (entry.phase === 'opening' || entry.evicting || isBusy(entry.session)) return undefined;
    return entry.at + this.#options.evictIdleAfterMs;
  }

  /** The caps a session for `owner` would exceed. */
  #fullCaps(owner: SessionOwner): FullCap<S>[] {
    const { maxSessions, maxSessionsPerPrincipal, maxSessionsPerAddress } = this.#options;
    const full: FullCap<S>[] = [];
    if (this.#entries.size >= maxSessions) {
      full.push({ limit: 'maxSessions', max: maxSessions, entries: undefined });
    }
    const keyed = [
      ['maxSessionsPerPrincipal', this.#byPrincipal, owner.principal, maxSessionsPerPrincipal],
      ['maxSessionsPerAddress', this.#byAddress, owner.address, maxSessionsPerAddress],
    ] as const;
    for (const [limit, byKey, key, max] of keyed) {
      const entries = key === undefined ? undefined : byKey.get(key);
      if (entries && entries.size >= max) full.push({ limit, max, key, entries });
    }
    return full;
  }

  /**
   * Over the entries under every reached cap (closing one of them frees a slot under each): whether
   * one is past its deadline, the least recently used one that may be evicted now, and else how
   * long until the first of them expires or may be evicted.
   */
  #survey(full: FullCap<S>[]): {
    due: boolean;
    victim: Entry<S> | undefined;
    retryAfterMs: number | undefined;
  } {
    const now = this.#options.now();
    const keyed = full.flatMap((cap) => (cap.entries ? [cap.entries] : []));
    const smallest = keyed.reduce<Set<Entry<S>> | undefined>(
      (least, entries) => (least === undefined || entries.size < least.size ? entries : least),
      undefined,
    );
    let due = false;
    let victim: Entry<S> | undefined;
    let freesAt = Number.POSITIVE_INFINITY;
    for (const entry of smallest ?? this.#entries.values()) {
      if (!keyed.every((entries) => entries.has(entry))) continue;
      const expiresAt = this.#expiresAt(entry) ?? Number.POSITIVE_INFINITY;
      const evictableAt = this.#evictableAt(entry) ?? Number.POSITIVE_INFINITY;
      if (expiresAt <= now) due = true;
      if (evictableAt <= now && (victim === undefined || entry.at < victim.at)) victim = entry;
      freesAt = Math.min(freesAt, expiresAt, evictableAt);
    }
    const retryAfterMs = Number.isFinite(freesAt) ? Math.max(0, freesAt - now) : undefined;
    return { due, victim, retryAfterMs };
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

/** A session answering a request or holding a stream open is neither idle nor evictable. */
function isBusy(session: LiveSession): boolean {
  return session.busy ?? session.connected;
}

/** Tracks `entry` under `key` (undefined when the cap on that kind of key is off). */
function index<E>(byKey: Map<string, Set<E>>, key: string | undefined, entry: E): void {
  if (key === undefined) return;
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
