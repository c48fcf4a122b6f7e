import type { Awaitable } from './types.js';
import { randomToken } from './webcrypto.js';

// The nonces a server hands out (RFC 9449 §9), behind an interface so several processes can share
// them; the replay cache is in replay-cache.ts.

/**
 * How often the server's DPoP nonce changes, in ms (5 minutes); the previous nonce stays valid for one
 * more period.
 */
export const DEFAULT_DPOP_NONCE_ROTATION_MS = 5 * 60_000;

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
