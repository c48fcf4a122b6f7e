import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Measurement } from '../drivers/measure.js';
import { type SpawnedHttpServer, spawnHttpServer } from '../drivers/targets.js';
import type { WorkloadParams } from '../harness/workloads.js';
import type { HttpServerOptions } from '../servers/http-host.js';
import { lineSplitter } from '../servers/line-splitter.js';

// The OTel SDK floor over Streamable HTTP (issue 37's HTTP target): what the bare SDK costs a raw HTTP
// round trip, stateful, JSON, sequential calls on one connection. Three sides run in one rotation,
// each its own client process and its own server process (the context manager is process-wide and,
// before Node 24, turns promise hooks on for every promise of its process):
//   raw        the raw client (undici Pool) against the raw node:http server, exactly as the raw
//              column of http-stateful-json-sequential runs them
//   sdk        the same pair plus exactly the SDK calls any MCP instrumentation makes per call, with
//              the "-otel" rows' setup (otel/setup.ts): http-floor-client.ts, http-floor-server.ts
//   sdkNoCm    the sdk side without the context manager (explicit parents), for the record: sdk
//              minus sdkNoCm is what the context manager alone costs over HTTP
//   mcpkitOff, mcpkitOn  mcpkit's client and server as http-stateful-json-sequential and its -otel
//              twin run them: their on/off and the cap the floor puts on it from one rotation, so
//              a loaded machine's drift between driver runs cannot tell them apart
// The row's value is sdk calls/s / raw calls/s; the details hold each side's time and CPU per call,
// from which issue-targets.ts derives the cap the SDK alone puts on mcpkit's on/off ratio.

const CLIENT_SCRIPT = fileURLToPath(new URL('./http-floor-client.js', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./http-floor-server.js', import.meta.url));
const HTTP_OPTIONS: HttpServerOptions = {
  sessions: 'stateful',
  response: 'json',
  tools: 'basic',
  wire: '2025',
};

/**
 * Rounds of the rotation: every side runs count/ROUNDS calls per round, the side that starts moving
 * on by one each round, so a slow spell of a loaded machine falls on every side alike.
 */
const ROUNDS = 20;

interface Batch {
  /** Microseconds per call, in call order. */
  latencies: number[];
  /** The client process's CPU microseconds over the batch. */
  cpuMicros: number;
}

interface ClientProcess {
  run(calls: number, offset: number): Promise<Batch>;
  close(): Promise<void>;
}

function spawnClient(mode: string, url: string): ClientProcess {
  const child: ChildProcess = spawn(process.execPath, [CLIENT_SCRIPT, mode, url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let waiting: { resolve: (batch: Batch) => void; reject: (error: Error) => void } | undefined;
  let exitError: Error | undefined;
  child.stdout!.setEncoding('utf8');
  child.stdout!.on(
    'data',
    lineSplitter((line) => {
      const pending = waiting;
      waiting = undefined;
      pending?.resolve(JSON.parse(line) as Batch);
    }),
  );
  child.once('exit', (code) => {
    exitError = new Error(`http-floor-client ${mode} exited with code ${code}`);
    waiting?.reject(exitError);
  });
  return {
    run(calls, offset) {
      if (exitError !== undefined) return Promise.reject(exitError);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        child.stdin!.write(`${calls} ${offset}\n`);
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      await exited;
    },
  };
}

interface Side {
  server: SpawnedHttpServer;
  client: ClientProcess;
  latencies: number[];
  clientCpuMicros: number;
  serverCpuMicros: number;
}

interface SideFigures {
  mean: number;
  median: number;
  clientCpu: number;
  serverCpu: number;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

function figures(side: Side): SideFigures {
  const sorted = [...side.latencies].sort((a, b) => a - b);
  const calls = sorted.length;
  return {
    mean: tenths(sorted.reduce((sum, value) => sum + value, 0) / calls),
    median: tenths(sorted[Math.floor(calls / 2)]!),
    clientCpu: tenths(side.clientCpuMicros / calls),
    serverCpu: tenths(side.serverCpuMicros / calls),
  };
}

/** A side: its client mode, and its server (`floorArgs`: the floor server with these arguments). */
async function openSide(
  mode: string,
  server: { impl: 'raw' | 'mcpkit'; otel?: boolean; floorArgs?: string[] },
): Promise<Side> {
  const spawned = await spawnHttpServer(
    server.impl,
    server.otel === true ? { ...HTTP_OPTIONS, otel: true } : HTTP_OPTIONS,
    [],
    server.floorArgs === undefined ? undefined : { script: SERVER_SCRIPT, args: server.floorArgs },
  );
  return {
    server: spawned,
    client: spawnClient(mode, spawned.url),
    latencies: [],
    clientCpuMicros: 0,
    serverCpuMicros: 0,
  };
}

/** The row `otel-sdk-floor-http`: sdk calls/s over raw calls/s, with each side's figures. */
export async function otelSdkFloorHttp(p: WorkloadParams): Promise<Measurement> {
  const opened: Side[] = [];
  try {
    opened.push(await openSide('raw', { impl: 'raw' }));
    opened.push(await openSide('sdk', { impl: 'raw', floorArgs: [] }));
    opened.push(await openSide('sdk-no-cm', { impl: 'raw', floorArgs: ['--no-context-manager'] }));
    opened.push(await openSide('mcpkit', { impl: 'mcpkit' }));
    opened.push(await openSide('mcpkit-otel', { impl: 'mcpkit', otel: true }));
    for (const side of opened) await side.client.run(p.warmup, 0);
    for (const side of opened) side.serverCpuMicros = -(await side.server.cpuMicros());
    const perRound = Math.max(1, Math.ceil(p.count / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      for (let turn = 0; turn < opened.length; turn++) {
        const side = opened[(round + turn) % opened.length]!;
        const batch = await side.client.run(perRound, p.warmup + round * perRound);
        side.latencies.push(...batch.latencies);
        side.clientCpuMicros += batch.cpuMicros;
      }
    }
    for (const side of opened) side.serverCpuMicros += await side.server.cpuMicros();
    const [raw, sdk, sdkNoCm, mcpkitOff, mcpkitOn] = opened.map(figures);
    return measurement(raw!, sdk!, sdkNoCm!, mcpkitOff!, mcpkitOn!);
  } finally {
    for (const side of opened) {
      await side.client.close();
      await side.server.stop();
    }
  }
}

function measurement(
  raw: SideFigures,
  sdk: SideFigures,
  noCm: SideFigures,
  mcpkitOff: SideFigures,
  mcpkitOn: SideFigures,
): Measurement {
  const cpu = (side: SideFigures) => side.clientCpu + side.serverCpu;
  const ratio = (top: number, bottom: number) => Number((top / bottom).toFixed(3));
  // What mcpkit's on/off would be if @mcpkit/otel cost only what the bare SDK adds to the raw pair.
  const cap = (off: number, added: number) => ratio(off, off + added);
  return {
    value: ratio(raw.mean, sdk.mean),
    detail: {
      rawMicrosPerCall: raw.mean,
      sdkMicrosPerCall: sdk.mean,
      sdkAddedMicrosPerCall: tenths(sdk.mean - raw.mean),
      medianRawMicrosPerCall: raw.median,
      medianSdkMicrosPerCall: sdk.median,
      medianSdkAddedMicrosPerCall: tenths(sdk.median - raw.median),
      // The value from medians: on a loaded machine a few descheduled calls swing the means.
      medianRatio: ratio(raw.median, sdk.median),
      rawClientCpuMicrosPerOp: raw.clientCpu,
      rawServerCpuMicrosPerOp: raw.serverCpu,
      // The generic CPU columns show the sdk side, as the round-trip floor's do.
      clientCpuMicrosPerOp: sdk.clientCpu,
      serverCpuMicrosPerOp: sdk.serverCpu,
      sdkAddedCpuMicrosPerCall: tenths(cpu(sdk) - cpu(raw)),
      noCmMicrosPerCall: noCm.mean,
      noCmAddedMicrosPerCall: tenths(noCm.mean - raw.mean),
      medianNoCmAddedMicrosPerCall: tenths(noCm.median - raw.median),
      noCmClientCpuMicrosPerOp: noCm.clientCpu,
      noCmServerCpuMicrosPerOp: noCm.serverCpu,
      noCmAddedCpuMicrosPerCall: tenths(cpu(noCm) - cpu(raw)),
      // What the context manager alone adds: the sdk side minus the one without it.
      contextManagerMicrosPerCall: tenths(sdk.mean - noCm.mean),
      medianContextManagerMicrosPerCall: tenths(sdk.median - noCm.median),
      contextManagerCpuMicrosPerCall: tenths(cpu(sdk) - cpu(noCm)),
      mcpkitOffMicrosPerCall: mcpkitOff.mean,
      mcpkitOnMicrosPerCall: mcpkitOn.mean,
      mcpkitOnOff: ratio(mcpkitOff.mean, mcpkitOn.mean),
      mcpkitOnOffCap: cap(mcpkitOff.mean, sdk.mean - raw.mean),
      medianMcpkitOnOff: ratio(mcpkitOff.median, mcpkitOn.median),
      medianMcpkitOnOffCap: cap(mcpkitOff.median, sdk.median - raw.median),
      mcpkitOffCpuMicrosPerCall: tenths(cpu(mcpkitOff)),
      mcpkitOnAddedCpuMicrosPerCall: tenths(cpu(mcpkitOn) - cpu(mcpkitOff)),
    },
  };
}
