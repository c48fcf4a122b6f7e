import type { HarnessReport, ScenarioResult } from '../types.js';
import { notApplicableReason } from '../types.js';

export interface Summary {
  passed: number;
  failed: number;
  notApplicable: number;
}

export function summarize(results: readonly ScenarioResult[]): Summary {
  const summary: Summary = { passed: 0, failed: 0, notApplicable: 0 };
  for (const result of results) {
    if (result.verdict === 'pass') summary.passed++;
    else if (result.verdict === 'fail') summary.failed++;
    else summary.notApplicable++;
  }
  return summary;
}

/** The line every run ends with. */
export function formatSummary(summary: Summary): string {
  return `${summary.passed} passed, ${summary.failed} failed, ${summary.notApplicable} not applicable`;
}

export function buildReport(
  mode: HarnessReport['mode'],
  startedAt: Date,
  results: ScenarioResult[],
  matrix?: HarnessReport['matrix'],
): HarnessReport {
  const report: HarnessReport = {
    tool: 'mcpkit-conformance',
    mode,
    startedAt: startedAt.toISOString(),
    results: results.map(withReason),
    summary: summarize(results),
  };
  if (matrix !== undefined) report.matrix = matrix;
  return report;
}

/** The result, with `reason` set when it is not applicable. */
export function withReason(result: ScenarioResult): ScenarioResult {
  if (result.verdict !== 'not-applicable' || result.reason !== undefined) return result;
  return { ...result, reason: notApplicableReason(result.checks) };
}

const MARK = { pass: '✓', fail: '✗', 'not-applicable': '–' } as const;

/**
 * `✓ tools-call (2025-11-25) 12 ms`; a failure adds each failing check's detail below, a
 * not-applicable result its reason after a dash.
 */
export function formatResultLine(result: ScenarioResult): string {
  const revision = result.revision ? ` (${result.revision})` : '';
  const source = result.source === 'referee' ? ' [referee]' : '';
  const expected = result.expectedFailure ? ' (expected failure)' : '';
  let line = `${MARK[result.verdict]} ${result.scenario}${revision}${source}${expected} ${result.durationMs} ms`;
  if (result.verdict === 'not-applicable')
    line += ` — not applicable: ${result.reason ?? notApplicableReason(result.checks)}`;
  if (result.verdict === 'fail') {
    for (const check of result.checks.filter((c) => c.verdict === 'fail')) {
      line += `\n    ✗ ${check.id}: ${check.detail ?? 'failed'}`;
    }
  }
  return line;
}
