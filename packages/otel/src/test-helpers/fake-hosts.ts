// Minimal hosts with the middleware contract's shape (first `use` outermost, `onSession` listeners),
// so the instrumentation's own behaviour is tested apart from the real server and client (whose
// end-to-end tests are e2e-*.test.ts).
import type {
  ClientCallContext,
  ClientSessionEventLike,
  InstrumentableClient,
  InstrumentableServer,
  JsonObjectLike,
  ObservingClientMiddleware,
  ObservingServerMiddleware,
  ObservingServerNotificationMiddleware,
  OutcomeLike,
  ServerCallContext,
  ServerSessionEventLike,
} from '../types.js';

export class FakeServer implements InstrumentableServer {
  readonly middlewares: ObservingServerMiddleware[] = [];
  readonly names: (string | undefined)[] = [];
  readonly #listeners = new Set<(event: ServerSessionEventLike) => void>();

  /** The notification middleware (`{ notifications: true }`), kept apart from the request chain. */
  readonly notificationMiddlewares: ObservingServerNotificationMiddleware[] = [];

  use(
    middleware: ObservingServerMiddleware | ObservingServerNotificationMiddleware,
    options?: { name?: string; notifications?: boolean },
  ): this {
    if (options?.notifications) {
      this.notificationMiddlewares.push(middleware as ObservingServerNotificationMiddleware);
      return this;
    }
    this.middlewares.push(middleware as ObservingServerMiddleware);
    this.names.push(options?.name);
    return this;
  }

  onSession(listener: (event: ServerSessionEventLike) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: ServerSessionEventLike): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** Runs `ctx` through the chain down to `handler`. */
  handle(ctx: ServerCallContext, handler: () => Promise<OutcomeLike>): Promise<OutcomeLike> {
    const run = (index: number): Promise<OutcomeLike> => {
      const middleware = this.middlewares[index];
      return middleware === undefined ? handler() : middleware(ctx, () => run(index + 1));
    };
    return run(0);
  }
}

export class FakeClient implements InstrumentableClient {
  readonly middlewares: ObservingClientMiddleware[] = [];
  /** Those registered with `{ incoming: true }`: around the requests the server sends. */
  readonly incoming: ObservingClientMiddleware[] = [];
  readonly #listeners = new Set<(event: ClientSessionEventLike) => void>();

  /** Those registered with `{ notifications: true }` (and `incoming`): around notifications. */
  readonly sentNotifications: ObservingClientMiddleware[] = [];
  readonly receivedNotifications: ObservingClientMiddleware[] = [];

  use(
    middleware: ObservingClientMiddleware,
    options?: { incoming?: boolean; notifications?: boolean },
  ): this {
    const incoming = options?.incoming === true;
    const list =
      options?.notifications === true
        ? incoming
          ? this.receivedNotifications
          : this.sentNotifications
        : incoming
          ? this.incoming
          : this.middlewares;
    list.push(middleware);
    return this;
  }

  /** Receives a request from the server through the incoming chain; `handle` is the client's handler. */
  receive(
    method: string,
    params: JsonObjectLike | undefined,
    handle: (params: JsonObjectLike | undefined) => Promise<JsonObjectLike>,
    session: { protocolVersion?: string; sessionId?: string; requestId?: number } = {},
  ): Promise<JsonObjectLike> {
    const ctx: ClientCallContext = {
      method,
      params,
      incoming: true,
      protocolVersion: session.protocolVersion,
      sessionId: session.sessionId,
      requestId: session.requestId,
    };
    const run = (index: number): Promise<JsonObjectLike> => {
      const middleware = this.incoming[index];
      return middleware === undefined ? handle(ctx.params) : middleware(ctx, () => run(index + 1));
    };
    return run(0);
  }

  onSession(listener: (event: ClientSessionEventLike) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: ClientSessionEventLike): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** Sends through the chain; `send` sees the params as the chain left them (the wire). */
  request(
    method: string,
    params: JsonObjectLike | undefined,
    send: (params: JsonObjectLike | undefined) => Promise<JsonObjectLike>,
    session: { protocolVersion?: string; sessionId?: string } = {},
  ): Promise<JsonObjectLike> {
    const ctx: ClientCallContext = {
      method,
      params,
      protocolVersion: session.protocolVersion,
      sessionId: session.sessionId,
    };
    const run = (index: number): Promise<JsonObjectLike> => {
      const middleware = this.middlewares[index];
      return middleware === undefined ? send(ctx.params) : middleware(ctx, () => run(index + 1));
    };
    return run(0);
  }

  /** A notification through the sent (or, `incoming`, the received) notification chain. */
  notification(
    method: string,
    params: JsonObjectLike | undefined,
    deliver: (params: JsonObjectLike | undefined) => void,
    incoming: boolean,
  ): Promise<JsonObjectLike> {
    const ctx: ClientCallContext = {
      method,
      params,
      incoming,
      protocolVersion: '2025-11-25',
      sessionId: undefined,
    };
    const list = incoming ? this.receivedNotifications : this.sentNotifications;
    const run = (index: number): Promise<JsonObjectLike> => {
      const middleware = list[index];
      if (middleware !== undefined) return middleware(ctx, () => run(index + 1));
      deliver(ctx.params);
      return Promise.resolve({});
    };
    return run(0);
  }
}
