import { BoundedCache } from './bounded-cache.js';
import { AuthError } from './errors.js';
import type { Awaitable } from './types.js';
import { randomToken } from './webcrypto.js';

// What DPoP needs to remember between requests: proofs already used (RFC 9449 §11.1) and the
// nonces this server hands out (§9). Both are interfaces, so several processes can share them.

/** How many DPoP proofs (by key thumbprint and `jti`) are remembered to refuse replays. */
export const DEFAULT_DPOP_REPLAY_ENTRIES = 100_000;
/**
 * How often the server's DPoP nonce changes, in ms (5 minutes); the previous nonce stays valid for one
 * more period.
 */
export const DEFAULT_DPOP_NONCE_ROTATION_MS = 5 * 60_000;

/** Remembers proofs (by key thumbprint and `jti`) for as long as they could be accepted. */
export interface DpopReplayCache {
  /**
   * Records a proof's first use: true when it is new, false when it was seen before. Throws an
   * `AuthError` (`server_error`) when it cannot remember one more.
   */
  firstUse(key: string, expiresAtMs: number, nowMs: number): Awaitable<boolean>;
}

/**
 * The in-memory replay cache: at most `maxEntries` proofs (default 100 000), each kept only for
 * its acceptance window. When it is full of live proofs it refuses new ones (HTTP 503 with
 * Retry-After) instead of forgetting one that could then be replayed.
 */
export function memoryReplayCache(options: { maxEntries?: number } = {}): DpopReplayCache {
  const maxEntries = options.maxEntries ?? DEFAULT_DPOP_REPLAY_ENTRIES;
  const seen = new BoundedCache<true>(maxEntries);
  return {
    firstUse(key, expiresAtMs, nowMs) {
      if (seen.get(key, nowMs) !== undefined) return false;
      if (!seen.hasRoom(nowMs)) {
        const free = seen.earliestExpiry(nowMs) ?? nowMs;
        throw new AuthError(
          'server_error',
          `the DPoP replay cache is full (${maxEntries} proofs within their acceptance window); retry later`,
          { retryAfterSec: Math.max(1, Math.ceil((free - nowMs) / 1000)) },
        );
      }
      seen.set(key, true, expiresAtMs, nowMs);
      return true;
    },
  };
}

/** Server-provided DPoP nonces (RFC 9449 §9): the one to hand out, and which ones a proof may carry. */
export interface DpopNonceSource {
  /** The nonce to hand out now (in `DPoP-Nonce`). */
  current(nowMs: number): Awaitable<string>;
  /** True when a proof's nonce is one this server handed out and still accepts. */
  isValid(nonce: string, nowMs: number): Awaitable<boolean>;
}

/**
 * Random nonces replaced every `rotationMs` (default 5 minutes); the previous one stays valid for
 * one more period, so a client that just fetched a nonce is not refused at the turn.
 */
export function rotatingNonces(options: { rotationMs?: number } = {}): DpopNonceSource {
  const rotationMs = options.rotationMs ?? DEFAULT_DPOP_NONCE_ROTATION_MS;
  let current = randomToken();
  let previous: string | undefined;
  let rotatedAt: number | undefined;
  const rotate = (nowMs: number) => {
    if (rotatedAt === undefined) rotatedAt = nowMs;
    if (nowMs - rotatedAt < rotationMs) return;
    // A long pause means both nonces are stale.
    previous = nowMs - rotatedAt < 2 * rotationMs ? current : undefined;
    current = randomToken();
    rotatedAt = nowMs;
  };
  return {
    current(nowMs) {
      rotate(nowMs);
      return current;
    },
    isValid(nonce, nowMs) {
      rotate(nowMs);
      return nonce === current || (previous !== undefined && nonce === previous);
    },
  };
}
