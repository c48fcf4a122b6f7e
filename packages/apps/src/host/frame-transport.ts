// The host's end of the postMessage channel to one app: a `@mcpkit/jsonrpc` Transport that posts to
// the sandbox iframe's window (to its origin only) and accepts only messages whose source is that
// window and whose origin is the sandbox origin. Messages from other windows are not for this app
// (a page may hold several apps) and are ignored; a message from the app's window but another
// origin (the frame navigated away) or one that is not JSON-RPC is refused and reported.
import { type MessageExtra, type Transport, validateMessage } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol/essentials';

/** Where a `FrameTransport` sends and what it accepts. */
export interface FrameTransportOptions {
  /** The sandbox iframe's window (`iframe.contentWindow`, stable from the moment it is attached). */
  target: Window;
  /** The sandbox's origin: messages go to it only, and are accepted from it only. */
  origin: string;
  /** The window whose `message` events carry the app's messages (default: the global `window`). */
  listenOn?: Window;
}

/** A Transport over `postMessage` between a host page and one app's sandbox iframe. */
export class FrameTransport implements Transport {
  readonly #target: Window;
  readonly #origin: string;
  readonly #listenOn: Window;
  #listening = false;
  #closed = false;

  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;

  constructor(options: FrameTransportOptions) {
    this.#target = options.target;
    this.#origin = options.origin;
    this.#listenOn = options.listenOn ?? window;
  }

  async start(): Promise<void> {
    if (this.#closed) throw new Error('FrameTransport: start() after close()');
    if (this.#listening) throw new Error('FrameTransport: start() called twice');
    this.#listening = true;
    this.#listenOn.addEventListener('message', this.#receive);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed)
      throw new Error(`FrameTransport: cannot send ${describe(message)}: the transport is closed`);
    this.#target.postMessage(message, this.#origin);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#listening) this.#listenOn.removeEventListener('message', this.#receive);
    this.onclose?.();
  }

  readonly #receive = (event: MessageEvent): void => {
    if (event.source !== this.#target) return;
    if (event.origin !== this.#origin) {
      this.onerror?.(
        new Error(
          `FrameTransport: refused a message from origin ${event.origin}: the app's sandbox origin is ${this.#origin}`,
        ),
      );
      return;
    }
    let message: JSONRPCMessage | JSONRPCMessage[];
    try {
      message = validateMessage(event.data);
    } catch (error) {
      this.onerror?.(
        new Error(
          `FrameTransport: refused a message from the app that is not JSON-RPC 2.0: ${String(error)}`,
          {
            cause: error,
          },
        ),
      );
      return;
    }
    if (Array.isArray(message)) {
      this.onerror?.(
        new Error('FrameTransport: refused a JSON-RPC batch from the app: MCP Apps send single messages'),
      );
      return;
    }
    this.onmessage?.(message);
  };
}

function describe(message: JSONRPCMessage): string {
  return 'method' in message
    ? `${message.method}`
    : `the response to ${String((message as { id?: unknown }).id)}`;
}
