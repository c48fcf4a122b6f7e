import type { Transport } from '@mcpkit/jsonrpc';

// What a probe learned about a server, kept per server so the next connection to a server of the
// stateful revisions skips the server/discover round trip (and, for a silent server, its timeout).

/**
 * Remembered outcome of a negotiation, keyed by server: a transport's `serverKey` if it names one,
 * else its `url` (HTTP transports).
 */
export interface NegotiationCache {
  /** The protocol version a server was last found to speak, if remembered. */
  get(serverKey: string): string | undefined;
  /** Remembers the protocol version a server speaks. */
  set(serverKey: string, protocolVersion: string): void;
  /** Forgets what was learned about a server. */
  delete(serverKey: string): void;
}

/** A bounded in-memory cache, shared by the clients of one process unless a client gets its own. */
export class MemoryNegotiationCache implements NegotiationCache {
  readonly #entries = new Map<string, string>();

  readonly #maxEntries: number;

  constructor(maxEntries = 256) {
    this.#maxEntries = maxEntries;
  }

  get(serverKey: string): string | undefined {
    return this.#entries.get(serverKey);
  }

  set(serverKey: string, protocolVersion: string): void {
    this.#entries.delete(serverKey);
    this.#entries.set(serverKey, protocolVersion);
    // Oldest first: a Map iterates in insertion order.
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  delete(serverKey: string): void {
    this.#entries.delete(serverKey);
  }
}

export const sharedNegotiationCache: NegotiationCache = new MemoryNegotiationCache();

/**
 * The cache negotiation reads and fills for `transport` (the `negotiationCache` option, else the
 * shared one): none when the option is false or the transport names no server.
 */
export function negotiationCacheFor(
  option: NegotiationCache | false | undefined,
  transport: Transport,
): { cache?: { store: NegotiationCache; serverKey: string } } {
  const store = option ?? sharedNegotiationCache;
  const serverKey = store === false ? undefined : serverKeyOf(transport);
  return store === false || serverKey === undefined ? {} : { cache: { store, serverKey } };
}

/**
 * Which server a transport reaches: its `serverKey` if it names one, else its `url` (HTTP
 * transports). Transports that name no server (in-memory pairs) are never cached.
 */
export function serverKeyOf(transport: Transport): string | undefined {
  const named = transport as Transport & { serverKey?: unknown; url?: unknown };
  if (typeof named.serverKey === 'string') return named.serverKey;
  if (typeof named.url === 'string') return named.url;
  if (named.url instanceof URL) return named.url.href;
  return undefined;
}
