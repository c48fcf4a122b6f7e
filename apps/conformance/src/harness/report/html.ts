import type { AgreementRow, HarnessReport, MatrixCell, ScenarioResult, Tally, Verdict } from '../types.js';
import { notApplicableReason } from '../types.js';
import { formatSummary } from './summary.js';

// A self-contained page (inline CSS, no scripts, no network) a person can open from disk or a CI artefact.

const COLOURS: Record<Verdict, string> = { pass: '#2e7d32', fail: '#c62828', 'not-applicable': '#757575' };
const LABELS: Record<Verdict, string> = { pass: 'pass', fail: 'fail', 'not-applicable': 'n/a' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function badge(verdict: Verdict, note = ''): string {
  return `<span class="badge" style="background:${COLOURS[verdict]}">${LABELS[verdict]}${note}</span>`;
}

function checksList(result: ScenarioResult): string {
  const reason =
    result.verdict === 'not-applicable'
      ? `<p>${escapeHtml(result.reason ?? notApplicableReason(result.checks))}</p>`
      : '';
  if (result.checks.length === 0) return reason;
  const items = result.checks
    .map(
      (check) =>
        `<li>${badge(check.verdict)} <code>${escapeHtml(check.id)}</code>${check.detail ? ` — ${escapeHtml(check.detail)}` : ''}` +
        `${check.spec && check.spec !== result.spec ? ` <a href="${escapeHtml(check.spec)}">spec</a>` : ''}</li>`,
    )
    .join('');
  return `${reason}<details${result.verdict === 'fail' ? ' open' : ''}><summary>${result.checks.length} checks</summary><ul>${items}</ul></details>`;
}

function ruleCell(result: ScenarioResult): string {
  const rule = result.rule ? escapeHtml(result.rule) : '';
  const link = result.spec ? ` <a href="${escapeHtml(result.spec)}">spec</a>` : '';
  return `<td>${escapeHtml(result.severity ?? '')}</td><td>${rule}${link}</td>`;
}

/** One row per result; the target column only when results have different targets. */
function scenarioTable(
  results: readonly ScenarioResult[],
  sharedTarget: string | undefined,
  title = 'Scenarios',
): string {
  if (results.length === 0) return '';
  const targetHead = sharedTarget === undefined ? '<th>target</th>' : '';
  const rows = results
    .map(
      (result) =>
        `<tr><td><code>${escapeHtml(result.scenario)}</code></td><td>${escapeHtml(result.revision ?? '')}</td>` +
        `<td>${escapeHtml(result.source)}</td>${sharedTarget === undefined ? `<td>${escapeHtml(result.target)}</td>` : ''}` +
        `<td>${badge(result.verdict, result.expectedFailure ? ' (expected)' : '')}</td>${ruleCell(result)}` +
        `<td class="num">${result.durationMs}</td><td>${checksList(result)}</td></tr>`,
    )
    .join('\n');
  return `<h2>${escapeHtml(title)}</h2><table><thead><tr><th>scenario</th><th>revision</th><th>source</th>${targetHead}<th>verdict</th><th>severity</th><th>rule</th><th>ms</th><th>checks</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function tallyTable(title: string, key: string, tallies: Partial<Record<string, Tally>> | undefined): string {
  const rows = Object.entries(tallies ?? {}).filter(
    (entry): entry is [string, Tally] => entry[1] !== undefined,
  );
  if (rows.length === 0) return '';
  const body = rows
    .map(
      ([name, tally]) =>
        `<tr><th scope="row">${escapeHtml(name)}</th><td class="num">${tally.passed}</td><td class="num">${tally.failed}</td><td class="num">${tally.notApplicable}</td></tr>`,
    )
    .join('');
  return `<table class="tally"><caption>${escapeHtml(title)}</caption><thead><tr><th>${escapeHtml(key)}</th><th>passed</th><th>failed</th><th>n/a</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** Servers down, clients across, one coloured cell per pair. */
export function matrixGrid(cells: readonly MatrixCell[]): string {
  if (cells.length === 0) return '';
  const servers = [...new Set(cells.map((cell) => cell.server))];
  const clients = [...new Set(cells.map((cell) => cell.client))];
  const header = clients.map((client) => `<th>${escapeHtml(client)}</th>`).join('');
  const rows = servers
    .map((server) => {
      const tds = clients
        .map((client) => {
          const cell = cells.find((c) => c.server === server && c.client === client);
          if (cell === undefined) return '<td class="empty">–</td>';
          const label = `${LABELS[cell.verdict]} (${cell.passed}✓ ${cell.failed}✗ ${cell.notApplicable}–)`;
          return `<td class="cell" style="background:${COLOURS[cell.verdict]}" title="${escapeHtml(cell.detail ?? '')}">${escapeHtml(label)}</td>`;
        })
        .join('');
      return `<tr><th scope="row">${escapeHtml(server)}</th>${tds}</tr>`;
    })
    .join('\n');
  return `<h2>Interop matrix</h2><table class="matrix"><thead><tr><th>server \\ client</th>${header}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/** Our verdict beside the referee's where both judge the same rule. */
export function agreementTable(rows: readonly AgreementRow[]): string {
  if (rows.length === 0) return '';
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.ours)}</code></td><td>${badge(row.ourVerdict)}</td>` +
        `<td>${row.referee.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ')}</td><td>${badge(row.refereeVerdict)}</td>` +
        `<td>${row.agree ? 'agree' : '<b>differ</b>'}</td><td>${escapeHtml(row.explanation ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<h2>Agreement with the official referee</h2><table><thead><tr><th>ours</th><th>verdict</th><th>referee</th><th>verdict</th><th></th><th>why</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function renderReportHtml(report: HarnessReport, title = 'mcpkit-conformance report'): string {
  const matrixSummary = report.matrix
    ? ` Matrix: ${report.matrix.filter((c) => c.verdict === 'pass').length} of ${report.matrix.length} pairs pass.`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse;margin-bottom:2rem}
th,td{border:1px solid #ccc;padding:.35rem .6rem;text-align:left;vertical-align:top}
td.num{text-align:right}
table.tally{display:inline-table;margin-right:2rem}
caption{font-weight:600;text-align:left}
td.cell{color:#fff;font-weight:600}
td.empty{color:#999;background:#f5f5f5}
.badge{color:#fff;border-radius:3px;padding:0 .35rem;font-size:.85em;font-weight:600}
details ul{margin:.3rem 0;padding-left:1.2rem}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p>Mode <b>${escapeHtml(report.mode)}</b>${report.target !== undefined ? `, target <code>${escapeHtml(report.target)}</code>` : ''}, run at ${escapeHtml(report.startedAt)}. ${escapeHtml(formatSummary(report.summary))}.${escapeHtml(matrixSummary)}</p>
${tallyTable('By revision', 'revision', report.byRevision)}
${tallyTable('By severity', 'severity', report.bySeverity)}
${matrixGrid(report.matrix ?? [])}
${agreementTable(report.agreement ?? [])}
${scenarioTable(report.results, report.target)}
${scenarioTable(report.missingFixtures ?? [], report.target, 'Referee scenarios that need fixtures the target lacks')}
</body></html>
`;
}
