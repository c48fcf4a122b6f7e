// URI-template matching on adversarial 100 KB URIs: patterns that make a backtracking regex go
// quadratic or worse (adjacent expressions, repeated separators, a literal that never comes).
// Matching must stay linear: 4x the input may cost at most ~8x the time (quadratic would be 16x).
import { UriTemplate } from '@mcpkit/server/uri-template';
import { describe, expect, it } from 'vitest';

const BIG = 100 * 1024;
const limits = { maxUriLength: 2 * BIG };

interface Attack {
  template: string;
  uri: (size: number) => string;
}

const attacks: Attack[] = [
  { template: 'x://{a}{b}{c}{d}', uri: (n) => `x://${'a'.repeat(n)}` },
  { template: 'x://{a}-{b}-{c}-{d}!', uri: (n) => `x://${'a-'.repeat(n / 2)}` },
  { template: 'x://{+a}/{+b}/{+c}/end', uri: (n) => `x://${'a/'.repeat(n / 2)}` },
  { template: 'x://{/path*}/end', uri: (n) => `x://${'/'.repeat(n)}` },
  { template: 'x://{?q*}', uri: (n) => `x://?${'q=a&'.repeat(n / 4)}` },
  { template: 'x://{.a,b,c}.end', uri: (n) => `x://${'.a'.repeat(n / 2)}` },
  { template: 'x://{#a}{#b}', uri: (n) => `x://#${'%'.repeat(n)}` },
];

/** Best of a few runs, so a busy machine's pauses do not count as the matcher's cost. */
function bestTimeMs(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5; attempt++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('URI-template matching stays linear', () => {
  it.each(attacks)('$template on a 100 KB adversarial URI', ({ template, uri }) => {
    const compiled = new UriTemplate(template, limits);
    const small = uri(BIG / 4);
    const big = uri(BIG);
    expect(big.length).toBeGreaterThanOrEqual(BIG);
    // Whether it matches is not the point; it must answer, and answer fast.
    compiled.match(big);
    const smallMs = bestTimeMs(() => compiled.match(small));
    const bigMs = bestTimeMs(() => compiled.match(big));
    expect(bigMs, `100 KB took ${bigMs.toFixed(2)} ms`).toBeLessThan(250);
    // Below a millisecond, timer noise dominates; the ratio only means something above it.
    if (bigMs > 1)
      expect(
        bigMs / Math.max(smallMs, 0.05),
        `25 KB ${smallMs.toFixed(2)} ms, 100 KB ${bigMs.toFixed(2)} ms`,
      ).toBeLessThan(8);
  });

  it('refuses URIs over the default maxUriLength without looking at them', () => {
    const compiled = new UriTemplate('x://{a}{b}{c}{d}');
    const huge = `x://${'a'.repeat(10 * BIG)}`;
    const ms = bestTimeMs(() => expect(compiled.match(huge)).toBeUndefined());
    expect(ms).toBeLessThan(5);
  });
});
