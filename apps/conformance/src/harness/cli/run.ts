import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runReferee } from '../../referee/run-referee.js';
import { runClientMode } from '../client-mode/index.js';
import { matrixClientFromArg, matrixServerFromArg, runMatrix } from '../matrix/index.js';
import {
  applyExpectedFailures,
  buildReport,
  compareWithReferee,
  formatSummary,
  ProgressLine,
  parseExpectedFailures,
  readRefereeResults,
  renderReportHtml,
} from '../report/index.js';
import { runServerMode } from '../server-scenarios/index.js';
import type { HarnessReport, MatrixCell, ScenarioResult } from '../types.js';
import type { CliOptions } from './args.js';

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

  switch (options.mode) {
    case 'server':
      results = await runServerMode({ ...targetOf(options), ...pick(options), onResult });
      break;
    case 'client':
      results = await runClientMode({ command: options.command ?? '', ...clientPick(options), onResult });
      break;
    case 'referee':
      results = await runRefereeMode(options, onResult, err);
      break;
    case 'matrix': {
      matrix = await runMatrix({
        servers: options.servers.map(matrixServerFromArg),
        clients: options.clients.map(matrixClientFromArg),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
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
  const report: HarnessReport = buildReport(options.mode, startedAt, outcome.results, matrix);
  if (options.mode === 'referee') report.agreement = compareWithReferee(outcome.results);
  if (options.json) await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
  if (options.html) await writeFile(options.html, renderReportHtml(report));

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
  const expected = outcome.results.filter((r) => r.expectedFailure).length;
  if (expected > 0) lines.push(`${expected} failure(s) are listed in ${options.expectedFailures}`);
  for (const entry of outcome.stalePasses)
    lines.push(`stale expected failure: ${entry} passes now; remove it from ${options.expectedFailures}`);
  for (const failure of outcome.unexpectedFailures)
    lines.push(`unexpected failure: ${failure.scenario}${failure.revision ? ` (${failure.revision})` : ''}`);
  if (options.json) lines.push(`JSON report: ${options.json}`);
  if (options.html) lines.push(`HTML report: ${options.html}`);
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

function pick(options: CliOptions) {
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

/** Our own checks and the official referee on the same target, in one list. */
async function runRefereeMode(
  options: CliOptions,
  onResult: (result: ScenarioResult, done: number) => void,
  err: Output,
): Promise<ScenarioResult[]> {
  const ours =
    options.url !== undefined
      ? await runServerMode({ url: options.url, ...pick(options), onResult })
      : await runClientMode({ command: options.clients[0] ?? '', onResult });
  const outputDir = await mkdtemp(join(tmpdir(), 'mcpkit-conformance-referee-'));
  try {
    const args =
      options.url !== undefined
        ? ['server', '--url', options.url]
        : ['client', '--command', options.clients[0] ?? ''];
    args.push('--suite', options.suite ?? 'all', '-o', outputDir);
    if (options.specVersion) args.push('--spec-version', options.specVersion);
    if (options.timeoutMs) args.push('--timeout', String(options.timeoutMs));
    err.write(`running the official referee: ${args.slice(0, 3).join(' ')} …\n`);
    const { output } = await runReferee(args);
    const folded = await readRefereeResults(outputDir, options.url ?? options.clients[0] ?? '');
    if (folded.length === 0)
      throw new Error(`the official referee produced no results; its output:\n${output.slice(-2000)}`);
    for (const [index, result] of folded.entries()) onResult(result, ours.length + index + 1);
    return [...ours, ...folded];
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}
