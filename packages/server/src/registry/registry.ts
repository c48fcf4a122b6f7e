// One ordered collection per kind (tools, resources, templates, prompts). Entries keep the order
// they were registered in (MCP 2026 asks for a deterministic tools/list order, and cursors rely
// on it): each gets an increasing sequence number that survives renames and updates.

export interface RegistryEntryBase {
  /** The key clients use: a tool or prompt name, a resource URI, a template string. */
  key: string;
  /** Registration order; pagination cursors point at it. */
  readonly seq: number;
  enabled: boolean;
}

/** What every registration returns: change, hide, show or drop the entry later. */
export interface RegisteredHandle<TUpdate> {
  /** The current key (name, URI or template). */
  readonly key: string;
  readonly enabled: boolean;
  /** Hidden entries are neither listed nor callable; `enable()` brings them back. */
  enable(): void;
  disable(): void;
  /** Changes any part of the registration; clients are told the list changed. */
  update(patch: TUpdate): void;
  /** Unregisters for good; clients are told the list changed. */
  remove(): void;
  readonly removed: boolean;
}

// One counter for every registry: resources and templates share resources/list, so their
// sequence numbers must be comparable.
let sequence = 0;

export class Registry<E extends RegistryEntryBase> {
  readonly #entries = new Map<string, E>();
  readonly #kind: string;
  readonly #onChange: () => void;

  constructor(kind: string, onChange: () => void) {
    this.#kind = kind;
    this.#onChange = onChange;
  }

  nextSeq(): number {
    return sequence++;
  }

  add(entry: E): void {
    if (this.#entries.has(entry.key)) {
      throw new Error(`A ${this.#kind} named ${JSON.stringify(entry.key)} is already registered`);
    }
    this.#entries.set(entry.key, entry);
    this.#onChange();
  }

  /** Moves an entry to a new key (keeping its place in the order). */
  rekey(entry: E, newKey: string): void {
    if (newKey === entry.key) return;
    if (this.#entries.has(newKey)) {
      throw new Error(
        `Cannot rename ${this.#kind} ${JSON.stringify(entry.key)}: ${JSON.stringify(newKey)} is taken`,
      );
    }
    this.#entries.delete(entry.key);
    entry.key = newKey;
    this.#entries.set(newKey, entry);
  }

  remove(entry: E): boolean {
    if (this.#entries.get(entry.key) !== entry) return false;
    this.#entries.delete(entry.key);
    this.#onChange();
    return true;
  }

  /** An enabled entry by key. */
  get(key: string): E | undefined {
    const entry = this.#entries.get(key);
    return entry?.enabled ? entry : undefined;
  }

  /** Enabled entries in registration order. */
  list(): E[] {
    const entries = [...this.#entries.values()].filter((entry) => entry.enabled);
    return entries.sort((a, b) => a.seq - b.seq);
  }

  get size(): number {
    return this.#entries.size;
  }

  changed(): void {
    this.#onChange();
  }

  /** Builds the handle returned to the user for `entry`. */
  handle<TUpdate>(entry: E, applyUpdate: (patch: TUpdate) => void): RegisteredHandle<TUpdate> {
    const registry = this;
    let removed = false;
    const ensureLive = (action: string) => {
      if (removed)
        throw new Error(`Cannot ${action} ${this.#kind} ${JSON.stringify(entry.key)}: it was removed`);
    };
    return {
      get key() {
        return entry.key;
      },
      get enabled() {
        return entry.enabled && !removed;
      },
      get removed() {
        return removed;
      },
      enable() {
        ensureLive('enable');
        if (entry.enabled) return;
        entry.enabled = true;
        registry.changed();
      },
      disable() {
        ensureLive('disable');
        if (!entry.enabled) return;
        entry.enabled = false;
        registry.changed();
      },
      update(patch) {
        ensureLive('update');
        applyUpdate(patch);
        registry.changed();
      },
      remove() {
        if (removed) return;
        removed = true;
        registry.remove(entry);
      },
    };
  }
}
