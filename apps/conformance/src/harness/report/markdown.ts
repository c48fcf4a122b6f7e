import type { HarnessReport, ScenarioResult, Tally } from '../types.js';
import { notApplicableReason } from '../types.js';
import { formatSummary } from './summary.js';

// A GitHub-flavoured Markdown report a CI job can post as a comment or a job summary: the totals,
// counts by revision and by severity, every failure with its rule, severity, spec link and what
// was seen (one bullet for the same fault at several revisions), then the passes and the
// not-applicable rows folded away.

/** Escapes the characters that would break a table cell or start Markdown markup. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]|<>])/g, '\\$1').replace(/\r?\n/g, ' ');
}

/** A code span; it cannot hold a backtick or a line break, so those become ' and ↵. */
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\r?\n/g, ' ↵ ')}\``;

function tallyTable(title: string, key: string, tallies: Partial<Record<string, Tally>> | undefined): string {
  const rows = Object.entries(tallies ?? {}).filter(
    (entry): entry is [string, Tally] => entry[1] !== undefined,
  );
  if (rows.length === 0) return '';
  const body = rows
    .map(
      ([name, tally]) =>
        `| ${escapeMarkdown(name)} | ${tally.passed} | ${tally.failed} | ${tally.notApplicable} |`,
    )
    .join('\n');
  return `### ${title}\n\n| ${key} | passed | failed | not applicable |\n| --- | ---: | ---: | ---: |\n${body}\n`;
}

function where(result: ScenarioResult, sharedTarget: string | undefined, revisions?: string[]): string {
  const listed = revisions ?? (result.revision ? [result.revision] : []);
  const revision = listed.length > 0 ? ` (${listed.join(', ')})` : '';
  const source = result.source === 'referee' ? ' [referee]' : '';
  const target = sharedTarget === undefined ? ` on ${code(result.target)}` : '';
  return `${code(result.scenario)}${revision}${source}${target}`;
}

/** A failure's identity apart from its revision: the same fault at several revisions is one bullet. */
function failureKey(result: ScenarioResult): string {
  const checks = result.checks
    .filter((check) => check.verdict === 'fail')
    .map((check) => [check.id, check.detail, check.spec]);
  const { scenario, source, target, severity, rule, spec, expectedFailure } = result;
  return JSON.stringify([scenario, source, target, severity, rule, spec, expectedFailure, checks]);
}

/** Failures grouped by `failureKey`, in first-seen order, each with the revisions it failed at. */
function groupFailures(failed: readonly ScenarioResult[]): { result: ScenarioResult; revisions: string[] }[] {
  const groups = new Map<string, { result: ScenarioResult; revisions: string[] }>();
  for (const result of failed) {
    const key = failureKey(result);
    const group = groups.get(key) ?? { result, revisions: [] };
    if (result.revision) group.revisions.push(result.revision);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function failure(result: ScenarioResult, sharedTarget: string | undefined, revisions?: string[]): string {
  const severity = result.severity ? `**${result.severity}**` : 'unrated';
  const expected = result.expectedFailure ? ' (expected failure)' : '';
  const rule = result.rule
    ? `${escapeMarkdown(result.rule)}${result.spec ? ` ([spec](${result.spec}))` : ''}`
    : result.spec
      ? `[spec](${result.spec})`
      : '';
  const lines = [
    `- ✗ ${where(result, sharedTarget, revisions)}${expected} — ${severity}${rule ? `: ${rule}` : ''}`,
  ];
  for (const check of result.checks.filter((c) => c.verdict === 'fail')) {
    const checkSpec = check.spec && check.spec !== result.spec ? ` ([spec](${check.spec}))` : '';
    // What was seen is often JSON: a code span shows it verbatim, where escaping would bury it.
    lines.push(`  - ${code(check.id)}: ${code(check.detail ?? 'failed')}${checkSpec}`);
  }
  return lines.join('\n');
}

/** Scenario → the revisions it passed at, one line each. */
function passes(results: readonly ScenarioResult[]): string {
  const byScenario = new Map<string, string[]>();
  for (const result of results) {
    const key = `${result.scenario}${result.source === 'referee' ? ' [referee]' : ''}`;
    byScenario.set(key, [...(byScenario.get(key) ?? []), result.revision ?? '-']);
  }
  return [...byScenario]
    .map(([scenario, revisions]) => `- ${code(scenario)}: ${revisions.join(', ')}`)
    .join('\n');
}

function folded(summary: string, body: string): string {
  return body === '' ? '' : `<details><summary>${summary}</summary>\n\n${body}\n\n</details>\n`;
}

export function renderReportMarkdown(report: HarnessReport, title = 'mcpkit-conformance report'): string {
  const shared = report.target;
  const failed = report.results.filter((r) => r.verdict === 'fail');
  const passed = report.results.filter((r) => r.verdict === 'pass');
  const notApplicable = report.results.filter((r) => r.verdict === 'not-applicable');
  const parts = [
    `## ${escapeMarkdown(title)}\n`,
    `Mode **${report.mode}**${shared !== undefined ? ` against ${code(shared)}` : ''}, run at ${report.startedAt}: **${formatSummary(report.summary)}**.\n`,
    tallyTable('By revision', 'revision', report.byRevision),
    tallyTable('By severity', 'severity', report.bySeverity),
    failed.length > 0
      ? `### Failures\n\n${groupFailures(failed)
          .map((group) => failure(group.result, shared, group.revisions))
          .join('\n')}\n`
      : '### Failures\n\nNone.\n',
  ];
  if (report.matrix !== undefined && report.matrix.length > 0) {
    const cells = report.matrix
      .map(
        (cell) =>
          `| ${escapeMarkdown(cell.server)} | ${escapeMarkdown(cell.client)} | ${cell.verdict} | ${escapeMarkdown(cell.detail ?? '')} |`,
      )
      .join('\n');
    parts.push(
      `### Interop matrix\n\n| server | client | verdict | detail |\n| --- | --- | --- | --- |\n${cells}\n`,
    );
  }
  if (report.missingFixtures !== undefined && report.missingFixtures.length > 0) {
    const rows = report.missingFixtures
      .map((r) => `- ${where(r, shared)}: ${escapeMarkdown(r.reason ?? notApplicableReason(r.checks))}`)
      .join('\n');
    parts.push(
      folded(
        `Referee scenarios that need fixtures the target lacks (${report.missingFixtures.length})`,
        rows,
      ),
    );
  }
  parts.push(folded(`Passed (${passed.length})`, passes(passed)));
  parts.push(
    folded(
      `Not applicable (${notApplicable.length})`,
      notApplicable
        .map((r) => `- ${where(r, shared)}: ${escapeMarkdown(r.reason ?? notApplicableReason(r.checks))}`)
        .join('\n'),
    ),
  );
  return `${parts.filter((part) => part !== '').join('\n')}`;
}
