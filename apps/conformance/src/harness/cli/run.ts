import { readFile, writeFile } from 'node:fs/promises';
import { runClientMode } from '../client-mode/index.js';
import { matrixClientFromArg, matrixServerFromArg, runMatrix } from '../matrix/index.js';
import {
  applyExpectedFailures,
  buildReport,
  compareWithReferee,
  formatSummary,
  ProgressLine,
  parseExpectedFailures,
  renderReportHtml,
  renderReportMarkdown,
} from '../report/index.js';
import { runServerMode } from '../server-scenarios/index.js';
import type { HarnessReport, MatrixCell, ScenarioResult } from '../types.js';
import type { CliOptions } from './args.js';
import { runRefereeMode } from './referee-mode.js';

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Runs one CLI invocation; resolves with the exit status. */
export async function runCli(options: CliOptions, out: Output, err: Output): Promise<number> {
  const startedAt = new Date();
  const progress = new ProgressLine(err);
  const onResult = (result: ScenarioResult, done: number, total?: number) =>
    progress.finished(result, done, total);
  let results: ScenarioResult[] = [];
  let matrix: MatrixCell[] | undefined;
  let missingFixtures: ScenarioResult[] = [];

  switch (options.mode) {
    case 'server':
      results = await runServerMode({ ...targetOf(options), ...pick(options), onResult });
      break;
    case 'client':
      results = await runClientMode({ command: options.command ?? '', ...clientPick(options), onResult });
      break;
    case 'referee': {
      const folded = await runRefereeMode(options, pick(options), onResult, err);
      results = folded.results;
      missingFixtures = folded.missingFixtures;
      break;
    }
    case 'matrix': {
      matrix = await runMatrix({
        servers: options.servers.map(matrixServerFromArg),
        clients: options.clients.map(matrixClientFromArg),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.roundTripTools ? { roundTripTools: options.roundTripTools } : {}),
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
        onCell: (cell, done, total) => onResult(cellResult(cell), done, total),
      });
      results = matrix.map(cellResult);
      break;
    }
  }
  progress.clear();

  const section =
    options.mode === 'matrix'
      ? 'matrix'
      : options.mode === 'client' || (options.mode === 'referee' && options.url === undefined)
        ? 'client'
        : 'server';
  const listed = options.expectedFailures
    ? parseExpectedFailures(await readFile(options.expectedFailures, 'utf8'), options.expectedFailures)[
        section
      ]
    : undefined;
  const outcome = applyExpectedFailures(results, listed);
  const report: HarnessReport = buildReport(
    options.mode,
    startedAt,
    outcome.results,
    matrix,
    section === 'client' ? 'client' : 'server',
  );
  if (options.mode === 'referee') report.agreement = compareWithReferee(outcome.results);
  if (missingFixtures.length > 0) report.missingFixtures = missingFixtures;
  if (options.json) await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
  if (options.html) await writeFile(options.html, renderReportHtml(report));
  if (options.markdown) await writeFile(options.markdown, renderReportMarkdown(report));

  const lines: string[] = [];
  if (report.agreement !== undefined) {
    const compared = report.agreement.filter(
      (row) => row.ourVerdict !== 'not-applicable' && row.refereeVerdict !== 'not-applicable',
    );
    lines.push(
      `agreement with the referee: ${compared.filter((row) => row.agree).length} of ${compared.length} comparable pairs agree`,
    );
    for (const row of report.agreement.filter((r) => !r.agree)) {
      lines.push(
        `  differ: ${row.ours} ${row.ourVerdict} vs ${row.referee.join('+')} ${row.refereeVerdict} (${row.explanation})`,
      );
    }
  }
  if (missingFixtures.length > 0)
    lines.push(
      `${missingFixtures.length} referee scenario(s) set aside: they call fixtures the target does not list (see the report)`,
    );
  const expected = outcome.results.filter((r) => r.expectedFailure).length;
  if (expected > 0) lines.push(`${expected} failure(s) are listed in ${options.expectedFailures}`);
  for (const entry of outcome.stalePasses)
    lines.push(`stale expected failure: ${entry} passes now; remove it from ${options.expectedFailures}`);
  for (const failure of outcome.unexpectedFailures)
    lines.push(`unexpected failure: ${failure.scenario}${failure.revision ? ` (${failure.revision})` : ''}`);
  if (options.json) lines.push(`JSON report: ${options.json}`);
  if (options.html) lines.push(`HTML report: ${options.html}`);
  if (options.markdown) lines.push(`Markdown report: ${options.markdown}`);
  lines.push(formatSummary(report.summary));
  out.write(`${lines.join('\n')}\n`);
  return outcome.unexpectedFailures.length > 0 || outcome.stalePasses.length > 0 ? 1 : 0;
}

function targetOf(options: CliOptions): { command?: string; url?: string } {
  return options.command !== undefined
    ? { command: options.command }
    : options.url !== undefined
      ? { url: options.url }
      : {};
}

export function pick(options: CliOptions) {
  return {
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.revisions ? { revisions: options.revisions } : {}),
    ...(options.scenarios ? { scenarios: options.scenarios } : {}),
  };
}

function clientPick(options: CliOptions) {
  return {
    ...(options.transports ? { transports: options.transports } : {}),
    ...(options.scenarios ? { scenarios: options.scenarios } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
}

function cellResult(cell: MatrixCell): ScenarioResult {
  const check = { id: 'interop', verdict: cell.verdict, ...(cell.detail ? { detail: cell.detail } : {}) };
  return {
    scenario: `${cell.server} × ${cell.client}`,
    target: cell.server,
    source: 'mcpkit',
    verdict: cell.verdict,
    checks: [check],
    durationMs: 0,
  };
}
