import { AuthError } from './errors.js';
import type { Awaitable } from './types.js';

// The DPoP replay cache (RFC 9449 §11.1): proofs already used, by key thumbprint and `jti`, each for
// as long as it could be accepted.

/** How many DPoP proofs are remembered in all, by default. */
export const DEFAULT_DPOP_REPLAY_ENTRIES = 100_000;
/** How many DPoP proofs of one key are remembered, by default. */
export const DEFAULT_DPOP_REPLAY_ENTRIES_PER_KEY = 1_000;

/** The proof a replay cache is asked about. */
export interface DpopProofUse {
  /** The thumbprint of the key that signed it (the token's `cnf.jkt`). */
  jkt: string;
  jti: string;
  /** Its `iat`, in seconds since the epoch. */
  issuedAtSec: number;
}

/** Remembers proofs (by key thumbprint and `jti`) for as long as they could be accepted. */
export interface DpopReplayCache {
  /**
   * Records a proof's first use: true when it is new, false when it was seen before. `key` is
   * `<jkt>.<jti>`; `proof` says whose proof it is. May throw an `AuthError`: `server_error` (503)
   * when it cannot remember one more, `invalid_dpop_proof` when it refuses this proof for another
   * reason its message gives.
   */
  firstUse(key: string, expiresAtMs: number, nowMs: number, proof?: DpopProofUse): Awaitable<boolean>;
}

/** The in-memory replay cache, with what it holds. */
export interface MemoryReplayCache extends DpopReplayCache {
  /** Proofs remembered now. */
  readonly size: number;
  /** Keys with proofs (or a horizon, below) remembered now. */
  readonly keyCount: number;
}

interface Owner {
  readonly id: string;
  /** This key's proofs by jti, oldest first. */
  readonly entries: Map<string, Used>;
  /** Proofs of this key made at or before this `iat` are refused until `horizonUntil`. */
  horizonSec: number;
  horizonUntil: number;
}

interface Used {
  readonly key: string;
  readonly owner: Owner;
  readonly jti: string;
  readonly issuedAtSec: number;
  readonly expiresAt: number;
}

/**
 * The in-memory replay cache: at most `maxEntriesPerKey` proofs of one key (default 1 000) and
 * `maxEntries` in all (default 100 000), each kept only for its acceptance window.
 *
 * A full cache never refuses a client and never forgets a proof that could be replayed: to make
 * room it forgets the key's oldest proof (or, when the whole cache is full, the oldest of all) and
 * from then on refuses that key's proofs made at or before the forgotten one's `iat`, its
 * horizon. A key sending more proofs than its share only narrows its own window; clients making
 * fresh proofs (the `iat` of now) pass, whoever else floods. Each use costs a few Map operations:
 * nothing is scanned.
 */
export function memoryReplayCache(
  options: { maxEntries?: number; maxEntriesPerKey?: number } = {},
): MemoryReplayCache {
  const maxEntries = options.maxEntries ?? DEFAULT_DPOP_REPLAY_ENTRIES;
  const perKey = options.maxEntriesPerKey ?? DEFAULT_DPOP_REPLAY_ENTRIES_PER_KEY;
  if (!(maxEntries >= 1) || !(perKey >= 1)) {
    throw new RangeError(
      `maxEntries and maxEntriesPerKey must be at least 1, got ${maxEntries} and ${perKey}`,
    );
  }
  // Arrival order: with one lifetime for every proof, also expiry order.
  const seen = new Map<string, Used>();
  // Least recently used first.
  const owners = new Map<string, Owner>();

  function forget(used: Used, nowMs: number): void {
    seen.delete(used.key);
    used.owner.entries.delete(used.jti);
    // Still acceptable: from now on its key's proofs up to its iat are refused instead.
    if (used.expiresAt > nowMs) {
      used.owner.horizonSec = Math.max(used.owner.horizonSec, used.issuedAtSec);
      used.owner.horizonUntil = Math.max(used.owner.horizonUntil, used.expiresAt);
    }
  }

  function dropIfIdle(owner: Owner, nowMs: number): boolean {
    if (owner.entries.size > 0 || owner.horizonUntil > nowMs) return false;
    if (owners.get(owner.id) === owner) owners.delete(owner.id);
    return true;
  }

  function prune(nowMs: number): void {
    for (const used of seen.values()) {
      if (used.expiresAt > nowMs) break;
      forget(used, nowMs);
      dropIfIdle(used.owner, nowMs);
    }
    // Keys left with only a horizon; two per use keep pace with one new key per use.
    for (let i = 0; i < 2; i++) {
      const first = owners.values().next();
      if (first.done || !dropIfIdle(first.value, nowMs)) break;
    }
  }

  function ownerOf(id: string, nowMs: number): Owner {
    const known = owners.get(id);
    if (known !== undefined) {
      owners.delete(id);
      owners.set(id, known);
      return known;
    }
    if (owners.size >= maxEntries) {
      const first = owners.values().next().value!;
      const until = Math.max(first.horizonUntil, first.entries.values().next().value?.expiresAt ?? 0);
      throw new AuthError(
        'server_error',
        `the DPoP replay cache holds proofs of ${owners.size} keys within their acceptance window, its bound (maxEntries); retry later`,
        { retryAfterSec: Math.max(1, Math.ceil((until - nowMs) / 1000)) },
      );
    }
    const owner: Owner = { id, entries: new Map(), horizonSec: Number.NEGATIVE_INFINITY, horizonUntil: 0 };
    owners.set(id, owner);
    return owner;
  }

  return {
    get size() {
      return seen.size;
    },
    get keyCount() {
      return owners.size;
    },
    firstUse(key, expiresAtMs, nowMs, proof) {
      prune(nowMs);
      const existing = seen.get(key);
      if (existing !== undefined) {
        if (existing.expiresAt > nowMs) return false;
        forget(existing, nowMs);
      }
      const owner = ownerOf(proof?.jkt ?? key, nowMs);
      const issuedAtSec = proof?.issuedAtSec ?? nowMs / 1000;
      if (owner.horizonUntil > nowMs && issuedAtSec <= owner.horizonSec) {
        throw new AuthError(
          'invalid_dpop_proof',
          `the DPoP proof was made at ${iso(issuedAtSec)}; more proofs arrived within the acceptance window than are remembered (${perKey} per key, ${maxEntries} in all), so this key's proofs made at or before ${iso(owner.horizonSec)} are no longer accepted; make a new proof`,
        );
      }
      if (owner.entries.size >= perKey) forget(owner.entries.values().next().value!, nowMs);
      if (seen.size >= maxEntries) forget(seen.values().next().value!, nowMs);
      const used: Used = { key, owner, jti: proof?.jti ?? key, issuedAtSec, expiresAt: expiresAtMs };
      seen.set(key, used);
      owner.entries.set(used.jti, used);
      return true;
    },
  };
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
