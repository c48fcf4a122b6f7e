import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { RAW_HTTP_CLIENT } from '../clients/raw-http.js';
import type { SizeResult } from '../size/bundle.js';
import type { WorkloadResult } from './format.js';
import { driverNodeVersion, driverPinning } from './run-driver.js';
import { ratio } from './stats.js';
import type { RawWorkloadRecord } from './suite.js';
import { IMPLS } from './workloads.js';

export interface SizeFailure {
  name: string;
  error: string;
}

/** The JSON report: everything the table shows plus every sample and driver detail. */
export function buildReport(
  mode: 'smoke' | 'full',
  rounds: number,
  records: RawWorkloadRecord[],
  results: WorkloadResult[],
  sizes: (SizeResult | SizeFailure)[],
) {
  return {
    generatedAt: new Date().toISOString(),
    mode,
    rounds,
    environment: {
      /** The Node the drivers and servers ran under (`--node`), and the harness's own. */
      node: driverNodeVersion(),
      harnessNode: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      pinnedCpu: driverPinning() ?? null,
      /** The raw column's HTTP client (stdio's raw client is plain JSON over the pipes). */
      rawHttpClient: RAW_HTTP_CLIENT,
    },
    workloads: results.map((result, index) => {
      const record = records[index]!;
      const mine = result.summaries.mcpkit;
      return {
        name: result.spec.name,
        description: result.spec.description,
        unit: result.spec.unit,
        better: result.spec.better,
        params: mode === 'smoke' ? result.spec.smoke : result.spec.full,
        implementations: Object.fromEntries(
          IMPLS.map((impl) => {
            const summary = result.summaries[impl];
            const outcomes = record.outcomes[impl];
            return [
              impl,
              {
                status: summary ? 'ok' : (outcomes[0]?.status ?? 'missing'),
                median: summary?.median,
                min: summary?.min,
                max: summary?.max,
                samples: summary?.samples ?? [],
                details: outcomes.flatMap((outcome) => (outcome.status === 'ok' ? [outcome.detail] : [])),
                reason: result.missing[impl],
              },
            ];
          }),
        ),
        ratios: {
          'mcpkit/official-v2': ratio(mine, result.summaries['official-v2']),
          'mcpkit/official-v1': ratio(mine, result.summaries['official-v1']),
          'mcpkit/raw': ratio(mine, result.summaries.raw),
        },
      };
    }),
    sizes: sizes.map((size) =>
      'error' in size
        ? size
        : {
            name: size.probe.name,
            sdk: size.probe.sdk,
            kind: size.probe.kind,
            platform: size.probe.platform,
            rawBytes: size.rawBytes,
            minifiedBytes: size.minifiedBytes,
            gzipBytes: size.gzipBytes,
            budgetGzipBytes: size.probe.budgetGzipBytes,
            heaviestInputs: size.heaviestInputs,
          },
    ),
  };
}

export function writeReport(path: string, report: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}
