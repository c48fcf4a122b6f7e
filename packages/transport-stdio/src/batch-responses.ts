import type { JSONRPCMessage } from './types.js';

type RequestId = Extract<JSONRPCMessage, { id: unknown }>['id'];

interface Batch {
  /** Requests of the batch still without a response. */
  waiting: Set<RequestId>;
  responses: JSONRPCMessage[];
  /** What every held response of the batch resolves with: made by the first one held. */
  sent?: Promise<void>;
  /** Settles `sent` like the given promise (the batch's write, or a rejection on close). */
  settle?: (outcome: Promise<void>) => void;
}

/**
 * JSON-RPC 2.0 (and MCP 2025-03-26) answer a batch with one array of responses. This holds the
 * responses to a batch's requests until the last one is sent, then hands the whole array on.
 * A request cancelled by the client (`notifications/cancelled`) is not waited for, since a
 * cancelled request gets no response.
 */
export class BatchResponses {
  readonly #byId = new Map<RequestId, Batch>();

  readonly #sendBatch: (responses: JSONRPCMessage[]) => Promise<void>;

  constructor(sendBatch: (responses: JSONRPCMessage[]) => Promise<void>) {
    this.#sendBatch = sendBatch;
  }

  /** Remembers the requests of an incoming batch (ids already in use are answered singly). */
  track(batch: readonly JSONRPCMessage[]): void {
    const ids = new Set<RequestId>();
    for (const message of batch) {
      if ('method' in message && 'id' in message && !this.#byId.has(message.id)) ids.add(message.id);
    }
    if (ids.size === 0) return;
    const entry: Batch = { waiting: ids, responses: [] };
    for (const id of ids) this.#byId.set(id, entry);
  }

  /** Notes an incoming message: a cancellation releases the cancelled request from its batch. */
  observe(message: JSONRPCMessage): void {
    if (!('method' in message) || message.method !== 'notifications/cancelled') return;
    const id = message.params?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const batch = this.#byId.get(id);
    if (!batch) return;
    this.#byId.delete(id);
    batch.waiting.delete(id);
    this.#flushIfComplete(batch);
  }

  /** Holds `message` if it answers a batched request; returns undefined when it is not one. */
  hold(message: JSONRPCMessage): Promise<void> | undefined {
    if ('method' in message || !('id' in message) || message.id === null) return undefined;
    const batch = this.#byId.get(message.id);
    if (!batch) return undefined;
    this.#byId.delete(message.id);
    batch.waiting.delete(message.id);
    batch.responses.push(message);
    batch.sent ??= new Promise<void>((resolve) => {
      batch.settle = resolve;
    });
    this.#flushIfComplete(batch);
    return batch.sent;
  }

  /** Fails every held response (the connection is closing). */
  clear(reason: Error): void {
    const batches = new Set(this.#byId.values());
    this.#byId.clear();
    for (const batch of batches) batch.settle?.(Promise.reject(reason));
  }

  #flushIfComplete(batch: Batch): void {
    if (batch.waiting.size === 0) batch.settle?.(this.#sendBatch(batch.responses));
  }
}
