import type { SessionRecord, SessionStore } from './types.js';

/** Keeps session records in a Map of this process. */
export class InMemorySessionStore implements SessionStore {
  readonly #records = new Map<string, SessionRecord>();

  get(id: string): SessionRecord | undefined {
    return this.#records.get(id);
  }

  set(record: SessionRecord): void {
    this.#records.set(record.id, record);
  }

  touch(id: string, now: number): void {
    const record = this.#records.get(id);
    if (record) record.lastSeenAt = now;
  }

  delete(id: string): void {
    this.#records.delete(id);
  }

  idleSince(cutoff: number): string[] {
    const idle: string[] = [];
    for (const record of this.#records.values()) if (record.lastSeenAt < cutoff) idle.push(record.id);
    return idle;
  }

  get size(): number {
    return this.#records.size;
  }
}
