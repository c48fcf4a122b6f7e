import { asError } from './subscriptions.js';

/** The lists a server can announce changes to. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * What to do when the server says a list (tools, prompts or resources) changed: whether to re-fetch
 * it, and the callback.
 */
export interface ListChangedHandler<T> {
  /** Re-fetch the whole list (every page) before calling `onChanged` (default true). */
  autoRefresh?: boolean;
  /**
   * Called after each change. With `autoRefresh`, `items` is the fresh list, or `error` says why
   * fetching it failed; without it, both are `null` and the caller fetches when it wants.
   */
  onChanged: (error: Error | null, items: T[] | null) => void | Promise<void>;
}

/**
 * Reacts to one list's `list_changed` notifications. Refreshes never overlap: a notification that
 * arrives while a refresh runs schedules exactly one more, so a burst of changes costs at most two
 * fetches and the last delivered list is always current.
 */
export class ListChangedWatcher<T> {
  #running: Promise<void> | undefined;
  #pending = false;

  readonly #handler: ListChangedHandler<T>;
  readonly #fetchAll: () => Promise<T[]>;
  readonly #onerror: (error: Error) => void;

  constructor(handler: ListChangedHandler<T>, fetchAll: () => Promise<T[]>, onerror: (error: Error) => void) {
    this.#handler = handler;
    this.#fetchAll = fetchAll;
    this.#onerror = onerror;
  }

  /** Handles one notification; resolves when the refresh it triggered (if any) has been delivered. */
  notify(): Promise<void> {
    if (this.#handler.autoRefresh === false) return this.#deliver(null, null);
    if (this.#running) {
      this.#pending = true;
      return this.#running;
    }
    this.#running = this.#refreshLoop().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #refreshLoop(): Promise<void> {
    do {
      this.#pending = false;
      let items: T[] | null = null;
      let failure: Error | null = null;
      try {
        items = await this.#fetchAll();
      } catch (error) {
        failure = asError(error, 'refreshing the list failed');
      }
      await this.#deliver(failure, items);
    } while (this.#pending);
  }

  async #deliver(error: Error | null, items: T[] | null): Promise<void> {
    try {
      await this.#handler.onChanged(error, items);
    } catch (thrown) {
      this.#onerror(asError(thrown, 'list changed callback failed'));
    }
  }
}
