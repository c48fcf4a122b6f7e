import type { Awaitable, MessageBus, OutboundEnvelope } from './types.js';

type Deliver = (envelope: OutboundEnvelope) => Awaitable<void>;

/**
 * Delivers outbound messages within this process. A session normally has one subscriber; handlers
 * sharing one bus (several instances in one process, as tests run them) each subscribe, and every
 * subscriber gets each envelope.
 */
export class InMemoryMessageBus implements MessageBus {
  readonly #subscribers = new Map<string, Deliver[]>();

  async publish(sessionId: string, envelope: OutboundEnvelope): Promise<boolean> {
    const delivers = this.#subscribers.get(sessionId);
    if (!delivers) return false;
    if (delivers.length === 1) await delivers[0]!(envelope);
    else await Promise.all(delivers.map((deliver) => deliver(envelope)));
    return true;
  }

  subscribe(sessionId: string, deliver: Deliver): () => void {
    const delivers = this.#subscribers.get(sessionId) ?? [];
    delivers.push(deliver);
    this.#subscribers.set(sessionId, delivers);
    return () => {
      const current = this.#subscribers.get(sessionId);
      const index = current?.indexOf(deliver) ?? -1;
      if (!current || index === -1) return;
      current.splice(index, 1);
      if (current.length === 0) this.#subscribers.delete(sessionId);
    };
  }
}
