// URI-template matching on adversarial 100 KB URIs: patterns that make a backtracking regex go
// quadratic or worse (adjacent expressions, repeated separators, a literal that never comes).
// Matching must stay linear. A quadratic matcher needs ~10^10 steps on 100 KB (seconds to minutes),
// a linear one well under a millisecond, so one generous absolute bound tells them apart on a loaded
// machine too; a ratio of two small timings would only measure the machine's noise.
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
    const big = uri(BIG);
    expect(big.length).toBeGreaterThanOrEqual(BIG);
    // Whether it matches is not the point; it must answer, and answer fast.
    compiled.match(big);
    const bigMs = bestTimeMs(() => compiled.match(big));
    expect(bigMs, `100 KB took ${bigMs.toFixed(2)} ms`).toBeLessThan(1000);
  });

  it('refuses URIs over the default maxUriLength without looking at them', () => {
    const compiled = new UriTemplate('x://{a}{b}{c}{d}');
    const huge = `x://${'a'.repeat(10 * BIG)}`;
    const ms = bestTimeMs(() => expect(compiled.match(huge)).toBeUndefined());
    // Refusing is a length check; the bound leaves room for a loaded machine, while a backtracking
    // matcher on 1 MB of this input would take minutes.
    expect(ms).toBeLessThan(50);
  });
});
