import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kib, measureProbe, SIZE_PROBES, type SizeResult } from './bundle.js';

// The mcpkit bundles stay within their gzipped budgets (issue #7). A bundle's size is a pure
// function of the sources and the esbuild version, so the budget is asserted exactly, not
// sampled. The probes bundle the packages' built `dist` (what users install), which the test
// command builds first (`pnpm test` runs `turbo run build`).

const BUNDLED_PACKAGES = [
  'protocol',
  'jsonrpc',
  'server',
  'client',
  'transport-stdio',
  'transport-http-client',
  'apps',
];

function missingBuilds(): string[] {
  return BUNDLED_PACKAGES.filter(
    (name) =>
      !existsSync(fileURLToPath(new URL(`../../../../packages/${name}/dist/index.js`, import.meta.url))),
  );
}

function describeResult(result: SizeResult, budget: number): string {
  const inputs = result.heaviestInputs.map((input) => `${input.input} ${kib(input.bytes)}`).join(', ');
  return (
    `${result.probe.name}: ${kib(result.gzipBytes)} gzipped (${result.gzipBytes} bytes) against a budget of ` +
    `${kib(budget)} (${budget} bytes); ${kib(result.minifiedBytes)} minified. Heaviest inputs (minified): ${inputs}`
  );
}

describe('bundle size budgets', () => {
  it('bundles the built packages', () => {
    expect(missingBuilds(), 'build the workspace first: pnpm turbo run build (pnpm test does)').toEqual([]);
  });

  for (const probe of SIZE_PROBES) {
    const budget = probe.budgetGzipBytes;
    if (probe.sdk !== 'mcpkit' || budget === undefined) continue;
    it(`${probe.name} is at most ${kib(budget)} gzipped`, async () => {
      const result = await measureProbe(probe);
      expect(result.gzipBytes, describeResult(result, budget)).toBeLessThanOrEqual(budget);
    });
  }

  it('gives every mcpkit probe a budget', () => {
    const mcpkit = SIZE_PROBES.filter((probe) => probe.sdk === 'mcpkit');
    expect(mcpkit.map((probe) => probe.name).sort()).toEqual([
      'mcpkit-app',
      'mcpkit-http-client',
      'mcpkit-stdio-server',
    ]);
    for (const probe of mcpkit) expect(probe.budgetGzipBytes, probe.name).toBeGreaterThan(0);
  });

  it('bundles an MCP App to at most half of what the ext-apps app SDK bundles the same program to (issue #39)', async () => {
    const [ours, theirs] = await Promise.all(
      ['mcpkit-app', 'ext-apps-app'].map((name) =>
        measureProbe(SIZE_PROBES.find((probe) => probe.name === name)!),
      ),
    );
    expect(ours!.gzipBytes, `${kib(ours!.gzipBytes)} against ${kib(theirs!.gzipBytes)}`).toBeLessThanOrEqual(
      theirs!.gzipBytes / 2,
    );
  });
});
