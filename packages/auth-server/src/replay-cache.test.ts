import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.js';
import { memoryReplayCache } from './replay-cache.js';

// Every proof lives 120 s (60 s age + 2 × 30 s skew), as the resource server's defaults make it.
const LIFETIME_MS = 120_000;

function use(
  cache: ReturnType<typeof memoryReplayCache>,
  jkt: string,
  jti: string,
  nowMs: number,
  iatSec = nowMs / 1000,
) {
  return cache.firstUse(`${jkt}.${jti}`, nowMs + LIFETIME_MS, nowMs, { jkt, jti, issuedAtSec: iatSec });
}

function refusal(run: () => unknown): AuthError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected an AuthError');
}

describe('memoryReplayCache', () => {
  it('refuses a replay, and forgets a proof once its window is over', () => {
    const cache = memoryReplayCache();
    expect(use(cache, 'k', 'a', 0)).toBe(true);
    expect(use(cache, 'k', 'a', 1_000)).toBe(false);
    expect(cache.size).toBe(1);
    expect(use(cache, 'k', 'b', LIFETIME_MS)).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('one key flooding it holds at most its share; every other key still gets in (issue 35 #1)', () => {
    const cache = memoryReplayCache({ maxEntries: 300, maxEntriesPerKey: 100 });
    // 10 000 proofs from one key within one window, one per ms: 1 000 per second of iat.
    let now = 0;
    const refusals = new Map<string, number>();
    for (let i = 0; i < 10_000; i++, now++) {
      try {
        use(cache, 'flood', `f${i}`, now, Math.floor(now / 1000));
      } catch (error) {
        const code = (error as AuthError).code;
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
    }
    expect(cache.size).toBe(100);
    expect(cache.keyCount).toBe(1);
    // Past its share within one second of iat, the flooding key itself gets 401 (make a new proof).
    expect([...refusals.keys()]).toEqual(['invalid_dpop_proof']);
    // Another client is neither refused nor slowed down by a scan: its fresh proof passes.
    expect(use(cache, 'victim', 'v1', now, Math.floor(now / 1000))).toBe(true);
    expect(use(cache, 'victim', 'v1', now + 1, Math.floor(now / 1000))).toBe(false);
  });

  it('never lets a forgotten proof be replayed: the key refuses proofs up to its forgotten iat', () => {
    const cache = memoryReplayCache({ maxEntries: 1_000, maxEntriesPerKey: 2 });
    expect(use(cache, 'k', 'a', 0, 10)).toBe(true);
    expect(use(cache, 'k', 'b', 1_000, 11)).toBe(true);
    // A third proof pushes `a` (iat 10) out: `a` replayed is refused, though no longer remembered.
    expect(use(cache, 'k', 'c', 2_000, 12)).toBe(true);
    const replay = refusal(() => use(cache, 'k', 'a', 3_000, 10));
    expect(replay).toMatchObject({ code: 'invalid_dpop_proof', status: 401 });
    expect(replay.message).toBe(
      "the DPoP proof was made at 1970-01-01T00:00:10.000Z; more proofs arrived within the acceptance window than are remembered (2 per key, 1000 in all), so this key's proofs made at or before 1970-01-01T00:00:10.000Z are no longer accepted; make a new proof",
    );
    // A fresh proof of that key passes.
    expect(use(cache, 'k', 'd', 3_000, 13)).toBe(true);
  });

  it('when full of many keys, makes room from the oldest proof of all, without refusing anyone', () => {
    const cache = memoryReplayCache({ maxEntries: 10, maxEntriesPerKey: 5 });
    for (let i = 0; i < 10; i++) expect(use(cache, `k${i % 2}`, `p${i}`, i * 1_000, i)).toBe(true);
    expect(cache.size).toBe(10);
    expect(use(cache, 'newcomer', 'n', 10_000, 10)).toBe(true);
    expect(cache.size).toBe(10);
    // p0 (k0, iat 0) made the room: replaying it is refused by k0's horizon.
    expect(refusal(() => use(cache, 'k0', 'p0', 11_000, 0)).code).toBe('invalid_dpop_proof');
    expect(use(cache, 'k0', 'fresh', 11_000, 11)).toBe(true);
  });
});
