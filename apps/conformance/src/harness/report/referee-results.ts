import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckOutcome, ScenarioResult, Verdict } from '../types.js';
import { verdictOf } from '../types.js';

// The official referee writes <output>/<mode>-<scenario>-<ISO timestamp>/checks.json per scenario run;
// each check has a status SUCCESS, FAILURE, WARNING, SKIPPED or INFO.

interface RefereeCheck {
  id?: unknown;
  name?: unknown;
  description?: unknown;
  status?: unknown;
  errorMessage?: unknown;
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
    return outcome;
  });
}

/** Reads every scenario directory the referee wrote under `outputDir` into scenario results. */
export async function readRefereeResults(outputDir: string, target: string): Promise<ScenarioResult[]> {
  const entries = await readdir(outputDir, { withFileTypes: true });
  const results: ScenarioResult[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(outputDir, entry.name, 'checks.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      results.push({
        scenario: entry.name.replace(TIMESTAMP, ''),
        target,
        source: 'referee',
        verdict: 'fail',
        checks: [
          { id: 'checks.json', verdict: 'fail', detail: `the referee wrote no ${file}: ${String(error)}` },
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
    });
  }
  return results;
}
