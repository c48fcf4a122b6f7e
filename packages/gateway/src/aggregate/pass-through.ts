import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import type { CallOrigin, ForwardedCalls, Pending } from './forwarded-calls.js';
import { CALL_HEAD, readCallText } from './request-text.js';
import { WrappingTransport } from './wrapping-transport.js';

/**
 * A transport that shows each received frame's text before decoding it, as `StdioClientTransport`
 * does (`onframe`: returning true takes the frame, which is then neither decoded nor delivered).
 */
interface FrameHook {
  onframe: ((text: string) => boolean) | undefined;
}

/** Where a request can be relayed as it is: the upstream's relay and the params it takes there. */
export interface PassThroughRoute {
  calls: ForwardedCalls;
  params: Record<string, unknown>;
  /** What the request is about, naming it in errors (`echo` in `tools/call echo`). */
  subject: string;
  /**
   * The calls running on the upstream, where `entry` stands while the upstream works on this one
   * (so its questions come to this session).
   */
  running: unknown[];
  entry: unknown;
}

/**
 * Finds where a client's request can be relayed as it is, or undefined when the gateway's server
 * must answer it (a method or name no upstream owns, another revision on the upstream...).
 */
export type PassThroughRouter = (request: JSONRPCRequest) => PassThroughRoute | undefined;

/**
 * A client-facing transport that relays some requests straight to their upstream, past the
 * gateway's `McpServer` (see `PassThroughRouter`), and hands every other message to the server as
 * the transport it wraps would. A relayed request's cancellation goes to its upstream; when the
 * client goes away, its relayed requests are cancelled upstream.
 */
export class PassThroughTransport extends WrappingTransport implements CallOrigin {
  /** Set once the server's session for this transport exists. */
  router: PassThroughRouter | undefined;
  readonly #relayed = new Map<RequestId, Pending>();
  /**
   * The inner transport's `sendText`, where it has one (relayed answers then go to the client
   * unparsed, see `ForwardedCalls.takeText`); undefined otherwise, as on the inner transport.
   */
  readonly sendText: ((text: string) => Promise<void>) | undefined;

  constructor(inner: Transport) {
    super(inner);
    this.sendText = inner.sendText?.bind(inner);
    inner.onmessage = (message, extra) => {
      if (!this.#relay(message)) this.onmessage?.(message, extra);
    };
    inner.onclose = (reason) => {
      for (const pending of [...this.#relayed.values()])
        pending.relay.cancel(pending, 'the client went away');
      this.onclose?.(reason);
    };
    inner.onerror = (error) => this.onerror?.(error);
    // Where the client's transport shows a frame's text before decoding it and can write text, a
    // tool call is relayed from its text, unparsed (see `#relayText`).
    if ('onframe' in inner && this.sendText !== undefined)
      (inner as Transport & FrameHook).onframe = (text) => this.#relayText(text);
  }

  ended(id: RequestId): void {
    this.#relayed.delete(id);
  }

  report(error: Error): void {
    this.onerror?.(error);
  }

  /**
   * Relays a client's line, unparsed, if it is a tool call that passes through (see
   * `readCallText`): upstream it is the same text with a key of the gateway's for the id (and the
   * upstream's name for a namespaced one). Anything else is left to be decoded and go the parsed way.
   */
  #relayText(text: string): boolean {
    const router = this.router;
    if (router === undefined) return false;
    const call = readCallText(text);
    if (call === undefined || this.#relayed.has(call.id)) return false;
    const { id, name } = call;
    const route = router({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });
    if (route === undefined) return false;
    const tail =
      route.subject === name
        ? text.slice(call.tailAt)
        : `${CALL_HEAD.slice(0, -1)}${JSON.stringify(route.subject)}${text.slice(call.nameEnd + 1)}`;
    const pending = route.calls.forwardText(
      this,
      id,
      'tools/call',
      text,
      tail,
      route.subject,
      route.running,
      route.entry,
    );
    this.#relayed.set(id, pending);
    return true;
  }

  /** Relays the message if it is a request (or the cancellation of one) that passes through. */
  #relay(message: JSONRPCMessage): boolean {
    const router = this.router;
    if (router === undefined || !('method' in message)) return false;
    if (!('id' in message) || message.id === undefined || message.id === null) {
      if (message.method !== 'notifications/cancelled' || this.#relayed.size === 0) return false;
      const params = message.params as { requestId?: RequestId; reason?: unknown } | undefined;
      const relayed = params?.requestId === undefined ? undefined : this.#relayed.get(params.requestId);
      if (relayed === undefined) return false;
      relayed.relay.cancel(relayed, params?.reason);
      return true;
    }
    const request = message as JSONRPCRequest;
    // An id already running is the server's to refuse, as it would on a direct connection.
    if (this.#relayed.has(request.id)) return false;
    const route = router(request);
    if (route === undefined) return false;
    // Its answer comes in a later turn at the earliest, so it is recorded before it can end.
    const pending = route.calls.forward(
      this,
      request,
      route.params,
      route.subject,
      route.running,
      route.entry,
    );
    this.#relayed.set(request.id, pending);
    return true;
  }
}
