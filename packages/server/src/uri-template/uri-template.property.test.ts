import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UriTemplate } from './uri-template.js';

// Properties of the matcher: what expansion produces, matching gives back; and no input, however
// hostile, takes more than linear time.

const value = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' });

describe('UriTemplate properties', () => {
  it('matches back what it expands (simple, reserved-free and query variables)', () => {
    const template = new UriTemplate('test://items/{id}/v/{version}{?q,sort}');
    fc.assert(
      fc.property(
        value,
        value,
        fc.option(value, { nil: undefined }),
        fc.option(value, { nil: undefined }),
        (id, version, q, sort) => {
          const values: Record<string, string> = { id, version };
          if (q !== undefined) values.q = q;
          if (sort !== undefined) values.sort = sort;
          expect(template.match(template.expand(values))).toEqual(values);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches back a path segment list', () => {
    const template = new UriTemplate('repo://x{/segments*}');
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (segments) => {
        expect(template.match(template.expand({ segments }))).toEqual({ segments });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws and stays fast on arbitrary URIs', () => {
    const templates = ['a://{x}{y}{z}', 'a://{x}/{y}.txt', 'a://{+p}{?q*}', 'a://{.d*}{/s*}{;m}{#f}'].map(
      (text) => new UriTemplate(text, { maxUriLength: 100_000 }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 0, max: 2000 }), (piece, times) => {
        const uri = `a://${piece.repeat(Math.min(times, Math.floor(50_000 / Math.max(piece.length, 1))))}`;
        const started = performance.now();
        for (const template of templates) template.match(uri);
        expect(performance.now() - started).toBeLessThan(250);
      }),
      { numRuns: 100 },
    );
  });
});
