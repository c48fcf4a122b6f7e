import { checkVisible, type VisibilityPredicate } from './visibility.js';

// One ordered collection per kind (tools, resources, templates, prompts). Entries keep the order
// they were registered in (MCP 2026 asks for a deterministic tools/list order, and cursors rely
// on it): each gets an increasing sequence number that survives renames and updates.

export interface RegistryEntryBase {
  /** The key clients use: a tool or prompt name, a resource URI, a template string. */
  key: string;
  /** Registration order; pagination cursors point at it. */
  readonly seq: number;
  enabled: boolean;
  /** Who may see the entry; undefined: everyone (see visibility.ts). */
  visible?: VisibilityPredicate | undefined;
}

/** What every registration returns: change, hide, show or drop the entry later. */
export interface RegisteredHandle<TUpdate> {
  /** The current key (name, URI or template). */
  readonly key: string;
  readonly enabled: boolean;
  /** Hidden entries are neither listed nor callable; `enable()` brings them back. */
  enable(): void;
  /** Hides the item from lists and refuses calls to it until `enable()`. */
  disable(): void;
  /** Changes any part of the registration; clients are told the list changed. */
  update(patch: TUpdate): void;
  /** Unregisters for good; clients are told the list changed. */
  remove(): void;
  readonly removed: boolean;
}

/**
 * Copies the `keys` of `source` that are set onto `target`, in that order, and returns it: a
 * definition leaves out what its registration did not say.
 */
export function setDefined<T extends Record<string, unknown>>(
  target: T,
  source: object,
  keys: readonly string[],
): T {
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
  return target;
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

  /** Registers `entry`, visible to the callers `visible` (the config's option) accepts. */
  add(entry: E, visible: VisibilityPredicate | undefined): void {
    checkVisible(this.#kind, entry.key, visible);
    if (this.#entries.has(entry.key)) {
      throw new Error(`A ${this.#kind} named ${JSON.stringify(entry.key)} is already registered`);
    }
    if (visible) entry.visible = visible;
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
    // Rebuild the map so the entry keeps its place: list() relies on insertion order.
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    entry.key = newKey;
    for (const each of entries) this.#entries.set(each.key, each);
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

  /** Enabled entries in registration order (the map's insertion order). */
  list(): E[] {
    const entries: E[] = [];
    for (const entry of this.#entries.values()) if (entry.enabled) entries.push(entry);
    return entries;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Whether some entry is visible to some callers only (then lists are filtered per caller). Asked
   * by lists, which walk the entries anyway.
   */
  get hasPredicates(): boolean {
    for (const entry of this.#entries.values()) if (entry.visible !== undefined) return true;
    return false;
  }

  changed(): void {
    this.#onChange();
  }

  /** Builds the handle returned to the user for `entry`. */
  handle<TUpdate>(entry: E, applyUpdate: (patch: TUpdate) => void): RegisteredHandle<TUpdate> {
    return new EntryHandle(this, this.#kind, entry, applyUpdate);
  }
}

/** A class rather than an object literal with getters: servers built per request make many. */
class EntryHandle<E extends RegistryEntryBase, TUpdate> implements RegisteredHandle<TUpdate> {
  readonly #registry: Registry<E>;
  readonly #kind: string;
  readonly #entry: E;
  readonly #applyUpdate: (patch: TUpdate) => void;
  #removed = false;

  constructor(registry: Registry<E>, kind: string, entry: E, applyUpdate: (patch: TUpdate) => void) {
    this.#registry = registry;
    this.#kind = kind;
    this.#entry = entry;
    this.#applyUpdate = applyUpdate;
  }

  get key(): string {
    return this.#entry.key;
  }

  get enabled(): boolean {
    return this.#entry.enabled && !this.#removed;
  }

  get removed(): boolean {
    return this.#removed;
  }

  enable(): void {
    this.#ensureLive('enable');
    if (this.#entry.enabled) return;
    this.#entry.enabled = true;
    this.#registry.changed();
  }

  disable(): void {
    this.#ensureLive('disable');
    if (!this.#entry.enabled) return;
    this.#entry.enabled = false;
    this.#registry.changed();
  }

  update(patch: TUpdate): void {
    this.#ensureLive('update');
    // Every kind's update takes `visible` (a predicate, or null to show the entry to everyone);
    // checked first so a wrong one changes nothing.
    const visible = (patch as { visible?: VisibilityPredicate | null } | undefined)?.visible;
    checkVisible(this.#kind, this.#entry.key, visible);
    this.#applyUpdate(patch);
    if (visible !== undefined) this.#entry.visible = visible ?? undefined;
    this.#registry.changed();
  }

  remove(): void {
    if (this.#removed) return;
    this.#removed = true;
    this.#registry.remove(this.#entry);
  }

  #ensureLive(action: string): void {
    if (this.#removed) {
      throw new Error(`Cannot ${action} ${this.#kind} ${JSON.stringify(this.#entry.key)}: it was removed`);
    }
  }
}
