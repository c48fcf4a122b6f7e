import type { HarnessReport, ScenarioResult } from '../types.js';
import { notApplicableReason } from '../types.js';
import { withRule } from './rules.js';

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

/**
 * The report of a run: each result with its reason (not applicable) and rule (severity, spec
 * link), the summary, and the same counts by revision and by severity. `rules` says which
 * catalogue names our rows: server checks, or client checks (client mode, referee of a client).
 */
export function buildReport(
  mode: HarnessReport['mode'],
  startedAt: Date,
  results: ScenarioResult[],
  matrix?: HarnessReport['matrix'],
  rules: 'server' | 'client' = mode === 'client' ? 'client' : 'server',
): HarnessReport {
  const annotated = results.map((result) => withRule(withReason(result), rules));
  const report: HarnessReport = {
    tool: 'mcpkit-conformance',
    mode,
    startedAt: startedAt.toISOString(),
    results: annotated,
    summary: summarize(results),
    byRevision: tallyBy(annotated, (result) => result.revision ?? '-') as Record<string, Summary>,
    bySeverity: tallyBy(annotated, (result) => result.severity ?? 'unrated'),
  };
  const targets = new Set(results.map((result) => result.target));
  if (targets.size === 1) report.target = [...targets][0];
  if (matrix !== undefined) report.matrix = matrix;
  return report;
}

/** Results counted per key (a revision, a severity), keys in first-seen order. */
export function tallyBy<K extends string>(
  results: readonly ScenarioResult[],
  keyOf: (result: ScenarioResult) => K,
): Partial<Record<K, Summary>> {
  const groups = new Map<K, ScenarioResult[]>();
  for (const result of results) {
    const key = keyOf(result);
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return Object.fromEntries([...groups].map(([key, group]) => [key, summarize(group)])) as Partial<
    Record<K, Summary>
  >;
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
