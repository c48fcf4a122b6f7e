import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../harness/cli/test-helpers/run-cli.js';
import { startHttpServerCommand, stopProcessGroup } from '../harness/matrix/run-matrix.js';
import type { HarnessReport, ScenarioResult } from '../harness/types.js';
import { brokenFixtureCommand, brokenFixtureShellCommand } from './catalogue.js';

// The built CLI against servers that break JSON-RPC or stop answering: each run exits 1, and the
// failing row says what came over the wire (issue 36), not a symptom or the harness's own error.

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpkit-conformance-wire-faults-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function serverRun(name: string, args: string[]) {
  const json = join(dir, `${name}-${args.join('_').replace(/\W+/g, '')}.json`);
  const run = await runCli(['server', ...args, '--json', json]);
  const report = JSON.parse(await readFile(json, 'utf8')) as HarnessReport;
  return { ...run, report };
}

const stdio = (name: string) => ['--command', `${brokenFixtureShellCommand(name)} --stdio`];
const details = (result: ScenarioResult | undefined) =>
  result?.checks.map((check) => check.detail).join('\n');
const rows = (report: HarnessReport, scenario: string) =>
  report.results.filter((result) => result.scenario === scenario);

describe('mcpkit-conformance server names wire faults precisely', () => {
  it('wrong-response-id: the handshake fails with the id that came back', { timeout: 60_000 }, async () => {
    const run = await serverRun('wrong-response-id', [
      ...stdio('wrong-response-id'),
      '--revision',
      '2025-11-25',
      '--revision',
      '2026-07-28',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const [initialize, discover] = rows(run.report, 'lifecycle-handshake');
    expect(initialize?.verdict).toBe('fail');
    expect(details(initialize)).toMatch(
      /the server answered initialize \(id 1\) with a response to id 1001, which no request of ours carried: \{"jsonrpc":"2.0","id":1001,"result"/,
    );
    expect(discover?.verdict).toBe('fail');
    expect(details(discover)).toMatch(/answered server\/discover \(id 1\) with a response to id 1001/);
    expect(details(initialize)).not.toMatch(/no response to/);
  });

  it('null-result: tools/list is named with its null result, no harness exception', {
    timeout: 60_000,
  }, async () => {
    const run = await serverRun('null-result', [...stdio('null-result'), '--revision', '2025-11-25']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const [toolsList] = rows(run.report, 'tools-list');
    expect(toolsList?.verdict).toBe('fail');
    expect(details(toolsList)).toMatch(
      /the server's response to tools\/list \(id \d+\) breaks JSON-RPC 2.0: its "result" is null; a result must be a JSON object; it sent \{"jsonrpc":"2.0","id":\d+,"result":null\}/,
    );
    expect(JSON.stringify(run.report)).not.toMatch(/Cannot read properties|TypeError/);
  });

  it('missing-jsonrpc: the handshake fails naming the missing member', { timeout: 60_000 }, async () => {
    const run = await serverRun('missing-jsonrpc', [...stdio('missing-jsonrpc'), '--revision', '2025-11-25']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const [initialize] = rows(run.report, 'lifecycle-handshake');
    expect(initialize?.verdict).toBe('fail');
    expect(details(initialize)).toMatch(
      /the server's response to initialize \(id 1\) breaks JSON-RPC 2.0: it has no "jsonrpc": "2.0" member/,
    );
  });

  it('silent-handshake: the run fails saying nothing came back within the timeout', {
    timeout: 60_000,
  }, async () => {
    const run = await serverRun('silent-handshake', [
      ...stdio('silent-handshake'),
      '--revision',
      '2025-11-25',
      '--timeout',
      '1000',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const closing = rows(run.report, 'lifecycle-handshake').at(-1);
    expect(closing?.verdict).toBe('fail');
    expect(details(closing)).toMatch(
      /nothing was checked: .*no response to initialize \(id 1\) within 1000 ms: the server sent nothing for it/,
    );
  });

  it('dies-mid-run over stdio: the scenario it died in fails with its exit and stderr; the rest are not run', {
    timeout: 60_000,
  }, async () => {
    const run = await serverRun('dies-mid-run', [...stdio('dies-mid-run'), '--revision', '2025-11-25']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const results = run.report.results;
    const died = results.findIndex((result) => result.scenario === 'tools-call');
    expect(results[died]?.verdict).toBe('fail');
    expect(details(results[died])).toContain(
      'the server exited (code 3) before answering tools/call (id 4); stderr: dies-mid-run: exiting on tools/call',
    );
    const after = results.slice(died + 1);
    expect(after.length).toBeGreaterThan(5);
    for (const result of after) {
      expect(result.verdict, result.scenario).toBe('not-applicable');
      expect(result.reason).toBe('not run: the server exited (code 3) during tools-call at 2025-11-25');
    }
    expect(results.filter((result) => result.verdict === 'fail')).toHaveLength(1);
  });

  it('dies-mid-run over HTTP: later revisions are not tried, and none of them is blamed', {
    timeout: 60_000,
  }, async () => {
    const server = await startHttpServerCommand(brokenFixtureCommand({ name: 'dies-mid-run' }, ['--http']));
    try {
      const run = await serverRun('dies-mid-run-http', [
        '--url',
        server.url,
        '--revision',
        '2025-06-18',
        '--revision',
        '2025-11-25',
      ]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      const failed = run.report.results.filter((result) => result.verdict === 'fail');
      expect(failed.map((result) => [result.scenario, result.revision])).toEqual([
        ['tools-call', '2025-06-18'],
      ]);
      expect(details(failed[0])).toMatch(/the server stopped answering at http:\/\/127\.0\.0\.1:\d+\/mcp/);
      const later = rows(run.report, 'lifecycle-handshake').find((row) => row.revision === '2025-11-25');
      expect(later?.verdict).toBe('not-applicable');
      expect(later?.reason).toMatch(
        /^not run: the server stopped answering at .* during tools-call at 2025-06-18$/,
      );
    } finally {
      stopProcessGroup(server.child);
    }
  });
});
