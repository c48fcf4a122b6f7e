import { describe, expect, it } from 'vitest';
import { lineSplitter } from '../servers/line-splitter.js';
import { parseArgs } from './args.js';
import { markdownTable, resultRows, textTable } from './format.js';
import { sideCpuRows, targetRows, targetVerdicts } from './issue-targets.js';
import type { Outcome } from './outcome.js';
import { ratio, summarize } from './stats.js';
import { type RawWorkloadRecord, roundsFor, toWorkloadResult } from './suite.js';
import { type ImplName, WORKLOADS } from './workloads.js';

describe('summarize', () => {
  it('gives the median (mean of the middle two for even counts), min and max', () => {
    expect(summarize([3, 1, 2])).toMatchObject({ median: 2, min: 1, max: 3 });
    expect(summarize([4, 1, 3, 2])).toMatchObject({ median: 2.5, min: 1, max: 4 });
    expect(summarize([])).toBeUndefined();
  });

  it('divides medians for ratios and refuses a zero or missing denominator', () => {
    expect(ratio(summarize([6]), summarize([3]))).toBe(2);
    expect(ratio(summarize([6]), summarize([0]))).toBeUndefined();
    expect(ratio(undefined, summarize([3]))).toBeUndefined();
  });
});

describe('parseArgs', () => {
  it('defaults to a full run of three rounds, one driver at a time', () => {
    expect(parseArgs([])).toEqual({
      mode: 'full',
      rounds: 3,
      only: [],
      out: undefined,
      size: true,
      parallel: 1,
    });
  });

  it('takes --node as a major line', () => {
    expect(parseArgs(['--node', '26'])).toMatchObject({ node: 26 });
  });

  it('takes --smoke after the `--` that `pnpm run bench -- --smoke` forwards, with smoke defaults', () => {
    expect(parseArgs(['--', '--smoke'])).toMatchObject({ mode: 'smoke', rounds: 1, parallel: 2 });
    expect(parseArgs(['--smoke', '--rounds', '2', '--parallel', '1'])).toMatchObject({
      rounds: 2,
      parallel: 1,
    });
  });

  it('names the bad argument and the expected form', () => {
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument "--fast"/);
    expect(() => parseArgs(['--rounds', 'x'])).toThrow(/--rounds must be a positive integer/);
    expect(() => parseArgs(['--only'])).toThrow(/--only needs a value/);
    expect(() => parseArgs(['--node', 'lts'])).toThrow(/--node must be a Node major version/);
  });
});

describe('rounds per row', () => {
  const named = (name: string) => WORKLOADS.find((spec) => spec.name === name)!;

  it('measures the rows with a ratio target at least 3 rounds in a full run, others as asked', () => {
    expect(roundsFor(named('stdio-2026-sequential-pinned'), 'full', 2)).toBe(3);
    expect(roundsFor(named('http-stateful-json-concurrent16'), 'full', 1)).toBe(3);
    expect(roundsFor(named('http-stateful-json-concurrent16'), 'full', 5)).toBe(5);
    expect(roundsFor(named('http-stateful-sse-concurrent16'), 'full', 2)).toBe(2);
    expect(roundsFor(named('stdio-2026-sequential-pinned'), 'smoke', 1)).toBe(1);
  });

  it('gives the 3 rounds to exactly the eight rows issue 41 reads, each of which exists', () => {
    const raised = WORKLOADS.filter((spec) => spec.minRounds === 3).map((spec) => spec.name);
    expect(raised.sort()).toEqual([
      'http-stateful-json-concurrent16',
      'http-stateful-json-rawserver-sequential',
      'http-stateful-json-sequential',
      'http-stateless-json-concurrent16',
      'http-stateless-json-sequential',
      'stdio-2026-sequential-pinned',
      'stdio-pipelined',
      'stdio-sequential-pinned',
    ]);
  });
});

describe('tables', () => {
  it('show "n/a (package not ready)" for an mcpkit side that is not built yet, and no ratio', () => {
    const spec = WORKLOADS[0]!;
    const rows = resultRows([
      {
        spec,
        summaries: {
          'official-v2': summarize([10])!,
          'official-v1': summarize([20])!,
          raw: summarize([40])!,
        },
        missing: { mcpkit: 'not ready: @mcpkit/server (exports nothing yet)' },
      },
    ]);
    expect(rows[1]).toEqual([
      spec.name,
      spec.unit,
      spec.better,
      'n/a (package not ready)',
      '10.00',
      '20.00',
      '40.00',
      '-',
      '-',
      '-',
    ]);
    expect(textTable(rows).split('\n')).toHaveLength(3);
    expect(markdownTable(rows).split('\n')[1]).toMatch(/^\| --- \|/);
  });
});

describe('issue targets', () => {
  const ok = (value: number, detail: Record<string, number> = {}): Outcome => ({
    status: 'ok',
    value,
    detail,
  });
  const record = (name: string, outcomes: Partial<Record<ImplName, Outcome[]>>): RawWorkloadRecord => ({
    spec: WORKLOADS.find((spec) => spec.name === name)!,
    outcomes: { mcpkit: [], 'official-v2': [], 'official-v1': [], raw: [], ...outcomes },
  });

  it('judge each selected workload by its median ratio, and say n/a where a side is missing', () => {
    const records = [
      record('http-stateful-json-rawclient-sequential', {
        mcpkit: [ok(1, { serverCpuMicrosPerOp: 200 }), ok(1, { serverCpuMicrosPerOp: 220 })],
        'official-v2': [ok(1, { serverCpuMicrosPerOp: 600 })],
        raw: [ok(1, { serverCpuMicrosPerOp: 150 })],
      }),
      record('startup', { mcpkit: [ok(100)], 'official-v2': [ok(180)] }),
      record('http-session-memory', { mcpkit: [ok(20)] }),
    ];
    const verdicts = targetVerdicts(records, records.map(toWorkloadResult));
    expect(verdicts.map((verdict) => [verdict.workload, verdict.wanted, verdict.met])).toEqual([
      ['http-stateful-json-rawclient-sequential', '<= 1.5x', true],
      ['http-stateful-json-rawclient-sequential', '>= 2.5x', true],
      ['http-session-memory', '<= 13 KiB', false],
      ['startup', '<= 0.7x', true],
    ]);
    expect(verdicts[0]!.measured).toBeCloseTo(210 / 150);
    const rows = targetRows(verdicts);
    expect(rows[3]).toEqual([
      'idle HTTP session, server RSS after GC',
      'http-session-memory',
      '20.00 KiB',
      'raw -, v2 - KiB',
      '<= 13 KiB',
      'NOT MET',
    ]);
    const serverRows = sideCpuRows(records, 'server');
    expect(serverRows[1]).toEqual([
      'http-stateful-json-rawclient-sequential',
      '210.0',
      '600.0',
      '-',
      '150.0',
      '1.40x',
      '2.86x',
    ]);
    expect(sideCpuRows(records, 'client')).toEqual([]);
  });
});

describe('issue 37 targets (@mcpkit/otel)', () => {
  const ok = (value: number, detail: Record<string, number> = {}): Outcome => ({
    status: 'ok',
    value,
    detail,
  });
  const record = (name: string, outcomes: Partial<Record<ImplName, Outcome[]>>): RawWorkloadRecord => ({
    spec: WORKLOADS.find((spec) => spec.name === name)!,
    outcomes: { mcpkit: [], 'official-v2': [], 'official-v1': [], raw: [], ...outcomes },
  });

  it('read otel on/off throughput over HTTP and the CPU added over stdio against both bare SDK floors', () => {
    const records = [
      record('http-stateful-json-sequential', { mcpkit: [ok(2500)] }),
      record('http-stateful-json-sequential-otel', { mcpkit: [ok(2300)] }),
      record('stdio-sequential-pinned', {
        mcpkit: [ok(30000, { clientCpuMicrosPerOp: 16, serverCpuMicrosPerOp: 17 })],
        raw: [ok(60000, { clientCpuMicrosPerOp: 7, serverCpuMicrosPerOp: 6 })],
      }),
      record('stdio-sequential-pinned-otel', {
        mcpkit: [ok(22000, { clientCpuMicrosPerOp: 25, serverCpuMicrosPerOp: 26 })],
      }),
      record('otel-sdk-floor', { raw: [ok(12)] }),
      record('otel-sdk-floor-roundtrip', {
        raw: [ok(37, { clientCpuMicrosPerOp: 19, serverCpuMicrosPerOp: 18 })],
      }),
      record('otel-sdk-floor-http', {
        raw: [
          ok(0.7, {
            sdkAddedMicrosPerCall: 100,
            medianSdkAddedMicrosPerCall: 25,
            sdkAddedCpuMicrosPerCall: 90,
            mcpkitOnOff: 0.7,
            mcpkitOnOffCap: 0.8,
            medianMcpkitOnOff: 0.72,
            medianMcpkitOnOffCap: 0.85,
            mcpkitOffMicrosPerCall: 400,
            mcpkitOnMicrosPerCall: 571.4,
          }),
        ],
      }),
    ];
    const verdicts = targetVerdicts(records, records.map(toWorkloadResult));
    const otel = verdicts.filter((verdict) => verdict.target.startsWith('otel on'));
    expect(otel.map((verdict) => [verdict.workload, verdict.wanted, verdict.met])).toEqual([
      ['http-stateful-json-sequential-otel', '>= 0.9x', true],
      ['otel-sdk-floor-http', '>= 0.9x', false],
      ['otel-sdk-floor-http', '>= 0.9x', false],
      ['stdio-sequential-pinned-otel', '<= 1.5x', true],
      ['stdio-sequential-pinned-otel', '<= 1.5x', true],
    ]);
    expect(otel[0]!.target).toContain('measured');
    expect(otel[1]!.target).toContain('cap');
    // The floor's own rotation: mcpkit on/off beside the cap, under one load.
    expect(otel[2]!.measured).toBe(0.7);
    expect(otel[2]!.from).toBe(
      'cap 0.80x; from median calls: on/off 0.72x, cap 0.85x; off 400.0 us, on 571.4 us',
    );
    otel.splice(2, 1);
    expect(otel[2]!.target).toContain('SDK floor in a hot loop');
    expect(otel[3]!.target).toContain('SDK floor in round trips');
    expect(otel[0]!.measured).toBeCloseTo(2300 / 2500);
    // Off: 2,500 calls/s = 400 us a call; the bare SDK adds 100 us, so even a free instrumentation
    // would keep at most 400 / 500 of the throughput.
    expect(otel[1]!.measured).toBeCloseTo(400 / 500);
    expect(otel[1]!.from).toBe(
      "400.0 / (400.0 + 100.0) us; with the median call's added 25.00 us: 0.94x; SDK CPU +90.00 us/call (client + server)",
    );
    // (25 + 26) - (16 + 17) = 18 us added per call, against 12 us of bare SDK work.
    expect(otel[2]!.measured).toBeCloseTo(18 / 12);
    expect(otel[2]!.from).toBe('(51.00 - 33.00) / 12.00 us');
    // Round trips: the raw pair with the SDK's spans (19 + 18) minus the raw pair alone (7 + 6) = 24 us.
    expect(otel[3]!.measured).toBeCloseTo(18 / 24);
    expect(otel[3]!.from).toBe('(51.00 - 33.00) / (37.00 - 13.00) us');
  });

  it('say n/a when the plain twin or the floor did not run', () => {
    const records = [
      record('stdio-sequential-pinned-otel', { mcpkit: [ok(1, { clientCpuMicrosPerOp: 1 })] }),
    ];
    const verdicts = targetVerdicts(records, records.map(toWorkloadResult));
    expect(verdicts.map((verdict) => [verdict.workload, verdict.met])).toEqual([
      ['stdio-sequential-pinned-otel', null],
      ['stdio-sequential-pinned-otel', null],
    ]);
  });
});

describe('lineSplitter', () => {
  it('reassembles lines split across chunks and skips empty lines', () => {
    const lines: string[] = [];
    const push = lineSplitter((line) => lines.push(line));
    for (const chunk of ['{"a":', '1}\n\n{"b"', ':2}\n{"c":3}', '\n']) push(chunk);
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });
});
