import type { Summary } from './stats.js';
import { ratio } from './stats.js';
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
