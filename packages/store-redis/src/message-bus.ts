import type { Awaitable, MessageBus, OutboundEnvelope } from '@mcpkit/transport-http-server';
import type { Redis } from 'ioredis';
import { attempt, redisFailure } from './errors.js';

type Deliver = (envelope: OutboundEnvelope) => Awaitable<void>;

/** Where the bus publishes and whom it tells about failures no caller can see. */
export interface RedisMessageBusOptions {
  /** Prepended to every channel (default `mcpkit:`). */
  keyPrefix?: string;
  /**
   * Told what has no caller to reject: a subscription Redis refused (retried when it reconnects), a
   * message that is not JSON, a delivery that threw.
   */
  onerror: (error: Error) => void;
}

/**
 * Outbound messages over Redis pub/sub, one channel per session (`<prefix>bus:<session>`), all
 * subscriptions of this bus on one subscriber connection. A session subscribed in this process is
 * served directly, as the in-memory bus does, except an envelope with `from` (its publisher asks the
 * other processes holding the session: a GET stream held elsewhere, a client answer to forward),
 * which always goes through Redis; otherwise `publish` resolves true when Redis counted a
 * subscriber, i.e. some process held the session's streams at that moment. Pub/sub is at most once:
 * a subscriber that disconnects before reading loses the message, which resumption then cannot
 * replay either, since the history is written by the process that delivers.
 */
export class RedisMessageBus implements MessageBus {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #onerror: (error: Error) => void;
  readonly #subscribers = new Map<string, Deliver>();
  /** Deliveries per channel run one after another, in the order Redis sent them. */
  readonly #tails = new Map<string, Promise<void>>();

  /** `subscriber` is a connection of its own: Redis allows nothing but pub/sub commands on it. */
  constructor(publisher: Redis, subscriber: Redis, options: RedisMessageBusOptions) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#prefix = options.keyPrefix ?? 'mcpkit:';
    this.#onerror = options.onerror;
    subscriber.on('message', (channel: string, text: string) => this.#receive(channel, text));
    // ioredis resubscribes what Redis had confirmed; this also retries what it refused while down.
    subscriber.on('ready', () => {
      for (const channel of this.#subscribers.keys()) this.#subscribeInRedis(channel);
    });
  }

  async publish(sessionId: string, envelope: OutboundEnvelope): Promise<boolean> {
    const channel = this.#channel(sessionId);
    const local = this.#subscribers.get(channel);
    // An envelope with `from` is for the other processes holding the session (rehydrated copies).
    if (local && envelope.from === undefined) {
      await local(envelope);
      return true;
    }
    const receivers = await attempt(`publish to session ${sessionId}`, () =>
      this.#publisher.publish(channel, JSON.stringify(envelope)),
    );
    // This process's own subscription counts in Redis but ignores what it published.
    return receivers - (local ? 1 : 0) > 0;
  }

  subscribe(sessionId: string, deliver: Deliver): () => void {
    const channel = this.#channel(sessionId);
    this.#subscribers.set(channel, deliver);
    this.#subscribeInRedis(channel);
    return () => {
      if (this.#subscribers.get(channel) !== deliver) return;
      this.#subscribers.delete(channel);
      this.#tails.delete(channel);
      this.#subscriber.unsubscribe(channel).catch((error: unknown) => {
        this.#onerror(redisFailure(`unsubscribe from session ${sessionId}`, error));
      });
    };
  }

  /** Channels this process is subscribed to (one per session whose streams it holds). */
  get size(): number {
    return this.#subscribers.size;
  }

  #subscribeInRedis(channel: string): void {
    this.#subscriber.subscribe(channel).catch((error: unknown) => {
      const session = channel.slice(this.#channel('').length);
      this.#onerror(redisFailure(`subscribe to session ${session} (retried on reconnect)`, error));
    });
  }

  #receive(channel: string, text: string): void {
    const deliver = this.#subscribers.get(channel);
    // Unsubscribed between Redis counting this process and the message arriving: the session closed.
    if (!deliver) return;
    let envelope: OutboundEnvelope;
    try {
      envelope = JSON.parse(text) as OutboundEnvelope;
    } catch (error) {
      this.#onerror(redisFailure(`message on ${channel} is not JSON`, error));
      return;
    }
    const tail = (this.#tails.get(channel) ?? Promise.resolve())
      .then(() => deliver(envelope))
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        this.#onerror(
          new Error(`delivering a message from Redis on ${channel} failed: ${reason}`, { cause: error }),
        );
      });
    this.#tails.set(channel, tail);
  }

  #channel(sessionId: string): string {
    return `${this.#prefix}bus:${sessionId}`;
  }
}
