import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import type { BenchClient } from '../clients/types.js';
import type { WorkloadParams } from '../harness/workloads.js';
import { PROCESS_CPU_TOOL } from '../servers/gateway-targets.js';
import type { Measurement } from './measure.js';
import { loadClientFactory, profilingFlags, spawnHttpServer } from './targets.js';

// The @mcpkit/gateway rows (issue 40): each compares one way through the gateway with the direct
// way in the same driver, same run, as a ratio. Both sides are measured in alternating halves
// (direct, gateway, direct, gateway) so drift in machine load touches both alike.

/** The HTTP side of every gateway row: stateful sessions, JSON answers, 2025-11-25. */
export const HTTP_OPTIONS = { sessions: 'stateful', response: 'json', tools: 'basic', wire: '2025' } as const;

/** The path of a built bench server script. */
export const gatewayScript = (name: string) =>
  fileURLToPath(new URL(`../servers/${name}.js`, import.meta.url));
const script = gatewayScript;

async function echoCalls(client: BenchClient, count: number, offset: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const text = `message ${offset + i}`;
    const echoed = await client.echo(text);
    if (echoed !== text)
      throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
  }
}

/** Microseconds of wall time per sequential echo call, over `count` calls. */
async function microsPerCall(client: BenchClient, count: number): Promise<number> {
  const started = performance.now();
  await echoCalls(client, count, 0);
  return ((performance.now() - started) * 1000) / count;
}

/** Warms both clients, then times them in alternating halves; the mean latency of each. */
async function compareLatency(direct: BenchClient, gateway: BenchClient, p: WorkloadParams) {
  await echoCalls(direct, p.warmup, 0);
  await echoCalls(gateway, p.warmup, 0);
  const half = Math.max(1, Math.ceil(p.count / 2));
  const directMicros = [await microsPerCall(direct, half)];
  const gatewayMicros = [await microsPerCall(gateway, half)];
  directMicros.push(await microsPerCall(direct, half));
  gatewayMicros.push(await microsPerCall(gateway, half));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const directMicrosPerCall = Math.round(mean(directMicros) * 10) / 10;
  const gatewayMicrosPerCall = Math.round(mean(gatewayMicros) * 10) / 10;
  return {
    value: Number((gatewayMicrosPerCall / directMicrosPerCall).toFixed(3)),
    detail: { directMicrosPerCall, gatewayMicrosPerCall },
  };
}

/** A server script that prints `PORT <n>` once listening and stops when its stdin ends. */
export async function spawnPortServer(
  name: string,
  args: string[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [script(name), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const match = /PORT (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before listening`)));
    child.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * (a) mcpkit's stdio bench server published over HTTP by the gateway, against mcpkit's HTTP bench
 * server (the same tools on our handler): sequential echo latency through the gateway / direct.
 */
export async function gatewayStdioToHttp(p: WorkloadParams): Promise<Measurement> {
  const factory = await loadClientFactory('mcpkit');
  const direct = await spawnHttpServer('mcpkit', HTTP_OPTIONS);
  const gateway = await spawnPortServer('gateway-stdio-http', ['--response', HTTP_OPTIONS.response]);
  const clients: BenchClient[] = [];
  try {
    clients.push(await factory.connectHttp(direct.url, '2025'));
    clients.push(await factory.connectHttp(gateway.url, '2025'));
    return await compareLatency(clients[0]!, clients[1]!, p);
  } finally {
    for (const client of clients) await client.close();
    await gateway.stop();
    await direct.stop();
  }
}

/**
 * (b) A host on stdio reaching mcpkit's HTTP bench server through the gateway's HTTP -> stdio
 * bridge, against our client calling that server directly: latency bridged / direct.
 */
export async function gatewayHttpToStdio(p: WorkloadParams): Promise<Measurement> {
  const factory = await loadClientFactory('mcpkit');
  const remote = await spawnHttpServer('mcpkit', HTTP_OPTIONS);
  const clients: BenchClient[] = [];
  try {
    clients.push(await factory.connectHttp(remote.url, '2025'));
    clients.push(
      await factory.connectStdio(
        { command: process.execPath, args: [script('gateway-http-stdio'), remote.url] },
        '2025',
      ),
    );
    return await compareLatency(clients[0]!, clients[1]!, p);
  } finally {
    for (const client of clients) await client.close();
    await remote.stop();
  }
}

/** A process's CPU time so far (microseconds), as the tool `name` answers it. */
async function cpuFromTool(client: McpClient, name: string): Promise<number> {
  const result = await client.callTool({ name, arguments: {} });
  const micros = Number((result.content[0] as { text?: string } | undefined)?.text);
  if (!Number.isFinite(micros)) throw new Error(`${name} answered ${JSON.stringify(result.content)}`);
  return micros;
}

/** Windows the aggregation row's calls are split into (each bracketed by both processes' CPU reads). */
const AGGREGATE_WINDOWS = 5;
/** Echo calls between two CPU reads during the aggregation row's warm-up. */
const WARMUP_STEP = 1_000;

/**
 * (c) The aggregator on stdio with mcpkit's stdio bench server as its one upstream: the gateway
 * process's CPU per forwarded echo call / the upstream process's CPU serving it. Each process
 * reports its own process.cpuUsage() through a tool. The reads bracket the same calls for both:
 * gateway then upstream before, gateway then upstream after, so each window holds the echo calls
 * plus about one CPU call on each side. The warm-up (long enough for the upstream's JIT, which is
 * still compiling after a few thousand calls, and making the CPU reads too) is outside every
 * window. The calls are split into windows read back to back, so the details show how steady the
 * ratio was within the round; the figure is the total over all windows. The row runs pinned
 * (`pinned` in workloads.ts): unpinned, where the scheduler puts the processes decides most of
 * the CPU a wake-up costs, and the gateway wakes twice per call where the upstream wakes once.
 */
export async function gatewayAggregateCpu(p: WorkloadParams): Promise<Measurement> {
  // 2025-11-25 on both hops, as the other two rows: the same revision in and out of the gateway.
  const client = new McpClient({ name: 'bench-client', version: '1.0.0' }, { protocolVersion: '2025-11-25' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      // BENCH_SERVER_NODE_FLAGS (e.g. --cpu-prof) reach the gateway, and through its execArgv the upstream.
      args: [...profilingFlags(), script('gateway-aggregate-stdio')],
      stderr: 'inherit',
    }),
  );
  const echo = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const text = `message ${i}`;
      const result = await client.callTool({ name: 'echo', arguments: { text } });
      const echoed = (result.content[0] as { text?: string } | undefined)?.text;
      if (echoed !== text)
        throw new Error(`echo returned ${JSON.stringify(result.content)}, expected ${text}`);
    }
  };
  const both = async () => ({
    gateway: await cpuFromTool(client, `gateway-${PROCESS_CPU_TOOL}`),
    upstream: await cpuFromTool(client, `upstream-${PROCESS_CPU_TOOL}`),
  });
  try {
    // The CPU reads run other code in both processes (the gateway's own server, another tool
    // upstream): made during the warm-up too, the code they and the echo calls share is already
    // compiled for both when the first window starts, so no recompilation lands in it.
    for (let done = 0; done < p.warmup; done += WARMUP_STEP) {
      await echo(Math.min(WARMUP_STEP, p.warmup - done));
      await both();
    }
    const windows = Math.min(AGGREGATE_WINDOWS, Math.max(1, p.count));
    const perWindow = Math.ceil(p.count / windows);
    let gatewayMicros = 0;
    let upstreamMicros = 0;
    const windowRatios: number[] = [];
    const windowMicros: string[] = [];
    let before = await both();
    for (let window = 0; window < windows; window++) {
      await echo(perWindow);
      const after = await both();
      const gateway = after.gateway - before.gateway;
      const upstream = after.upstream - before.upstream;
      gatewayMicros += gateway;
      upstreamMicros += upstream;
      windowRatios.push(Number((gateway / upstream).toFixed(3)));
      windowMicros.push(`${(gateway / perWindow).toFixed(1)}/${(upstream / perWindow).toFixed(1)}`);
      before = after;
    }
    const calls = perWindow * windows;
    const perCall = (micros: number) => Math.round((micros / calls) * 10) / 10;
    return {
      value: Number((gatewayMicros / upstreamMicros).toFixed(3)),
      detail: {
        gatewayCpuMicrosPerCall: perCall(gatewayMicros),
        upstreamCpuMicrosPerCall: perCall(upstreamMicros),
        calls,
        windowRatios: windowRatios.join(' '),
        windowMicros: windowMicros.join(' '),
      },
    };
  } finally {
    await client.close();
  }
}
