/**
 * A map whose entries expire and whose size is bounded: the introspection verifier's caches. Insertion order is expiry order when every entry gets the same
 * lifetime, so pruning stops at the first live entry; otherwise it still removes what it passes.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    if (!(maxEntries >= 1)) throw new RangeError(`maxEntries must be at least 1, got ${maxEntries}`);
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Whether there is room for one more entry once expired ones are gone. */
  hasRoom(now: number): boolean {
    this.prune(now);
    return this.#entries.size < this.#maxEntries;
  }

  /** Stores the entry; when full, the entry closest to expiry makes room (callers that must not
   * forget anything ask `hasRoom` first). */
  set(key: string, value: V, expiresAt: number, now: number): void {
    this.#entries.delete(key);
    if (!this.hasRoom(now)) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt });
  }

  prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt > now) break;
      this.#entries.delete(key);
    }
  }
}
