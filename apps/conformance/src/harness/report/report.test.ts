import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../types.js';
import { verdictOf } from '../types.js';
import { applyExpectedFailures, parseExpectedFailures } from './expected-failures.js';
import { renderReportHtml } from './html.js';
import { ProgressLine } from './progress.js';
import { readRefereeResults } from './referee-results.js';
import { buildReport, formatResultLine, formatSummary } from './summary.js';

function result(scenario: string, verdict: ScenarioResult['verdict'], revision?: string): ScenarioResult {
  const r: ScenarioResult = {
    scenario,
    target: 'stdio:echo',
    source: 'mcpkit',
    verdict,
    checks: [
      { id: `${scenario}-check`, verdict, detail: verdict === 'fail' ? 'wrong code -32601' : undefined },
    ],
    durationMs: 3,
  };
  if (revision) r.revision = revision;
  return r;
}

describe('verdicts', () => {
  it('never passes a scenario vacuously', () => {
    expect(verdictOf([])).toBe('not-applicable');
    expect(verdictOf([{ id: 'a', verdict: 'not-applicable' }])).toBe('not-applicable');
    expect(
      verdictOf([
        { id: 'a', verdict: 'not-applicable' },
        { id: 'b', verdict: 'pass' },
      ]),
    ).toBe('pass');
    expect(
      verdictOf([
        { id: 'a', verdict: 'pass' },
        { id: 'b', verdict: 'fail' },
      ]),
    ).toBe('fail');
  });

  it('summarises as "N passed, M failed, K not applicable"', () => {
    const report = buildReport('server', new Date(0), [
      result('a', 'pass'),
      result('b', 'fail'),
      result('c', 'not-applicable'),
      result('d', 'pass'),
    ]);
    expect(formatSummary(report.summary)).toBe('2 passed, 1 failed, 1 not applicable');
  });
});

describe('expected failures', () => {
  const file = `server:\n  # why\n  - tools-call-unknown\n  - caching@2026-07-28 # only the new revision\nclient:\n  - sse-retry\n`;

  it('parses the referee format, sections and entries', () => {
    const parsed = parseExpectedFailures(file);
    expect([...(parsed.server ?? [])]).toEqual(['tools-call-unknown', 'caching@2026-07-28']);
    expect([...(parsed.client ?? [])]).toEqual(['sse-retry']);
  });

  it('reads an empty section written as a flow list, and refuses entries after it', () => {
    expect([...(parseExpectedFailures('server: []\nclient:\n  - sse-retry\n').server ?? ['?'])]).toEqual([]);
    expect(() => parseExpectedFailures('server: []\n  - tools-call\n', 'x.yml')).toThrow(/x\.yml, line 2/);
  });

  it('rejects a malformed line naming where and what was expected', () => {
    expect(() => parseExpectedFailures('server:\n  tools\n', 'x.yml')).toThrow(/x\.yml, line 2: expected/);
  });

  it('marks listed failures expected, keeps others unexpected, and reports stale entries', () => {
    const listed = parseExpectedFailures(file).server;
    const outcome = applyExpectedFailures(
      [result('tools-call-unknown', 'fail'), result('caching', 'pass', '2026-07-28'), result('ping', 'fail')],
      listed,
    );
    expect(outcome.results[0]?.expectedFailure).toBe(true);
    expect(outcome.unexpectedFailures.map((r) => r.scenario)).toEqual(['ping']);
    expect(outcome.stalePasses).toEqual(['caching@2026-07-28']);
  });
});

describe('renderers', () => {
  it('writes a self-contained HTML page with the table, the grid and escaped text', () => {
    const report = buildReport(
      'matrix',
      new Date(0),
      [result('<script>', 'fail')],
      [{ server: 'echo', client: 'official-v2', verdict: 'pass', passed: 4, failed: 0, notApplicable: 1 }],
    );
    const html = renderReportHtml(report);
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('server \\ client');
    expect(html).toContain('0 passed, 1 failed, 0 not applicable');
    expect(html).not.toMatch(/<link|src=/);
  });

  it('prints one line per scenario when the stream is not a terminal', () => {
    let written = '';
    const progress = new ProgressLine({ write: (text: string) => (written += text), isTTY: false });
    progress.finished(result('ping', 'pass'), 1, 2);
    progress.finished(result('tools', 'fail'), 2, 2);
    expect(written).toBe('[1/2] ✓ ping 3 ms\n[2/2] ✗ tools 3 ms\n    ✗ tools-check: wrong code -32601\n');
  });

  it('says why a scenario is not applicable, in the line, the JSON report and the HTML page', () => {
    const skipped: ScenarioResult = {
      ...result('prompts-get', 'not-applicable', '2025-11-25'),
      checks: [{ id: 'prompts', verdict: 'not-applicable', detail: 'no prompts capability' }],
    };
    let written = '';
    const progress = new ProgressLine({ write: (text: string) => (written += text), isTTY: false });
    progress.finished(skipped, 1, 1);
    expect(written).toBe('[1/1] – prompts-get (2025-11-25) 3 ms — not applicable: no prompts capability\n');
    const report = buildReport('server', new Date(0), [skipped, result('ping', 'pass')]);
    expect(report.results.map((r) => r.reason)).toEqual(['no prompts capability', undefined]);
    expect(JSON.parse(JSON.stringify(report)).results[0].reason).toBe('no prompts capability');
    expect(renderReportHtml(report)).toContain('<p>no prompts capability</p>');
  });

  it('names a not-applicable check that gives no reason, and a scenario that ran no check', () => {
    const silent = {
      ...result('x', 'not-applicable'),
      checks: [{ id: 'x-check', verdict: 'not-applicable' as const }],
    };
    expect(buildReport('server', new Date(0), [silent]).results[0]?.reason).toBe('x-check: no reason given');
    expect(formatResultLine({ ...silent, checks: [] })).toBe(
      '– x 3 ms — not applicable: the scenario ran no check',
    );
  });

  it('keeps failures and not-applicable results above the live line on a terminal', () => {
    let written = '';
    const progress = new ProgressLine({
      write: (text: string) => (written += text),
      isTTY: true,
      columns: 200,
    });
    progress.finished(
      {
        ...result('prompts-get', 'not-applicable'),
        checks: [{ id: 'p', verdict: 'not-applicable', detail: 'no prompts' }],
      },
      1,
      2,
    );
    progress.finished(result('ping', 'pass'), 2, 2);
    progress.clear();
    expect(written).toContain('– prompts-get 3 ms — not applicable: no prompts\n');
    expect(written).not.toContain('✓ ping 3 ms\n');
  });

  it('rewrites one line in place on a terminal', () => {
    let written = '';
    const progress = new ProgressLine({
      write: (text: string) => (written += text),
      isTTY: true,
      columns: 80,
    });
    progress.finished(result('ping', 'pass'), 1, 1);
    progress.clear();
    expect(written.startsWith('\r\x1b[2K[1/1] ✓ ping')).toBe(true);
    expect(written.endsWith('\r\x1b[2K')).toBe(true);
  });
});

describe('referee folding', () => {
  it('reads checks.json per scenario directory and maps statuses to verdicts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'referee-fold-'));
    try {
      await mkdir(join(dir, 'server-ping-2026-11-22T12-08-36-433Z'));
      await writeFile(
        join(dir, 'server-ping-2026-11-22T12-08-36-433Z', 'checks.json'),
        JSON.stringify([
          { id: 'ping', status: 'SUCCESS' },
          { id: 'wire', status: 'SKIPPED' },
        ]),
      );
      await mkdir(join(dir, 'server-caching-2026-11-22T12-08-37-000Z'));
      await writeFile(
        join(dir, 'server-caching-2026-11-22T12-08-37-000Z', 'checks.json'),
        JSON.stringify([{ id: 'ttl', status: 'FAILURE', errorMessage: 'no ttlMs' }]),
      );
      const results = await readRefereeResults(dir, 'http://x/mcp');
      expect(results.map((r) => [r.scenario, r.verdict, r.source])).toEqual([
        ['caching', 'fail', 'referee'],
        ['ping', 'pass', 'referee'],
      ]);
      expect(results[0]?.checks[0]?.detail).toBe('no ttlMs');
      expect(results[1]?.checks[1]?.detail).toBe('the referee reported SKIPPED');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
