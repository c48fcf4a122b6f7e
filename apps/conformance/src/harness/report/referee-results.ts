import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckOutcome, ScenarioResult, Severity, Verdict } from '../types.js';
import { verdictOf } from '../types.js';

// The official referee writes <output>/<mode>-<scenario>-<ISO timestamp>/checks.json per scenario run;
// each check has a status SUCCESS, FAILURE, WARNING, SKIPPED or INFO.

interface RefereeCheck {
  id?: unknown;
  name?: unknown;
  description?: unknown;
  status?: unknown;
  errorMessage?: unknown;
  specReferences?: unknown;
}

/** The referee fails a check only on a MUST and warns on a SHOULD; what it skips is not rated. */
function severityOfStatus(status: unknown): Severity | undefined {
  return status === 'FAILURE' || status === 'SUCCESS' ? 'MUST' : status === 'WARNING' ? 'SHOULD' : undefined;
}

function firstSpecUrl(references: unknown): string | undefined {
  if (!Array.isArray(references)) return undefined;
  const url = (references[0] as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' ? url : undefined;
}

const TIMESTAMP = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

function verdictOfStatus(status: unknown): Verdict {
  if (status === 'FAILURE') return 'fail';
  if (status === 'SUCCESS' || status === 'WARNING') return 'pass';
  return 'not-applicable';
}

/** The referee gives no reason for SKIPPED or INFO checks; its status and description say what there is. */
function refereeNotApplicable(check: RefereeCheck): string {
  const status = typeof check.status === 'string' ? check.status : 'no status';
  const description = typeof check.description === 'string' ? `: ${check.description}` : '';
  return `the referee reported ${status}${description}`;
}

export function refereeChecks(parsed: unknown): CheckOutcome[] {
  if (!Array.isArray(parsed)) throw new Error(`expected an array of checks, got ${typeof parsed}`);
  return (parsed as RefereeCheck[]).map((check) => {
    const outcome: CheckOutcome = {
      id: String(check.id ?? check.name ?? 'check'),
      verdict: verdictOfStatus(check.status),
    };
    const detail =
      check.errorMessage ??
      (check.status === 'WARNING'
        ? `warning: ${String(check.description ?? '')}`
        : outcome.verdict === 'not-applicable'
          ? refereeNotApplicable(check)
          : undefined);
    if (detail !== undefined) outcome.detail = String(detail);
    if (typeof check.description === 'string') outcome.rule = check.description;
    const severity = severityOfStatus(check.status);
    if (severity !== undefined) outcome.severity = severity;
    const spec = firstSpecUrl(check.specReferences);
    if (spec !== undefined) outcome.spec = spec;
    return outcome;
  });
}

/** A referee row's severity and link: its first failing check's, else its first check's. */
function rowRule(checks: readonly CheckOutcome[]): Pick<ScenarioResult, 'severity' | 'spec'> {
  const lead = checks.find((check) => check.verdict === 'fail') ?? checks.find((check) => check.severity);
  const rule: Pick<ScenarioResult, 'severity' | 'spec'> = {};
  if (lead?.severity !== undefined) rule.severity = lead.severity;
  if (lead?.spec !== undefined) rule.spec = lead.spec;
  return rule;
}

/**
 * Reads every scenario directory the referee wrote under `outputDir` into scenario results.
 * `refereeOutput` (its stdout and stderr) is quoted where a scenario left no checks.json, since
 * the referee's own error is the only account of what happened.
 */
export async function readRefereeResults(
  outputDir: string,
  target: string,
  refereeOutput = '',
): Promise<ScenarioResult[]> {
  const entries = await readdir(outputDir, { withFileTypes: true });
  const results: ScenarioResult[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(outputDir, entry.name, 'checks.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      results.push({
        scenario: entry.name.replace(TIMESTAMP, '').replace(/^(server|client)-/, ''),
        target,
        source: 'referee',
        verdict: 'fail',
        checks: [
          {
            id: 'checks.json',
            verdict: 'fail',
            detail:
              `the referee wrote no ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})` +
              (refereeOutput.trim() === ''
                ? ''
                : `; the referee said: ${lastLines(refereeOutput, entry.name.replace(TIMESTAMP, '').replace(/^(server|client)-/, ''))}`),
          },
        ],
        durationMs: 0,
      });
      continue;
    }
    const checks = refereeChecks(JSON.parse(text));
    results.push({
      scenario: entry.name.replace(TIMESTAMP, '').replace(/^(server|client)-/, ''),
      target,
      source: 'referee',
      verdict: verdictOf(checks),
      checks,
      durationMs: 0,
      ...rowRule(checks),
    });
  }
  return results;
}

/** The referee colours its output; the escape sequences are noise in a report. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The last lines of the referee's output that say something (an error and its first frames). */
export function lastLines(output: string, scenario?: string, count = 6): string {
  const lines = output
    .split('\n')
    .map((line) => line.replace(ANSI_COLOUR, '').trimEnd())
    .filter((line) => line.trim() !== '');
  const isError = (line: string) => /(Error\b|error:|Unhandled|ERR_)/.test(line);
  // The referee runs many scenarios: the error naming this one first, else the first error.
  const named =
    scenario === undefined ? -1 : lines.findIndex((line) => isError(line) && line.includes(scenario));
  const errorAt = named >= 0 ? named : lines.findIndex(isError);
  const picked = errorAt >= 0 ? lines.slice(errorAt, errorAt + count) : lines.slice(-count);
  return picked.join(' | ').slice(0, 800);
}
