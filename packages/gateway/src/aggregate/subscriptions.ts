import type { ResourceSubscription } from '@mcpkit/client';
import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode } from '@mcpkit/protocol';
import type { McpServer, ServerMiddleware } from '@mcpkit/server';
import { describeError } from '../errors.js';
import type { UpstreamConnection } from './upstream.js';

/** The upstream subscription held for one URI, on the client it was made with. */
interface Held {
  owner: UpstreamConnection;
  client: NonNullable<UpstreamConnection['client']>;
  subscription: Promise<ResourceSubscription>;
}

/**
 * Resource subscriptions through the aggregator. The gateway's server keeps who is subscribed to
 * what (per session, and per 2026-07-28 `subscriptions/listen` stream); this holds one upstream
 * subscription per URI while anyone wants it, on the upstream that owns the URI (the one whose
 * resource or template the gateway serves it from), and turns each upstream
 * `notifications/resources/updated` into the server's own, which reaches exactly its subscribers.
 * URIs are not renamed by the gateway, so the client-facing URI is the upstream's. An upstream that
 * comes back is subscribed again to what is still wanted.
 */
export class ResourceSubscriptions {
  readonly #server: McpServer;
  readonly #ownerOf: (uri: string) => UpstreamConnection | undefined;
  readonly #onerror: (error: Error) => void;
  readonly #held = new Map<string, Held>();
  /** URIs anyone subscribed to through the gateway: the ones to check when wanting may have changed. */
  readonly #known = new Set<string>();
  /** Open `subscriptions/listen` streams per URI. */
  readonly #listening = new Map<string, number>();

  constructor(
    server: McpServer,
    ownerOf: (uri: string) => UpstreamConnection | undefined,
    onerror: (error: Error) => void,
  ) {
    this.#server = server;
    this.#ownerOf = ownerOf;
    this.#onerror = onerror;
    // A session that closes takes its subscriptions with it; its close runs before it leaves the set.
    server.onSession((event) => {
      if (event.type === 'close') setTimeout(() => this.reconcileAll(), 0);
    });
  }

  /** The middleware routing `resources/(un)subscribe` and the URIs of `subscriptions/listen`. */
  readonly middleware: ServerMiddleware = async (ctx, next) => {
    const uri = ctx.params?.uri;
    if (ctx.method === 'resources/subscribe' && typeof uri === 'string') {
      await this.#ensure(uri);
      this.#known.add(uri);
      const outcome = await next();
      // Refused by the server (no session to hold it, in stateless mode): not wanted after all.
      if (outcome.type !== 'result') this.#reconcile(uri);
      return outcome;
    }
    if (ctx.method === 'resources/unsubscribe' && typeof uri === 'string') {
      const outcome = await next();
      this.#reconcile(uri);
      return outcome;
    }
    if (ctx.method === 'subscriptions/listen') {
      const notifications = ctx.params?.notifications as { resourceSubscriptions?: unknown } | undefined;
      const uris = Array.isArray(notifications?.resourceSubscriptions)
        ? notifications.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string')
        : [];
      for (const uri of uris) {
        this.#known.add(uri);
        this.#listening.set(uri, (this.#listening.get(uri) ?? 0) + 1);
      }
      try {
        for (const uri of uris) await this.#ensure(uri);
        return await next();
      } finally {
        for (const uri of uris) {
          const count = (this.#listening.get(uri) ?? 1) - 1;
          if (count === 0) this.#listening.delete(uri);
          else this.#listening.set(uri, count);
          this.#reconcile(uri);
        }
      }
    }
    return next();
  };

  /** Brings every upstream subscription in line with what is wanted (after sessions closed, upstreams came and went). */
  reconcileAll(): void {
    for (const uri of this.#known) this.#reconcile(uri);
  }

  /** Forgets what was held on an upstream that went away (its subscriptions went with it). */
  dropped(owner: UpstreamConnection): void {
    for (const [uri, held] of this.#held) if (held.owner === owner) this.#held.delete(uri);
  }

  #wanted(uri: string): boolean {
    if ((this.#listening.get(uri) ?? 0) > 0) return true;
    for (const session of this.#server.sessions)
      if (!session.closed && session.isSubscribed(uri)) return true;
    return false;
  }

  #reconcile(uri: string): void {
    const held = this.#held.get(uri);
    if (this.#wanted(uri)) {
      const owner = this.#ownerOf(uri);
      if (held !== undefined && held.owner === owner && held.client === owner?.client) return;
      this.#release(uri);
      if (owner?.client !== undefined && supportsSubscriptions(owner)) this.#ensure(uri).catch(this.#onerror);
      return;
    }
    this.#known.delete(uri);
    this.#release(uri);
  }

  #release(uri: string): void {
    const held = this.#held.get(uri);
    if (held === undefined) return;
    this.#held.delete(uri);
    if (held.client !== held.owner.client) return;
    held.subscription
      .then((subscription) => subscription.unsubscribe())
      .catch((error: unknown) =>
        this.#onerror(new Error(`${held.owner.name}: unsubscribing ${uri} failed: ${describeError(error)}`)),
      );
  }

  /** Subscribes the owning upstream to `uri` unless already done; fails saying why it cannot be. */
  async #ensure(uri: string): Promise<void> {
    const owner = this.#ownerOf(uri);
    if (owner === undefined) {
      throw new JsonRpcError(
        ErrorCode.InvalidParams,
        `Cannot subscribe to ${uri}: no connected upstream offers it (as a resource or by a template)`,
      );
    }
    const client = owner.client;
    if (client === undefined || !supportsSubscriptions(owner)) {
      throw new JsonRpcError(
        ErrorCode.InvalidParams,
        `Cannot subscribe to ${uri}: its upstream ${owner.name} ${client === undefined ? 'is not connected' : 'does not support resource subscriptions'}`,
      );
    }
    const held = this.#held.get(uri);
    if (held !== undefined && held.client === client) {
      await held.subscription;
      return;
    }
    const subscription = client.subscribeResource(uri, () => this.#server.notifyResourceUpdated(uri));
    this.#held.set(uri, { owner, client, subscription });
    try {
      await subscription;
    } catch (error) {
      if (this.#held.get(uri)?.subscription === subscription) this.#held.delete(uri);
      throw error instanceof JsonRpcError
        ? error
        : new JsonRpcError(
            ErrorCode.InternalError,
            `${owner.name} failed resources/subscribe ${uri}: ${describeError(error)}`,
          );
    }
  }
}

function supportsSubscriptions(owner: UpstreamConnection): boolean {
  return owner.client?.serverCapabilities?.resources?.subscribe === true;
}
