import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../harness/cli/test-helpers/run-cli.js';
import { startHttpServerCommand, stopProcessGroup } from '../harness/matrix/run-matrix.js';
import type { HarnessReport } from '../harness/types.js';
import { brokenFixtureCommand, brokenFixtureShellCommand, HANDSHAKE_BROKEN_SERVERS } from './catalogue.js';

// The built CLI, as a real process, must never pass what it could not check: a server whose every
// handshake fails, a server command that cannot start, and a URL nobody listens on each end in
// exit status 1 with a message that says what went wrong (issue 15, item 7).

const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const fixture = HANDSHAKE_BROKEN_SERVERS[0]?.name ?? 'handshake-internal-error';

/** A loopback port that was just free: listened on, then closed, so connecting is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpkit-conformance-handshake-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every revision's lifecycle row failed with the server's -32603, in the JSON report and on stdout. */
async function expectHandshakeFailures(run: Awaited<ReturnType<typeof runCli>>, json: string) {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 5 failed, 0 not applicable');
  expect(run.stdout).toContain('unexpected failure: lifecycle-handshake (2025-11-25)');
  expect(run.stderr).toContain(
    '✗ handshake: initialize at 2025-11-25 failed inside the server: it answered error -32603 "Internal error: the handshake failed"',
  );
  expect(run.stderr).toContain('server/discover at 2026-07-28 failed inside the server');
  const report = JSON.parse(await readFile(json, 'utf8')) as HarnessReport;
  expect(report.summary).toEqual({ passed: 0, failed: 5, notApplicable: 0 });
  expect(report.results.map((result) => [result.scenario, result.revision, result.verdict])).toEqual(
    REVISIONS.map((revision) => ['lifecycle-handshake', revision, 'fail']),
  );
  for (const result of report.results) expect(result.checks[0]?.detail).toMatch(/answered error -32603/);
}

describe('mcpkit-conformance server against a broken handshake', () => {
  it(`fails ${fixture} over stdio: every initialize answered -32603 is a failed lifecycle row`, {
    timeout: 60_000,
  }, async () => {
    const json = join(dir, 'stdio.json');
    const run = await runCli([
      'server',
      '--command',
      `${brokenFixtureShellCommand(fixture)} --stdio`,
      '--json',
      json,
    ]);
    await expectHandshakeFailures(run, json);
  });

  it(`fails ${fixture} over Streamable HTTP the same way`, { timeout: 60_000 }, async () => {
    const server = await startHttpServerCommand(brokenFixtureCommand({ name: fixture }, ['--http']));
    try {
      const json = join(dir, 'http.json');
      await expectHandshakeFailures(await runCli(['server', '--url', server.url, '--json', json]), json);
    } finally {
      stopProcessGroup(server.child);
    }
  });

  it('fails a server command that cannot start, at once, with its exit code and stderr', {
    timeout: 60_000,
  }, async () => {
    const run = await runCli(['server', '--command', 'mcpkit-conformance-no-such-command --stdio']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 5 failed, 0 not applicable');
    expect(run.stderr).toMatch(
      /no initialize handshake at 2024-11-05: the server exited \(code 127\) before answering initialize \(id 1\); stderr: .*mcpkit-conformance-no-such-command.*not found/,
    );
  });

  it('ends with one clear line and exit 1 when the URL cannot be reached (no stack)', {
    timeout: 60_000,
  }, async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    const run = await runCli(['server', '--url', url]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `mcpkit-conformance: cannot reach ${url}: connect ECONNREFUSED ${url.slice(7, -4)}\n`,
    );
  });
});
