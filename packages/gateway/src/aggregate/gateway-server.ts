import type { Transport } from '@mcpkit/jsonrpc';
import {
  type ConnectOptions,
  McpServer,
  type ServerMiddleware,
  type ServerMiddlewareOptions,
  type ServerNotificationMiddleware,
  type ServerSession,
} from '@mcpkit/server';
import { type PassThroughRouter, PassThroughTransport } from './pass-through.js';

/**
 * The aggregator's server: an `McpServer` whose connections relay the requests an upstream can
 * answer as they are (see `PassThroughTransport`), while no middleware but the gateway's own is
 * installed. A middleware added with `use` afterwards must see every request, so from then on
 * every request goes through the server.
 */
export class GatewayServer extends McpServer {
  #router: ((session: ServerSession<McpServer>) => PassThroughRouter) | undefined;
  #intercepted = false;

  /** Turns relaying on for connections made from now on; middleware added later turns it off. */
  relayWith(router: (session: ServerSession<McpServer>) => PassThroughRouter): void {
    this.#router = router;
  }

  /** Whether a middleware other than the gateway's own was added: nothing is relayed then. */
  get intercepted(): boolean {
    return this.#intercepted;
  }

  override use(
    middleware: ServerMiddleware,
    options?: ServerMiddlewareOptions & { notifications?: false },
  ): this;
  override use(
    middleware: ServerNotificationMiddleware,
    options: ServerMiddlewareOptions & { notifications: true },
  ): this;
  // A notification middleware counts too: relayed messages would pass it by.
  override use(
    middleware: ServerMiddleware | ServerNotificationMiddleware,
    options?: ServerMiddlewareOptions,
  ): this {
    if (this.#router !== undefined) this.#intercepted = true;
    return super.use(middleware as ServerMiddleware, options as { notifications?: false });
  }

  override async connect(transport: Transport, options?: ConnectOptions): Promise<ServerSession<McpServer>> {
    const router = this.#router;
    if (router === undefined) return super.connect(transport, options);
    const relaying = new PassThroughTransport(transport);
    const session = await super.connect(relaying, options);
    relaying.router = router(session);
    return session;
  }
}
