import type { JSONRPCMessage } from '@mcpkit/protocol';
import { McpkitError, McpkitErrorCode } from '../errors.js';
import type { MessageExtra, Transport, TransportSendOptions } from '../transport.js';

const RESOLVED: Promise<void> = Promise.resolve();

interface PairState {
  closed: boolean;
  closing: Promise<void> | undefined;
}

/**
 * One end of an in-memory pair. Messages are handed over by reference (not copied), delivered
 * asynchronously in order in a microtask; a queue drained by one shared microtask avoids a
 * closure per message.
 */
class InMemoryTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  /** Set by `createInMemoryTransportPair`. */
  other!: InMemoryTransport;
  readonly #state: PairState;
  #inbox: JSONRPCMessage[] = [];
  #started = false;
  #drainScheduled = false;
  #closeFired = false;

  constructor(state: PairState) {
    this.#state = state;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('InMemoryTransport.start() was called twice; call it once');
    this.#started = true;
    this.#scheduleDrain();
  }

  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.#state.closed) {
      const what = describe(message);
      return Promise.reject(
        new McpkitError(
          McpkitErrorCode.ConnectionClosed,
          `Cannot send ${what}: the in-memory transport is closed`,
        ),
      );
    }
    this.other.#enqueue(message);
    return RESOLVED;
  }

  close(): Promise<void> {
    const state = this.#state;
    if (state.closing !== undefined) return state.closing;
    state.closed = true;
    // Runs after the drains already queued, so messages sent before close still arrive first.
    state.closing = new Promise<void>((resolve) => {
      queueMicrotask(() => {
        this.#fireClose();
        this.other.#fireClose();
        resolve();
      });
    });
    return state.closing;
  }

  #enqueue(message: JSONRPCMessage): void {
    this.#inbox.push(message);
    this.#scheduleDrain();
  }

  #scheduleDrain(): void {
    if (this.#drainScheduled || !this.#started || this.#inbox.length === 0) return;
    this.#drainScheduled = true;
    queueMicrotask(this.#drain);
  }

  readonly #drain = (): void => {
    const inbox = this.#inbox;
    try {
      // Messages queued while delivering are taken in this same pass.
      for (let index = 0; index < inbox.length && !this.#closeFired; index++) {
        const message = inbox[index]!;
        try {
          this.onmessage?.(message, undefined);
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } finally {
      // A fresh array is cheaper than truncating this one in place.
      this.#inbox = [];
      this.#drainScheduled = false;
    }
  };

  #fireClose(): void {
    if (this.#closeFired) return;
    // Deliver what was sent before close, then close.
    if (this.#started) this.#drain();
    this.#closeFired = true;
    this.#inbox = [];
    this.onclose?.();
  }
}

function describe(message: JSONRPCMessage): string {
  if ('method' in message)
    return 'id' in message ? `request '${message.method}'` : `notification '${message.method}'`;
  return 'id' in message ? `the response to id ${JSON.stringify(message.id)}` : 'a message';
}

/**
 * Two linked transports for tests and in-process wiring: what one sends, the other receives.
 * Closing either end closes both; each fires `onclose` once; sends after close reject.
 */
export function createInMemoryTransportPair(): [Transport, Transport] {
  const state: PairState = { closed: false, closing: undefined };
  const left = new InMemoryTransport(state);
  const right = new InMemoryTransport(state);
  left.other = right;
  right.other = left;
  return [left, right];
}
