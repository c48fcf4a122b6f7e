import { formatNumber } from './format.js';
import type { RawWorkloadRecord } from './suite.js';

/**
 * The cluster workload's figures per round: calls/s through nginx with 1, 2 and 3 processes and
 * each as a ratio to 1 process. Empty when the workload did not run.
 */
export function clusterRows(records: readonly RawWorkloadRecord[]): string[][] {
  const record = records.find((candidate) => candidate.spec.kind === 'cluster-scaling');
  if (!record) return [];
  const rows = record.outcomes.mcpkit.flatMap((outcome, round) => {
    if (outcome.status !== 'ok') return [];
    const d = outcome.detail;
    const cell = (size: number) =>
      `${formatNumber(Number(d[`callsPerSecond${size}`]))} (${Number(d[`ratio${size}`]).toFixed(2)}x)`;
    return [[`round ${round + 1}`, cell(1), cell(2), cell(3)]];
  });
  if (rows.length === 0) return [];
  return [['cluster (calls/s, ratio to 1 process)', '1 process', '2 processes', '3 processes'], ...rows];
}
