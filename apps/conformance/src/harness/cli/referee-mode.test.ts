import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenFixtureCommand } from '../../broken/catalogue.js';
import { startHttpServerCommand, stopProcessGroup } from '../matrix/run-matrix.js';
import type { HarnessReport } from '../types.js';

// Referee mode: our checks and the official referee on one target, folded into one report, with
// the verdicts of both compared wherever they judge the same rule.

const appDir = dirname(dirname(dirname(dirname(fileURLToPath(import.meta.url)))));
const cli = join(appDir, 'dist', 'cli.js');

function runCli(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpkit-referee-mode-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mcpkit-conformance referee', () => {
  it('folds the referee into the report and agrees with it on every comparable rule of the fixture server', {
    timeout: 180_000,
  }, async () => {
    const server = await startHttpServerCommand([
      process.execPath,
      join(appDir, 'dist', 'fixtures', 'server', 'main.js'),
      '--port',
      '0',
    ]);
    try {
      const json = join(dir, 'fixture.json');
      const { code, stdout } = await runCli([
        'referee',
        '--url',
        server.url,
        '--expected-failures',
        join(appDir, 'expected-failures', 'server.yml'),
        '--json',
        json,
      ]);
      expect(code, stdout).toBe(0);
      const report = JSON.parse(await readFile(json, 'utf8')) as HarnessReport;
      expect(
        report.results.some(
          (r) => r.source === 'referee' && r.scenario === 'server-stateless' && r.verdict === 'pass',
        ),
      ).toBe(true);
      expect(report.results.some((r) => r.source === 'mcpkit' && r.scenario === 'tools-call')).toBe(true);
      const compared = (report.agreement ?? []).filter(
        (row) => row.ourVerdict !== 'not-applicable' && row.refereeVerdict !== 'not-applicable',
      );
      expect(compared.length).toBeGreaterThanOrEqual(12);
      expect(compared.filter((row) => !row.agree)).toEqual([]);
      expect(stdout).toMatch(/agreement with the referee: (\d+) of \1 comparable pairs agree/);
    } finally {
      stopProcessGroup(server.child);
    }
  });

  it('explains why it fails a server without an Origin check that the referee passes', {
    timeout: 180_000,
  }, async () => {
    const server = await startHttpServerCommand(
      brokenFixtureCommand({ name: 'no-origin-check' }, ['--http']),
    );
    try {
      const json = join(dir, 'no-origin.json');
      const { code } = await runCli(['referee', '--url', server.url, '--json', json]);
      expect(code).toBe(1);
      const report = JSON.parse(await readFile(json, 'utf8')) as HarnessReport;
      const origin = report.agreement?.find((row) => row.ours === 'http-origin-check');
      // The fixture still checks Host, and the referee sends a bad Host with the bad Origin.
      expect(origin).toMatchObject({ ourVerdict: 'fail', refereeVerdict: 'pass', agree: false });
      expect(origin?.explanation).toContain('a Host check alone passes it');
    } finally {
      stopProcessGroup(server.child);
    }
  });
});
