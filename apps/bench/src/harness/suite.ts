import { formatNumber, type WorkloadResult } from './format.js';
import type { Outcome } from './outcome.js';
import { runDriver } from './run-driver.js';
import { summarize } from './stats.js';
import { IMPLS, type ImplName, type WorkloadSpec } from './workloads.js';

export interface RawWorkloadRecord {
  spec: WorkloadSpec;
  outcomes: Record<ImplName, Outcome[]>;
}

type Progress = (line: string) => void;

function emptyOutcomes(): Record<ImplName, Outcome[]> {
  return Object.fromEntries(IMPLS.map((impl) => [impl, [] as Outcome[]])) as Record<ImplName, Outcome[]>;
}

function describeRound(
  spec: WorkloadSpec,
  round: number,
  rounds: number,
  outcomes: Record<ImplName, Outcome[]>,
) {
  const parts = IMPLS.map((impl) => {
    const outcome = outcomes[impl][round - 1];
    return `${impl} ${outcome?.status === 'ok' ? formatNumber(outcome.value) : (outcome?.status ?? '-')}`;
  });
  return `${spec.name} round ${round}/${rounds}: ${parts.join(' | ')} (${spec.unit})`;
}

/** How many rounds a workload gets: `--rounds`, raised to the row's `minRounds` in a full run. */
export function roundsFor(spec: WorkloadSpec, mode: 'smoke' | 'full', rounds: number): number {
  return mode === 'full' ? Math.max(rounds, spec.minRounds ?? 1) : rounds;
}

/**
 * Runs one workload for every implementation, one driver process per measurement, interleaved
 * (A B C D, A B C D, ...) over the rounds so that drift in machine load spreads over all
 * implementations alike.
 */
export async function runWorkload(
  spec: WorkloadSpec,
  mode: 'smoke' | 'full',
  rounds: number,
  progress: Progress,
): Promise<RawWorkloadRecord> {
  const outcomes = emptyOutcomes();
  const timeoutMs = mode === 'smoke' ? 60_000 : 300_000;
  for (let round = 1; round <= rounds; round++) {
    for (const impl of IMPLS) {
      const previous = outcomes[impl];
      // A side that is not ready stays not ready within one run; skip the repeat spawns.
      const outcome: Outcome =
        previous[0]?.status === 'n/a'
          ? previous[0]
          : (await runDriver([spec], impl, mode, timeoutMs)).get(spec.name)!;
      previous.push(outcome);
    }
    progress(describeRound(spec, round, rounds, outcomes));
  }
  return { spec, outcomes };
}

/**
 * Smoke mode: each implementation runs all workloads of one round in a single driver (grouped
 * by node flags), which checks that everything works at a fraction of the process start-ups.
 */
export async function runBatched(
  specs: WorkloadSpec[],
  mode: 'smoke' | 'full',
  rounds: number,
  parallel: number,
  progress: Progress,
): Promise<RawWorkloadRecord[]> {
  const records = specs.map((spec) => ({ spec, outcomes: emptyOutcomes() }));
  const groups = new Map<string, WorkloadSpec[]>();
  for (const spec of specs) {
    const key = `${(spec.nodeFlags ?? []).join(' ')}|${spec.pinned === true}`;
    groups.set(key, [...(groups.get(key) ?? []), spec]);
  }
  for (let round = 1; round <= rounds; round++) {
    const jobs = IMPLS.flatMap((impl) => [...groups.values()].map((group) => ({ impl, group })));
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const { impl, group } = jobs[next++]!;
        const outcomes = await runDriver(group, impl, mode, 60_000 + 20_000 * group.length);
        for (const spec of group) {
          records.find((record) => record.spec === spec)!.outcomes[impl][round - 1] = outcomes.get(
            spec.name,
          )!;
        }
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
    for (const [index, record] of records.entries()) {
      progress(
        `[${index + 1}/${records.length}] ${describeRound(record.spec, round, rounds, record.outcomes)}`,
      );
    }
  }
  return records;
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
