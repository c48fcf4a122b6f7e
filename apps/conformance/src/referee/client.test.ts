import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientExpectedFailures, fixtureClient, runReferee, summary } from './run-referee.js';

describe('official conformance referee, client leg', () => {
  let outputDir = '';

  beforeAll(async () => {
    outputDir = await mkdtemp(join(tmpdir(), 'mcpkit-referee-client-'));
  });

  afterAll(async () => {
    await rm(outputDir, { recursive: true, force: true });
  });

  it('every scenario at the default version passes or is an expected failure', {
    timeout: 300_000,
  }, async () => {
    if (!existsSync(fixtureClient))
      throw new Error(`${fixtureClient} is missing: build the app first (pnpm run build)`);
    const { code, output } = await runReferee([
      'client',
      '--command',
      `"${process.execPath}" "${fixtureClient}"`,
      '--suite',
      'all',
      '--timeout',
      '10000',
      '--expected-failures',
      clientExpectedFailures,
      '-o',
      join(outputDir, 'default'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });

  it('every scenario at 2026-07-28 passes or is an expected failure', { timeout: 300_000 }, async () => {
    const { code, output } = await runReferee([
      'client',
      '--command',
      `"${process.execPath}" "${fixtureClient}"`,
      '--suite',
      'all',
      '--spec-version',
      '2026-07-28',
      '--timeout',
      '10000',
      '--expected-failures',
      clientExpectedFailures,
      '-o',
      join(outputDir, '2026-07-28'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });
});
