import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServerCommand, stopProcessGroup } from '../matrix/run-matrix.js';
import type { HarnessReport } from '../types.js';
import { appDir, runCli } from './test-helpers/run-cli.js';

// The built CLI as a user runs it, against real servers: our echo server over stdio and HTTP, and the
// third-party stdio servers from npm.

const echoBin = join(appDir, '..', 'echo-server', 'dist', 'bin.js');
const require = createRequire(import.meta.url);
const binOf = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) not applicable$/m;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpkit-conformance-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readReport(file: string): Promise<HarnessReport> {
  return JSON.parse(await readFile(file, 'utf8')) as HarnessReport;
}

describe('mcpkit-conformance server', () => {
  it('passes our echo server over stdio at every revision it serves, with JSON and HTML reports', {
    timeout: 60_000,
  }, async () => {
    const json = join(dir, 'echo-stdio.json');
    const html = join(dir, 'echo-stdio.html');
    const { code, stdout, stderr } = await runCli([
      'server',
      '--command',
      `"${process.execPath}" "${echoBin}" --stdio`,
      '--json',
      json,
      '--html',
      html,
    ]);
    expect(code, stdout + stderr).toBe(0);
    const summary = SUMMARY.exec(stdout.trim().split('\n').at(-1) ?? '');
    expect(summary?.[2]).toBe('0');
    expect(Number(summary?.[1])).toBeGreaterThan(40);
    expect(stderr).toMatch(/\[\d+\] ✓ tools-call \(2025-11-25\)/);
    const report = await readReport(json);
    const passed = report.results
      .filter((r) => r.verdict === 'pass')
      .map((r) => `${r.scenario}@${r.revision}`);
    for (const scenario of [
      'tools-call',
      'resources-read',
      'prompts-get',
      'schema-valid',
      'stdio-stdout-clean',
    ]) {
      expect(passed).toContain(`${scenario}@2025-11-25`);
    }
    expect(await readFile(html, 'utf8')).toContain('<h2>Scenarios</h2>');
  });

  it('passes our echo server over Streamable HTTP, including session and Origin rules', {
    timeout: 60_000,
  }, async () => {
    const server = await startHttpServerCommand([process.execPath, echoBin, '--http', '--port', '0']);
    try {
      const json = join(dir, 'echo-http.json');
      const { code, stdout, stderr } = await runCli(['server', '--url', server.url, '--json', json]);
      expect(code, stdout + stderr).toBe(0);
      const report = await readReport(json);
      const passed = report.results
        .filter((r) => r.verdict === 'pass')
        .map((r) => `${r.scenario}@${r.revision}`);
      expect(passed).toEqual(
        expect.arrayContaining([
          'http-session-lifecycle@2025-11-25',
          'http-origin-check@2025-11-25',
          'http-header-rules@2025-11-25',
        ]),
      );
    } finally {
      stopProcessGroup(server.child);
    }
  });

  it('reports what server-everything gets wrong, and honours an expected-failures file', {
    timeout: 120_000,
  }, async () => {
    const command = `"${process.execPath}" "${binOf('@modelcontextprotocol/server-everything', 'dist/index.js')}" stdio`;
    const json = join(dir, 'everything.json');
    const first = await runCli(['server', '--command', command, '--revision', '2025-11-25', '--json', json]);
    const report = await readReport(json);
    const failed = report.results.filter((r) => r.verdict === 'fail').map((r) => r.scenario);
    const passed = report.results.filter((r) => r.verdict === 'pass').map((r) => r.scenario);
    expect(passed).toEqual(
      expect.arrayContaining([
        'tools-list',
        'tools-call',
        'resources-read',
        'prompts-get',
        'progress',
        'schema-valid',
      ]),
    );
    // The official SDK v1 under it answers no parse error on stdio and -32603 for wrong param types.
    expect(new Set(failed)).toEqual(
      new Set(['error-malformed-json', 'error-invalid-request', 'error-invalid-params']),
    );
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/unexpected failure: error-malformed-json \(2025-11-25\)/);

    const baseline = join(dir, 'everything-expected.yml');
    await writeFile(baseline, `server:\n${failed.map((id) => `  - ${id}`).join('\n')}\n`);
    const second = await runCli([
      'server',
      '--command',
      command,
      '--revision',
      '2025-11-25',
      '--expected-failures',
      baseline,
    ]);
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toMatch(/3 failure\(s\) are listed in/);
    expect(second.stdout.trim().split('\n').at(-1)).toMatch(SUMMARY);
  });

  it('checks server-memory over stdio', { timeout: 60_000 }, async () => {
    const command = `"${process.execPath}" "${binOf('@modelcontextprotocol/server-memory', 'dist/index.js')}"`;
    const json = join(dir, 'memory.json');
    await runCli(['server', '--command', command, '--revision', '2025-11-25', '--json', json]);
    const report = await readReport(json);
    const verdicts = Object.fromEntries(report.results.map((r) => [r.scenario, r.verdict]));
    expect(verdicts).toMatchObject({
      'lifecycle-handshake': 'pass',
      'tools-list': 'pass',
      'tools-call': 'pass',
      'schema-valid': 'pass',
    });
    expect(verdicts['prompts-get']).toBe('not-applicable');
  });

  it('exits 2 with the usage for a bad invocation', async () => {
    const { code, stderr } = await runCli(['server', '--url', 'nope']);
    expect(code).toBe(2);
    expect(stderr).toContain('--url must be an http(s) URL, got "nope"');
  });
});
