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

export function asError(thrown: unknown, context: string): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(`${context}: ${String(thrown)}`, { cause: thrown });
}

/** How the server learns about a URI's first subscriber and its last one leaving. */
export interface SubscriptionWire {
  subscribe(uri: string, options?: RequestOptions): Promise<unknown>;
  unsubscribe(uri: string, options?: RequestOptions): Promise<unknown>;
}

/**
 * Resource subscriptions of one client: per-URI callbacks for `notifications/resources/updated`, and
 * the round trips that keep the server in step (`resources/subscribe` up to 2025-11-25, the listen
 * filter in 2026-07-28). The server is subscribed once per URI, when its first callback arrives
 * (concurrent first subscribers share that round trip), and unsubscribed when the last one leaves.
 */
export abstract class ResourceSubscriptions {
  readonly #callbacks = new Map<string, Set<ResourceUpdatedCallback>>();
  readonly #pending = new Map<string, Promise<unknown>>();

  /** How the server is told now; undefined when disconnected: nothing to tell the server then. */
  protected abstract wire(): SubscriptionWire | undefined;
  /** Where a failing callback is reported. */
  protected abstract reportError(error: Error): void;

  async subscribe(
    uri: string,
    callback: ResourceUpdatedCallback,
    options?: RequestOptions,
  ): Promise<ResourceSubscription> {
    const callbacks = this.#callbacks.get(uri);
    if (callbacks) {
      callbacks.add(callback);
      await this.#pending.get(uri);
    } else {
      this.#callbacks.set(uri, new Set([callback]));
      try {
        const subscribing = this.wire()?.subscribe(uri, options) ?? Promise.resolve();
        this.#pending.set(uri, subscribing);
        await subscribing;
      } catch (error) {
        this.#remove(uri, callback);
        throw error;
      } finally {
        this.#pending.delete(uri);
      }
    }
    return {
      uri,
      unsubscribe: async () => {
        if (this.#remove(uri, callback)) await this.wire()?.unsubscribe(uri);
      },
    };
  }

  /** Drops every callback of `uri` and tells the server. */
  async unsubscribeAll(uri: string, options?: RequestOptions): Promise<void> {
    if (this.#callbacks.delete(uri)) await this.wire()?.unsubscribe(uri, options);
  }

  /** The URIs that have callbacks. */
  uris(): string[] {
    return [...this.#callbacks.keys()];
  }

  clear(): void {
    this.#callbacks.clear();
    this.#pending.clear();
  }

  /** Calls every callback of the notified URI; failures are reported, the others still run. */
  async resourceUpdated(params: ResourceUpdatedNotificationParams): Promise<void> {
    for (const callback of [...(this.#callbacks.get(params.uri) ?? [])]) {
      try {
        await callback(params);
      } catch (error) {
        this.reportError(asError(error, `resource update callback for '${params.uri}' failed`));
      }
    }
  }

  /** Removes a callback; true when the URI has no callbacks left (unsubscribe the server). */
  #remove(uri: string, callback: ResourceUpdatedCallback): boolean {
    const callbacks = this.#callbacks.get(uri);
    if (!callbacks?.delete(callback) || callbacks.size > 0) return false;
    this.#callbacks.delete(uri);
    return true;
  }
}
