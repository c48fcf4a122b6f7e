import { formatNumber, type WorkloadResult } from './format.js';
import type { Outcome } from './outcome.js';
import { runDriver } from './run-driver.js';
import { summarize } from './stats.js';
import { IMPLS, type ImplName, type WorkloadSpec } from './workloads.js';

export interface RawWorkloadRecord {
  spec: WorkloadSpec;
  outcomes: Record<ImplName, Outcome[]>;
}

/**
 * Runs one workload for every implementation, interleaved (A B C D, A B C D, ...) over the rounds
 * so that drift in machine load spreads over all implementations alike.
 */
export async function runWorkload(
  spec: WorkloadSpec,
  mode: 'smoke' | 'full',
  rounds: number,
  progress: (line: string) => void,
): Promise<RawWorkloadRecord> {
  const outcomes = Object.fromEntries(IMPLS.map((impl) => [impl, [] as Outcome[]])) as Record<
    ImplName,
    Outcome[]
  >;
  const timeoutMs = mode === 'smoke' ? 60_000 : 300_000;
  for (let round = 1; round <= rounds; round++) {
    const parts: string[] = [];
    for (const impl of IMPLS) {
      const previous = outcomes[impl];
      // A side that is not ready stays not ready within one run; skip the repeat spawns.
      const outcome: Outcome =
        previous[0]?.status === 'n/a' ? previous[0] : await runDriver(spec, impl, mode, timeoutMs);
      previous.push(outcome);
      parts.push(`${impl} ${outcome.status === 'ok' ? formatNumber(outcome.value) : outcome.status}`);
    }
    progress(`${spec.name} round ${round}/${rounds}: ${parts.join(' | ')} (${spec.unit})`);
  }
  return { spec, outcomes };
}

export function toWorkloadResult(record: RawWorkloadRecord): WorkloadResult {
  const result: WorkloadResult = { spec: record.spec, summaries: {}, missing: {} };
  for (const impl of IMPLS) {
    const outcomes = record.outcomes[impl];
    const values = outcomes.flatMap((outcome) => (outcome.status === 'ok' ? [outcome.value] : []));
    const summary = summarize(values);
    if (summary) result.summaries[impl] = summary;
    for (const outcome of outcomes) {
      if (outcome.status !== 'ok') result.missing[impl] ??= outcome.reason;
    }
  }
  return result;
}
