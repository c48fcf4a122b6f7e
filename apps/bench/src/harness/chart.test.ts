import { describe, expect, it } from 'vitest';
import { type ChartReport, renderChart } from './chart.js';

/**
 * Checks XML well-formedness the way a parser would reject a document: one root, every tag closed
 * in order, attributes quoted, no stray `<` or `&` in text. Returns the open-tag names in order.
 */
function wellFormedTags(xml: string): string[] {
  const seen: string[] = [];
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let position = 0;
  while (position < xml.length) {
    token.lastIndex = position;
    match = token.exec(xml);
    if (!match)
      throw new Error(
        `not well-formed at ${position}: ${JSON.stringify(xml.slice(position, position + 60))}`,
      );
    position = token.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${text}`);
      if (/&(?!(lt|gt|amp|quot|apos);)/.test(text)) throw new Error(`bare & in ${text}`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
      continue;
    }
    if (stack.length === 0 && seen.length > 0) throw new Error(`second root <${name}>`);
    seen.push(name!);
    if (!selfClosing) stack.push(name!);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  return seen;
}

const report: ChartReport = {
  mode: 'full',
  environment: { node: 'v26.12.1' },
  workloads: [
    {
      name: 'stdio-sequential',
      unit: 'calls/s',
      better: 'higher',
      implementations: {
        mcpkit: { median: 8000, min: 7000, max: 9000 },
        'official-v2': { median: 2000, min: 1800, max: 2100 },
        'official-v1': { median: 3000, min: 2900, max: 3100 },
        raw: { median: 10000, min: 9000, max: 11000 },
      },
    },
    {
      name: 'http-2026-json-<sequential>&co',
      unit: 'calls/s',
      better: 'higher',
      implementations: {
        mcpkit: { median: 1500, min: 1400, max: 1600 },
        'official-v2': { median: 500, min: 450, max: 520 },
        'official-v1': {},
        raw: { median: 2000, min: 1900, max: 2100 },
      },
    },
    {
      name: 'startup',
      unit: 'ms',
      better: 'lower',
      implementations: { mcpkit: { median: 100 }, raw: { median: 50 } },
    },
    {
      name: 'no-raw-figure',
      unit: 'calls/s',
      better: 'higher',
      implementations: { mcpkit: { median: 100 }, raw: {} },
    },
  ],
};

describe('renderChart', () => {
  const svg = renderChart(report);

  it('is one well-formed svg document', () => {
    const tags = wellFormedTags(svg);
    expect(tags[0]).toBe('svg');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('draws one bar per throughput workload and SDK with a figure, none for raw itself', () => {
    const bars = [...svg.matchAll(/<g class="bar" data-workload="([^"]*)" data-sdk="([^"]*)">/g)].map(
      ([, workload, sdk]) => `${workload} / ${sdk}`,
    );
    expect(bars).toEqual([
      'stdio-sequential / mcpkit',
      'stdio-sequential / official SDK v2',
      'stdio-sequential / official SDK v1',
      'http-2026-json-&lt;sequential&gt;&amp;co / mcpkit',
      'http-2026-json-&lt;sequential&gt;&amp;co / official SDK v2',
    ]);
  });

  it('labels workloads, ratios to raw with their ranges, the legend and the Node version', () => {
    expect(svg).toContain('>stdio-sequential</text>');
    expect(svg).toContain('>http-2026-json-&lt;sequential&gt;&amp;co</text>');
    expect(svg).toContain('stdio-sequential, mcpkit: 0.80x raw (0.70-0.90)');
    expect(svg).toContain('>0.75x</text>');
    expect(svg).toContain('>official SDK v1</text>');
    expect(svg).toContain('Node v26.12.1, full run');
    expect(svg).toContain('1 (raw)</text>');
    expect(svg).not.toContain('startup');
    expect(svg).not.toContain('no-raw-figure');
  });

  it('scales bars to the ratio: raw is at the same x as the 1.0 line', () => {
    const rawLine = /<line x1="([\d.]+)"[^>]*stroke="#111827" stroke-width="1.5"\/>/.exec(svg);
    expect(rawLine).not.toBeNull();
    // mcpkit on stdio is 0.8 of raw: its bar is 0.8 of the 1.0 line's distance from the axis.
    const bar =
      /data-workload="stdio-sequential" data-sdk="mcpkit">\n<title>[^<]*<\/title>\n<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(
        svg,
      );
    const axis = Number(bar![1]);
    expect(Number(bar![2])).toBeCloseTo((Number(rawLine![1]) - axis) * 0.8, 0);
  });

  it('is deterministic', () => {
    expect(renderChart(structuredClone(report))).toBe(svg);
  });
});
