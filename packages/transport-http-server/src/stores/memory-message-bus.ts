import type { Awaitable, MessageBus, OutboundEnvelope } from './types.js';

type Deliver = (envelope: OutboundEnvelope) => Awaitable<void>;

/** Delivers outbound messages within this process: one subscriber per session. */
export class InMemoryMessageBus implements MessageBus {
  readonly #subscribers = new Map<string, Deliver>();

  async publish(sessionId: string, envelope: OutboundEnvelope): Promise<boolean> {
    const deliver = this.#subscribers.get(sessionId);
    if (!deliver) return false;
    await deliver(envelope);
    return true;
  }

  subscribe(sessionId: string, deliver: Deliver): () => void {
    this.#subscribers.set(sessionId, deliver);
    return () => {
      if (this.#subscribers.get(sessionId) === deliver) this.#subscribers.delete(sessionId);
    };
  }
}
