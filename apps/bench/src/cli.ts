import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RAW_HTTP_CLIENT } from './clients/raw-http.js';
import { parseArgs } from './harness/args.js';
import { renderChart } from './harness/chart.js';
import { clusterRows } from './harness/cluster-table.js';
import { cpuRows, markdownTable, resultRows, textTable } from './harness/format.js';
import { sideCpuRows, targetRows, targetVerdicts } from './harness/issue-targets.js';
import { resolveNodeBinary } from './harness/node-binary.js';
import { buildReport, type SizeFailure, writeReport } from './harness/report.js';
import { driverNodeVersion, pinDrivers, useDriverNode } from './harness/run-driver.js';
import {
  type RawWorkloadRecord,
  roundsFor,
  runBatched,
  runWorkload,
  toWorkloadResult,
} from './harness/suite.js';
import { WORKLOADS } from './harness/workloads.js';
import { kib, measureProbe, SIZE_PROBES, type SizeResult } from './size/bundle.js';

// `pnpm bench [--smoke]`: every workload on mcpkit, the official SDK v2 and v1 and a raw baseline,
// then bundle sizes; a table on stdout, progress on stderr, the full record in reports/bench.json.

const options = parseArgs(process.argv.slice(2));
pinDrivers(options.pin);
if (options.node !== undefined) {
  process.stderr.write(`bench: Node ${options.node} from the registry (cached after the first run)...\n`);
  useDriverNode(await resolveNodeBinary(options.node));
}
const appDir = fileURLToPath(new URL('..', import.meta.url));
const reportPath = resolve(options.out ?? `${appDir}/reports/bench.json`);
const selected = WORKLOADS.filter(
  (workload) => options.only.length === 0 || options.only.some((part) => workload.name.includes(part)),
);
if (selected.length === 0) throw new Error(`--only ${options.only.join(',')} matches no workload`);

const progress = (line: string) => process.stderr.write(`${line}\n`);
const startedAt = Date.now();
progress(
  `bench: ${selected.length} workloads x 4 implementations x ${options.rounds} round(s)${options.mode === 'full' && options.rounds < 3 ? ' (rows with a ratio target: 3)' : ''} on Node ${driverNodeVersion()}, ${options.mode} mode, ${options.parallel} at a time${options.pin === undefined ? '' : `, pinned to CPU ${options.pin}`}`,
);
if (options.mode === 'full' && options.parallel > 1)
  progress('bench: --parallel > 1 skews timings; use it only to check the suite runs');

let records: RawWorkloadRecord[];
if (options.mode === 'smoke') {
  records = await runBatched(selected, options.mode, options.rounds, options.parallel, progress);
} else {
  records = new Array(selected.length);
  let nextWorkload = 0;
  const lane = async () => {
    while (nextWorkload < selected.length) {
      const index = nextWorkload++;
      const report = (line: string) => progress(`[${index + 1}/${selected.length}] ${line}`);
      const spec = selected[index]!;
      records[index] = await runWorkload(
        spec,
        options.mode,
        roundsFor(spec, options.mode, options.rounds),
        report,
      );
    }
  };
  await Promise.all(Array.from({ length: options.parallel }, lane));
}
const results = records.map(toWorkloadResult);

const sizes: (SizeResult | SizeFailure)[] = [];
if (options.size) {
  for (const probe of SIZE_PROBES) {
    try {
      sizes.push(await measureProbe(probe));
      progress(`size ${probe.name}: done`);
    } catch (error) {
      const message = (error as Error).message.split('\n').slice(0, 3).join(' ');
      sizes.push({
        name: probe.name,
        error: probe.sdk === 'mcpkit' ? `n/a (package not ready): ${message}` : message,
      });
      progress(`size ${probe.name}: ${message}`);
    }
  }
}

const rows = resultRows(results);
console.log(`Node ${driverNodeVersion()} (drivers and servers)`);
console.log(textTable(rows));
console.log('');
console.log('Ratios are mcpkit median / other median; read them with the "better" column.');
console.log(`raw: JSON over the pipes for stdio; over HTTP the reference client is ${RAW_HTTP_CLIENT}.`);
const cpu = cpuRows(records);
if (cpu.length > 1) {
  console.log('');
  console.log(textTable(cpu));
  console.log('CPU microseconds per operation: client + server, medians over rounds (lower is better).');
}
for (const side of ['server', 'client'] as const) {
  const sideRows = sideCpuRows(records, side);
  if (sideRows.length === 0) continue;
  console.log('');
  console.log(textTable(sideRows));
  console.log(
    side === 'server'
      ? 'Server CPU per request with the raw client driving every server (the server alone; medians).'
      : 'Client CPU per call with every client against the raw server (the client alone; medians).',
  );
}
const cluster = clusterRows(records);
if (cluster.length > 0) {
  console.log('');
  console.log(textTable(cluster));
  console.log(
    'Through nginx to mcpkit processes sharing Redis; the clients run in one process, so on a small machine they and the servers share the cores.',
  );
}
const verdicts = targetVerdicts(records, results);
if (verdicts.length > 0) {
  console.log('');
  console.log(textTable(targetRows(verdicts)));
  console.log('Issue targets: measured in this run, printed and not asserted (a busy machine skews them).');
}
if (sizes.length > 0) {
  const sizeRows = [
    ['bundle', 'raw', 'minified', 'gzip', 'budget (gzip)'],
    ...sizes.map((size) =>
      'error' in size
        ? [size.name, size.error.slice(0, 60), '', '', '']
        : [
            size.probe.name,
            kib(size.rawBytes),
            kib(size.minifiedBytes),
            kib(size.gzipBytes),
            size.probe.budgetGzipBytes === undefined ? '-' : kib(size.probe.budgetGzipBytes),
          ],
    ),
  ];
  console.log('');
  console.log(textTable(sizeRows));
}

const report = buildReport(options.mode, options.rounds, records, results, sizes);
writeReport(reportPath, {
  ...report,
  markdown: markdownTable(rows),
  cpuMarkdown: markdownTable(cpu),
  targets: verdicts,
});
const chartPath = reportPath.replace(/(\.json)?$/, '.svg');
writeFileSync(chartPath, renderChart(report));
progress(
  `bench: finished in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; report written to ${reportPath}, chart to ${chartPath}`,
);

const failures = results.flatMap((result) =>
  Object.entries(result.missing)
    .filter(([, reason]) => !reason.startsWith('not ready') && !reason.startsWith('not supported'))
    .map(([impl, reason]) => `${result.spec.name} on ${impl}: ${reason}`),
);
const sizeFailures = sizes.filter(
  (size): size is SizeFailure => 'error' in size && !size.error.startsWith('n/a'),
);
for (const failure of failures) progress(`FAILED ${failure}`);
for (const failure of sizeFailures) progress(`FAILED size ${failure.name}: ${failure.error}`);
if (failures.length > 0 || sizeFailures.length > 0) process.exitCode = 1;
