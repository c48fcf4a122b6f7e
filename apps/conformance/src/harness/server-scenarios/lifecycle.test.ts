import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../report/index.js';
import { runServerMode } from './run-server-mode.js';

// A server that refuses every handshake politely (-32601, as a server of another era may) leaves
// every revision not applicable, each saying why; the run must still fail, since nothing was checked.

const REFUSE_EVERYTHING = `
process.stdin.setEncoding('utf8');
let buffer = '';
process.stdin.on('data', (text) => {
  buffer += text;
  let newline;
  while ((newline = buffer.indexOf('\\n')) >= 0) {
    const message = JSON.parse(buffer.slice(0, newline));
    buffer = buffer.slice(newline + 1);
    if (message.id === undefined) continue;
    const error = { code: -32601, message: 'Method not found: ' + message.method };
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, error }) + '\\n');
  }
});
`;

describe('lifecycle rows', () => {
  it('fails a run in which the server served no revision, after one reasoned row per revision', {
    timeout: 60_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpkit-conformance-refuse-'));
    const script = join(dir, 'refuse-everything.cjs');
    await writeFile(script, REFUSE_EVERYTHING);
    const results = await runServerMode({
      command: `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`,
    }).finally(() => rm(dir, { recursive: true, force: true }));
    const report = buildReport('server', new Date(0), results);
    expect(report.summary).toEqual({ passed: 0, failed: 1, notApplicable: 5 });
    const rows = report.results.slice(0, 5);
    expect(rows.map((row) => [row.scenario, row.verdict])).toEqual(
      Array.from({ length: 5 }, () => ['lifecycle-handshake', 'not-applicable']),
    );
    expect(rows[0]?.reason).toBe(
      'the server does not serve 2024-11-05: initialize answered error -32601 "Method not found: initialize"',
    );
    expect(rows[4]?.reason).toBe(
      'the server does not serve 2026-07-28: server/discover answered error -32601 "Method not found: server/discover"',
    );
    const last = report.results[5];
    expect(last?.verdict).toBe('fail');
    expect(last?.scenario).toBe('lifecycle-handshake');
    expect(last?.checks[0]?.detail).toMatch(
      /^nothing was checked: the server served none of the revisions tried \(2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28\); first: the server does not serve 2024-11-05: initialize answered error -32601/,
    );
  });

  it('fails a run that tried no revision at all', async () => {
    const results = await runServerMode({ command: 'true', revisions: [] });
    expect(results.map((result) => [result.verdict, result.checks[0]?.detail])).toEqual([
      ['fail', 'no revision was tried, so nothing was checked'],
    ]);
  });
});
