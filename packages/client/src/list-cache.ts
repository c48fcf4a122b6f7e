// An optional cache of list results that honours the 2026-07-28 hints: an entry lives `ttlMs`
// (0 or absent: not cached) and is dropped when the server says the list changed. Entries belong to
// one client, so `cacheScope: "private"` results are never shared with another authorization context.

const LIST_KINDS: Record<string, 'tools' | 'prompts' | 'resources'> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
};

interface Entry {
  result: unknown;
  expiresAt: number;
}

export class ListCache {
  readonly #entries = new Map<string, Entry>();

  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  static isCacheable(method: string): boolean {
    return method in LIST_KINDS;
  }

  #key(method: string, params: unknown): string {
    const cursor = (params as { cursor?: unknown } | undefined)?.cursor;
    return `${method}\u0000${typeof cursor === 'string' ? cursor : ''}`;
  }

  get(method: string, params: unknown): unknown {
    const key = this.#key(method, params);
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return structuredClone(entry.result);
  }

  set(method: string, params: unknown, result: unknown): void {
    const ttlMs = (result as { ttlMs?: unknown } | undefined)?.ttlMs;
    if (typeof ttlMs !== 'number' || !(ttlMs > 0)) return;
    this.#entries.set(this.#key(method, params), {
      result: structuredClone(result),
      expiresAt: this.#now() + ttlMs,
    });
  }

  /** Forgets every page of the lists of one kind (on `notifications/<kind>/list_changed`). */
  invalidate(kind: 'tools' | 'prompts' | 'resources'): void {
    for (const key of [...this.#entries.keys()]) {
      const method = key.slice(0, key.indexOf('\u0000'));
      if (LIST_KINDS[method] === kind) this.#entries.delete(key);
    }
  }

  /** A cached result when fresh, otherwise `load()`'s (kept for its `ttlMs`). */
  async through<T>(method: string, params: unknown, load: () => Promise<T>): Promise<T> {
    const cached = this.get(method, params);
    if (cached !== undefined) return cached as T;
    const result = await load();
    this.set(method, params, result);
    return result;
  }
}
