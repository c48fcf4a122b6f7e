import type { Outcome } from './outcome.js';
import { ratio, type Summary, summarize } from './stats.js';
import { IMPLS, type ImplName, type WorkloadSpec } from './workloads.js';

export interface WorkloadResult {
  spec: WorkloadSpec;
  summaries: Partial<Record<ImplName, Summary>>;
  /** Why an implementation has no figures (n/a or error), by implementation. */
  missing: Partial<Record<ImplName, string>>;
}

export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 100_000) return `${(value / 1000).toFixed(0)}k`;
  if (abs >= 1_000) return value.toFixed(0);
  if (abs >= 100) return value.toFixed(1);
  if (abs >= 10) return value.toFixed(2);
  return value.toFixed(3);
}

function cell(result: WorkloadResult, impl: ImplName): string {
  const summary = result.summaries[impl];
  if (summary) {
    const spread =
      summary.samples.length > 1 ? ` (${formatNumber(summary.min)}-${formatNumber(summary.max)})` : '';
    return `${formatNumber(summary.median)}${spread}`;
  }
  const reason = result.missing[impl];
  if (impl === 'mcpkit' && reason?.startsWith('not ready')) return 'n/a (package not ready)';
  if (reason?.startsWith('not supported')) return 'n/a';
  return reason ? 'error' : '-';
}

function ratioCell(value: number | undefined): string {
  return value === undefined ? '-' : `${value.toFixed(2)}x`;
}

export function resultRows(results: WorkloadResult[]): string[][] {
  const header = ['workload', 'unit', 'better', ...IMPLS, 'mcpkit/v2', 'mcpkit/v1', 'mcpkit/raw'];
  const rows = results.map((result) => {
    const mine = result.summaries.mcpkit;
    return [
      result.spec.name,
      result.spec.unit,
      result.spec.better,
      ...IMPLS.map((impl) => cell(result, impl)),
      ratioCell(ratio(mine, result.summaries['official-v2'])),
      ratioCell(ratio(mine, result.summaries['official-v1'])),
      ratioCell(ratio(mine, result.summaries.raw)),
    ];
  });
  return [header, ...rows];
}

/** A fixed-width text table for the terminal. */
export function textTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((value, column) => value.padEnd(widths[column]!)).join('  ');
  return [
    line(rows[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

/** A GitHub-flavoured Markdown table (for the README). */
export function markdownTable(rows: string[][]): string {
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [line(rows[0]!), line(rows[0]!.map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

/**
 * CPU microseconds per operation, client + server (medians over rounds), for workloads whose
 * drivers recorded them. CPU time holds up far better than wall time on a busy machine.
 */
export function cpuRows(
  records: { spec: WorkloadSpec; outcomes: Record<ImplName, Outcome[]> }[],
): string[][] {
  const header = [
    'workload (CPU us/op)',
    ...IMPLS.map((impl) => `${impl} client+server`),
    'mcpkit/v2',
    'mcpkit/v1',
  ];
  const rows: string[][] = [];
  for (const record of records) {
    const medians = new Map<ImplName, { client: number; server: number }>();
    for (const impl of IMPLS) {
      const pairs = record.outcomes[impl].flatMap((outcome) => {
        if (outcome.status !== 'ok') return [];
        const client = outcome.detail.clientCpuMicrosPerOp;
        const server = outcome.detail.serverCpuMicrosPerOp;
        return typeof client === 'number' && typeof server === 'number' ? [{ client, server }] : [];
      });
      const client = summarize(pairs.map((pair) => pair.client));
      const server = summarize(pairs.map((pair) => pair.server));
      if (client && server) medians.set(impl, { client: client.median, server: server.median });
    }
    if (medians.size === 0) continue;
    const total = (impl: ImplName) => {
      const value = medians.get(impl);
      return value ? value.client + value.server : undefined;
    };
    const share = (other: ImplName) => {
      const mine = total('mcpkit');
      const theirs = total(other);
      return mine !== undefined && theirs ? `${(mine / theirs).toFixed(2)}x` : '-';
    };
    rows.push([
      record.spec.name,
      ...IMPLS.map((impl) => {
        const value = medians.get(impl);
        return value
          ? `${formatNumber(value.client + value.server)} (${formatNumber(value.client)}+${formatNumber(value.server)})`
          : '-';
      }),
      share('official-v2'),
      share('official-v1'),
    ]);
  }
  return [header, ...rows];
}
