import type { RequestOptions } from '@mcpkit/jsonrpc';
import type { ResourceUpdatedNotificationParams } from '@mcpkit/protocol';

/** Called with each `notifications/resources/updated` of a subscribed resource. */
export type ResourceUpdatedCallback = (params: ResourceUpdatedNotificationParams) => void | Promise<void>;

/** A live subscription to one resource; `unsubscribe` removes this callback only. */
export interface ResourceSubscription {
  readonly uri: string;
  /** Removes this callback; the last one to go unsubscribes from the server. */
  unsubscribe(): Promise<void>;
}

/**
 * Per-URI callbacks for `notifications/resources/updated`. The server is subscribed once per URI,
 * when its first callback arrives, and unsubscribed when the last one leaves.
 */
export class ResourceSubscriptionRegistry {
  readonly #callbacks = new Map<string, Set<ResourceUpdatedCallback>>();

  /** Adds a callback; returns true when it is the URI's first (the server must be subscribed). */
  add(uri: string, callback: ResourceUpdatedCallback): boolean {
    let callbacks = this.#callbacks.get(uri);
    const first = callbacks === undefined;
    if (!callbacks) {
      callbacks = new Set();
      this.#callbacks.set(uri, callbacks);
    }
    callbacks.add(callback);
    return first;
  }

  /** Removes a callback; returns true when the URI has no callbacks left (unsubscribe the server). */
  remove(uri: string, callback: ResourceUpdatedCallback): boolean {
    const callbacks = this.#callbacks.get(uri);
    if (!callbacks?.delete(callback)) return false;
    if (callbacks.size > 0) return false;
    this.#callbacks.delete(uri);
    return true;
  }

  /** Drops every callback of a URI; returns true when there were any. */
  removeAll(uri: string): boolean {
    return this.#callbacks.delete(uri);
  }

  has(uri: string): boolean {
    return this.#callbacks.has(uri);
  }

  uris(): string[] {
    return [...this.#callbacks.keys()];
  }

  clear(): void {
    this.#callbacks.clear();
  }

  /** Calls every callback of the notified URI; failures go to `onerror`, the others still run. */
  async dispatch(params: ResourceUpdatedNotificationParams, onerror: (error: Error) => void): Promise<void> {
    const callbacks = this.#callbacks.get(params.uri);
    if (!callbacks) return;
    for (const callback of [...callbacks]) {
      try {
        await callback(params);
      } catch (error) {
        onerror(asError(error, `resource update callback for '${params.uri}' failed`));
      }
    }
  }
}

export function asError(thrown: unknown, context: string): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(`${context}: ${String(thrown)}`, { cause: thrown });
}

/** How the server learns about a URI's first subscriber and its last one leaving. */
export interface SubscriptionWire {
  subscribe(uri: string, options?: RequestOptions): Promise<void>;
  unsubscribe(uri: string, options?: RequestOptions): Promise<void>;
}

/**
 * Resource subscriptions of one client: the callback registry plus the round trips that keep the
 * server in step (`resources/subscribe` up to 2025-11-25, the listen filter in 2026-07-28).
 * Concurrent first subscribers of a URI share one round trip.
 */
export class ResourceSubscriptions {
  readonly registry = new ResourceSubscriptionRegistry();
  readonly #pending = new Map<string, Promise<void>>();

  /** Returns undefined when disconnected: nothing to tell the server then. */
  readonly #wire: () => SubscriptionWire | undefined;

  constructor(wire: () => SubscriptionWire | undefined) {
    this.#wire = wire;
  }

  async subscribe(
    uri: string,
    callback: ResourceUpdatedCallback,
    options?: RequestOptions,
  ): Promise<ResourceSubscription> {
    if (this.registry.add(uri, callback)) {
      const subscribing = this.#wire()?.subscribe(uri, options) ?? Promise.resolve();
      this.#pending.set(uri, subscribing);
      try {
        await subscribing;
      } catch (error) {
        this.registry.remove(uri, callback);
        throw error;
      } finally {
        this.#pending.delete(uri);
      }
    } else {
      await this.#pending.get(uri);
    }
    return { uri, unsubscribe: () => this.#remove(uri, callback) };
  }

  /** Drops every callback of `uri` and tells the server. */
  async unsubscribeAll(uri: string, options?: RequestOptions): Promise<void> {
    if (this.registry.removeAll(uri)) await this.#wire()?.unsubscribe(uri, options);
  }

  clear(): void {
    this.registry.clear();
    this.#pending.clear();
  }

  async #remove(uri: string, callback: ResourceUpdatedCallback): Promise<void> {
    if (this.registry.remove(uri, callback)) await this.#wire()?.unsubscribe(uri);
  }
}
