import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checksNotAllRun,
  clientExpectedFailures,
  extensionScenarios,
  fixtureClient,
  runReferee,
  summary,
} from './run-referee.js';

// The referee starts every scenario's client at once (48 node processes on a 2-core machine, often
// beside the rest of the test suite), so a client may need far more than the usual few hundred ms
// just to start: the per-scenario timeout only guards against hangs, and a correct client exits
// by itself long before it. The auth/* scenarios make ~9 sequential round trips to the one
// referee process (discovery, registration, authorization, token, then MCP), each slowed by the
// same load: at a load average of 40 one round trip took 10-15 s, so they get 120 s.
const scenarioTimeout = '120000';
describe('official conformance referee, client leg', () => {
  let outputDir = '';

  beforeAll(async () => {
    outputDir = await mkdtemp(join(tmpdir(), 'mcpkit-referee-client-'));
  });

  afterAll(async () => {
    await rm(outputDir, { recursive: true, force: true });
  });

  it('every scenario at the default version passes or is an expected failure', {
    timeout: 400_000,
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
      scenarioTimeout,
      '--expected-failures',
      clientExpectedFailures,
      '-o',
      join(outputDir, 'default'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });

  it('every scenario at 2026-07-28 passes or is an expected failure', { timeout: 400_000 }, async () => {
    const { code, output } = await runReferee([
      'client',
      '--command',
      `"${process.execPath}" "${fixtureClient}"`,
      '--suite',
      'all',
      '--spec-version',
      '2026-07-28',
      '--timeout',
      scenarioTimeout,
      '--expected-failures',
      clientExpectedFailures,
      '-o',
      join(outputDir, '2026-07-28'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });

  // The referee skips extension scenarios whenever --spec-version is given, so the skills client
  // scenarios (SEP-2640, written against 2026-07-28) are forced one by one at that version.
  it('the skills client scenarios run every check and pass, at the default version and (forced) at 2026-07-28', {
    timeout: 400_000,
  }, async () => {
    const scenarios = await extensionScenarios('client', 'sep-2640-client');
    expect(scenarios.length, 'the referee lists no sep-2640-client scenario').toBeGreaterThanOrEqual(4);
    for (const version of [undefined, '2026-07-28'])
      for (const scenario of scenarios) {
        const { code, output } = await runReferee([
          'client',
          '--command',
          `"${process.execPath}" "${fixtureClient}"`,
          '--scenario',
          scenario,
          ...(version ? ['--spec-version', version, '--force'] : []),
          '--timeout',
          scenarioTimeout,
          '-o',
          join(outputDir, `${version ?? 'default'}-${scenario}`),
        ]);
        expect(checksNotAllRun(output), `${scenario}\n${output}`).toBeUndefined();
        expect(code, output).toBe(0);
      }
  });

  // SEP-2243: the fixture calls a tool, reads a resource and gets a prompt, so every Mcp-Method and
  // Mcp-Name check runs. The two left (initialize, notifications/initialized) have no 2026-07-28
  // request to ride on: a client at that revision discovers with server/discover and never
  // initializes, so the referee reports them SKIPPED whatever the client does.
  it('http-standard-headers runs every check a 2026-07-28 client can meet, and passes', {
    timeout: 400_000,
  }, async () => {
    for (const version of [undefined, '2026-07-28']) {
      const { code, output } = await runReferee([
        'client',
        '--command',
        `"${process.execPath}" "${fixtureClient}"`,
        '--scenario',
        'http-standard-headers',
        ...(version ? ['--spec-version', version] : []),
        '--timeout',
        scenarioTimeout,
        '-o',
        join(outputDir, `${version ?? 'default'}-http-standard-headers`),
      ]);
      expect(code, output).toBe(0);
      expect(output, output).toContain('Passed: 9/9, 0 failed, 0 warnings');
      const skipped = [...output.matchAll(/SKIPPED\S*\s+(.*)$/gm)].map((match) => match[1]);
      expect(skipped, output).toEqual([
        'Client sends correct Mcp-Method header on initialize request',
        'Client sends correct Mcp-Method header on notifications/initialized request',
      ]);
    }
  });
});
