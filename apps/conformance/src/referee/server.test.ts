import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureServer } from '../fixtures/server/create-server.js';
import {
  checksNotAllRun,
  extensionScenarios,
  runReferee,
  serverExpectedFailures,
  summary,
} from './run-referee.js';

describe('official conformance referee, server leg', () => {
  let serverUrl = '';
  let closeServer: () => Promise<void> = async () => {};
  let outputDir = '';

  beforeAll(async () => {
    const server = await createFixtureServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    const served = await serve(handler, { port: 0, host: '127.0.0.1' });
    serverUrl = new URL('/mcp', served.url).href;
    closeServer = served.close;
    outputDir = await mkdtemp(join(tmpdir(), 'mcpkit-referee-server-'));
  });

  afterAll(async () => {
    await closeServer();
    await rm(outputDir, { recursive: true, force: true });
  });

  it('every scenario at the default version passes or is an expected failure', {
    timeout: 300_000,
  }, async () => {
    const { code, output } = await runReferee([
      'server',
      '--url',
      serverUrl,
      '--suite',
      'all',
      '--timeout',
      '30000',
      '--expected-failures',
      serverExpectedFailures,
      '-o',
      join(outputDir, 'default'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });

  it('every scenario at 2026-07-28 passes or is an expected failure', { timeout: 300_000 }, async () => {
    const { code, output } = await runReferee([
      'server',
      '--url',
      serverUrl,
      '--suite',
      'all',
      '--spec-version',
      '2026-07-28',
      '--timeout',
      '30000',
      '--expected-failures',
      serverExpectedFailures,
      '-o',
      join(outputDir, '2026-07-28'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });

  // With --spec-version the referee counts an extension's scenarios as not applicable and skips them,
  // so the skills scenarios (SEP-2640, written against 2026-07-28) are forced one by one at that version.
  it('the skills scenarios run every check and pass, at the default version and (forced) at 2026-07-28', {
    timeout: 300_000,
  }, async () => {
    const scenarios = await extensionScenarios('server', 'sep-2640');
    expect(scenarios.length, 'the referee lists no sep-2640 server scenario').toBeGreaterThanOrEqual(3);
    for (const version of [undefined, '2026-07-28'])
      for (const scenario of scenarios) {
        const { code, output } = await runReferee([
          'server',
          '--url',
          serverUrl,
          '--scenario',
          scenario,
          ...(version ? ['--spec-version', version, '--force'] : []),
          '--timeout',
          '30000',
          '-o',
          join(outputDir, `${version ?? 'default'}-${scenario}`),
        ]);
        console.log(`${version ?? 'default'} ${scenario}: ${summary(output)}`);
        expect(checksNotAllRun(output), `${scenario}\n${output}`).toBeUndefined();
        expect(code, output).toBe(0);
      }
  });
});
