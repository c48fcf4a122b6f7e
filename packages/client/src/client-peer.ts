import { JsonRpcPeer, type PeerOptions, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import type { JSONObject, RequestId } from '@mcpkit/protocol';
import {
  type ClientMiddlewareContext,
  type MiddlewareChains,
  type MiddlewareLayer,
  runMiddleware,
} from './middleware.js';

type Receive = NonNullable<Transport['onmessage']>;
type Notification = { method: string; params?: JSONObject };

/** What `next()` resolves to around a notification. */
const SENT: JSONObject = Object.freeze({}) as JSONObject;

/**
 * The client's JSON-RPC peer: every outgoing request passes `McpClient.use`'s chain here, below
 * everything that makes requests (handshake, session renewal, the 2026-07-28 envelope and its
 * input_required retries) and above id allocation, timeouts and progress, so each wire request runs
 * the chain once. Notifications pass the notification chains here too, where they meet the
 * transport: sent ones as they are written (the peer's own cancellations included), received ones
 * (progress included, which the peer routes to the request that asked for it) as they arrive. With no middleware the message goes straight to `JsonRpcPeer`.
 */
export class ClientPeer extends JsonRpcPeer {
  readonly #chains: MiddlewareChains;
  readonly #context: (method: string, params: JSONObject | undefined) => ClientMiddlewareContext;

  /**
   * `chains` holds the client's middleware as it is now (each list replaced on `use`, never changed
   * in place, so a message inside a chain keeps the layers it started with); `context` makes what
   * each middleware sees of a message (the session facts at that moment).
   */
  constructor(
    options: PeerOptions,
    chains: MiddlewareChains,
    context: (method: string, params: JSONObject | undefined) => ClientMiddlewareContext,
  ) {
    super(options);
    this.#chains = chains;
    this.#context = context;
  }

  override request(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject> {
    const layers = this.#chains.outgoing;
    if (layers.length === 0) return super.request(method, params, options);
    const ctx: { requestId?: RequestId } & ClientMiddlewareContext = this.#context(method, params);
    return runMiddleware(layers, ctx, (sent) => {
      const id = this.nextRequestId;
      const answer = super.request(method, sent, options);
      // An id was allocated unless the request failed before (not connected, already aborted).
      if (this.nextRequestId !== id) ctx.requestId = id;
      return answer;
    });
  }

  override connect(transport: Transport): Promise<void> {
    const connecting = super.connect(transport);
    // JsonRpcPeer.connect set the transport's onmessage before awaiting its start: wrap it now.
    const receive = transport.onmessage;
    if (this.transport === transport && receive !== undefined) {
      transport.onmessage = (message, extra) => {
        const layers = this.#chains.receivedNotifications;
        if (layers.length === 0 || !isNotification(message)) receive(message, extra);
        else this.#receive(layers, message, extra, receive);
      };
      // Sent notifications pass their chain where they are written, so the peer's own
      // `notifications/cancelled` (a timeout, an aborted request) does too.
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        const layers = this.#chains.sentNotifications;
        if (layers.length === 0 || !isNotification(message)) return send(message, options);
        const ctx = { ...this.#context(message.method, message.params), notification: true };
        return runMiddleware(layers, ctx, (params) =>
          send(
            (params === message.params ? message : { ...message, params }) as typeof message,
            options,
          ).then(() => SENT),
        ).then(() => undefined);
      };
    }
    return connecting;
  }

  /** A received notification through its chain; the peer dispatches what the chain lets through. */
  #receive(
    layers: readonly MiddlewareLayer[],
    message: Notification,
    extra: Parameters<Receive>[1],
    receive: Receive,
  ): void {
    const ctx = { ...this.#context(message.method, message.params), notification: true, incoming: true };
    runMiddleware(layers, ctx, (params) => {
      receive(
        (params === message.params ? message : { ...message, params }) as Parameters<Receive>[0],
        extra,
      );
      return Promise.resolve(SENT);
    }).then(undefined, (error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

function isNotification(message: unknown): message is Notification {
  return typeof message === 'object' && message !== null && 'method' in message && !('id' in message);
}
