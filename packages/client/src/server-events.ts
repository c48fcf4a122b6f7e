import type { RequestOptions } from '@mcpkit/jsonrpc';
import type { Prompt, Resource, SubscriptionFilter, Tool } from '@mcpkit/protocol';
import type { ClientConnection } from './connection.js';
import { type ListChangedHandler, ListChangedWatcher, type ListKind } from './list-changed.js';
import { ListenStream, listenFilter } from './listen.js';
import { ResourceSubscriptions, type SubscriptionWire } from './subscriptions.js';

export type ListItem<K extends ListKind> = K extends 'tools' ? Tool : K extends 'prompts' ? Prompt : Resource;

export interface ServerEventsDeps {
  connection(): ClientConnection | undefined;
  /** Stateful revisions: `resources/subscribe` / `resources/unsubscribe` round trips. */
  subscribe(uri: string, options?: RequestOptions): Promise<unknown>;
  unsubscribe(uri: string, options?: RequestOptions): Promise<unknown>;
  /** 2026-07-28: opens a `subscriptions/listen` stream; settles when it ends. */
  openListen(filter: SubscriptionFilter, signal: AbortSignal): Promise<unknown>;
  fetchAll: { [K in ListKind]: () => Promise<ListItem<K>[]> };
  reportError(error: Error): void;
}

/**
 * What the user wants to hear from the server on its own initiative — resource updates and list
 * changes — and how the server is told: per-URI subscribe requests up to 2025-11-25, one
 * `subscriptions/listen` stream (reopened when the wish list changes) in 2026-07-28.
 */
export class ServerEvents extends ResourceSubscriptions {
  readonly #watchers: { [K in ListKind]?: ListChangedWatcher<ListItem<K>> } = {};

  readonly #deps: ServerEventsDeps;

  constructor(deps: ServerEventsDeps) {
    super();
    this.#deps = deps;
  }

  /** Stateful: tells a new session about every URI that has callbacks (the old session held them). */
  async resubscribeAll(options?: RequestOptions): Promise<void> {
    const wire = this.wire();
    if (!wire) return;
    await Promise.all(this.uris().map((uri) => wire.subscribe(uri, options)));
  }

  setListChangedHandler<K extends ListKind>(
    kind: K,
    handler: ListChangedHandler<ListItem<K>> | undefined,
  ): void {
    if (handler) {
      const watcher = new ListChangedWatcher(handler, this.#deps.fetchAll[kind], (e) => this.reportError(e));
      (this.#watchers as Record<ListKind, unknown>)[kind] = watcher;
    } else {
      delete this.#watchers[kind];
    }
    // 2026-07-28 servers only announce changes on a listen stream that asked for them.
    void this.syncListen();
  }

  /** A `notifications/<kind>/list_changed` arrived. */
  listChanged(kind: ListKind): void {
    // Not awaited: the refresh sends requests whose responses arrive on this same connection.
    void this.#watchers[kind]?.notify();
  }

  /** `notifications/subscriptions/acknowledged` arrived. */
  acknowledged(): void {
    this.#deps.connection()?.listen?.acknowledged();
  }

  /** 2026-07-28: makes the listen stream match what is wanted now (a no-op for stateful sessions). */
  syncListen(): Promise<void> {
    const connection = this.#deps.connection();
    if (!connection?.stateless) return Promise.resolve();
    connection.listen ??= new ListenStream(this.#deps.openListen, (error) => this.reportError(error));
    return connection.listen.update(listenFilter(this.#watchers, this.uris()));
  }

  /** The connection ended: close its stream and forget subscriptions (the server forgot them too). */
  closed(connection: ClientConnection): void {
    connection.listen?.stop();
    this.clear();
  }

  protected override reportError(error: Error): void {
    this.#deps.reportError(error);
  }

  protected override wire(): SubscriptionWire | undefined {
    const connection = this.#deps.connection();
    if (!connection) return undefined;
    if (!connection.stateless)
      return { subscribe: this.#deps.subscribe, unsubscribe: this.#deps.unsubscribe };
    const sync = () => this.syncListen();
    return { subscribe: sync, unsubscribe: sync };
  }
}
