// A Transport (the @mcpkit/jsonrpc interface) over `window.postMessage`, for both ends of MCP Apps:
// the app in its iframe talking to `window.parent`, and a host talking to an iframe's
// `contentWindow`. Messages are accepted only from the one window we talk to (`event.source`), and,
// when origins are given, only from those origins; everything else on the window belongs to someone
// else and is left alone. Runtime-neutral: it needs only objects with `postMessage` and
// `addEventListener`, so tests drive it with a pair of EventTargets.

import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol/essentials';

/** Something messages can be posted to: a `Window` (`window.parent`, `iframe.contentWindow`). */
export interface PostMessageTarget {
  /** Posts `message` (structured-cloned) to this window, if its origin is `targetOrigin` (or `'*'`). */
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What a `message` event carries, as far as this transport reads it. */
export interface PostMessageEvent {
  data: unknown;
  origin: string;
  source: unknown;
}

/** Where `message` events arrive: the current `window` (default `globalThis`). */
export interface MessageEventSource {
  /** Starts calling `listener` with each message posted to this window. */
  addEventListener(type: 'message', listener: (event: PostMessageEvent) => void): void;
  /** Stops calling `listener`. */
  removeEventListener(type: 'message', listener: (event: PostMessageEvent) => void): void;
}

/** Options of `PostMessageTransport`. */
export interface PostMessageTransportOptions {
  /** The window messages go to: `window.parent` in an app, `iframe.contentWindow` in a host. */
  target: PostMessageTarget;
  /** The window whose messages are accepted (`event.source`); default `target`. */
  source?: unknown;
  /**
   * The origin `target` must have for a message to be delivered (postMessage's `targetOrigin`).
   * Default `'*'`: any, the only choice for an app inside a sandbox whose host origin it cannot
   * know. A host sets it to the sandbox's origin.
   */
  targetOrigin?: string;
  /**
   * Origins incoming messages may come from (`event.origin`). Default: `targetOrigin` when it names
   * one, else any (the `source` check still applies). A sandboxed frame without `allow-same-origin`
   * has the origin `'null'`.
   */
  allowedOrigins?: readonly string[];
  /** Where `message` events arrive; default `globalThis` (the current window). */
  listenOn?: MessageEventSource;
}

function isJsonRpc(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0';
}

/**
 * JSON-RPC over `postMessage` between two windows. The JSON-RPC peer validates each delivered
 * message; this transport delivers only the ones from its window and origins, and reports (through
 * `onerror`) messages from that window that are not JSON-RPC 2.0.
 */
export class PostMessageTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;

  readonly #target: PostMessageTarget;
  readonly #source: unknown;
  readonly #targetOrigin: string;
  readonly #allowedOrigins: readonly string[] | undefined;
  readonly #listenOn: MessageEventSource;
  #state: 'new' | 'started' | 'closed' = 'new';

  constructor(options: PostMessageTransportOptions) {
    this.#target = options.target;
    this.#source = options.source ?? options.target;
    this.#targetOrigin = options.targetOrigin ?? '*';
    this.#allowedOrigins =
      options.allowedOrigins ?? (this.#targetOrigin === '*' ? undefined : [this.#targetOrigin]);
    const listenOn = options.listenOn ?? (globalThis as unknown as Partial<MessageEventSource>);
    if (typeof listenOn.addEventListener !== 'function')
      throw new TypeError(
        'PostMessageTransport needs options.listenOn: this runtime has no global addEventListener',
      );
    this.#listenOn = listenOn as MessageEventSource;
  }

  readonly #listener = (event: PostMessageEvent): void => {
    if (event.source !== this.#source) return;
    if (this.#allowedOrigins !== undefined && !this.#allowedOrigins.includes(event.origin)) {
      this.onerror?.(
        new Error(
          `Dropped a message from origin ${JSON.stringify(event.origin)}: expected ${this.#allowedOrigins.map((origin) => JSON.stringify(origin)).join(' or ')}`,
        ),
      );
      return;
    }
    if (!isJsonRpc(event.data)) {
      this.onerror?.(new Error(`Dropped a message that is not JSON-RPC 2.0 (no "jsonrpc": "2.0" member)`));
      return;
    }
    this.onmessage?.(event.data as JSONRPCMessage);
  };

  async start(): Promise<void> {
    if (this.#state !== 'new')
      throw new Error(`PostMessageTransport cannot start: it is already ${this.#state}`);
    this.#state = 'started';
    this.#listenOn.addEventListener('message', this.#listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#state !== 'started')
      throw new Error(
        `PostMessageTransport cannot send: it is ${this.#state === 'new' ? 'not started' : 'closed'}`,
      );
    this.#target.postMessage(message, this.#targetOrigin);
  }

  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    const wasStarted = this.#state === 'started';
    this.#state = 'closed';
    if (wasStarted) this.#listenOn.removeEventListener('message', this.#listener);
    this.onclose?.();
  }
}
