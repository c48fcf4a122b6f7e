import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { WorkloadParams } from '../harness/workloads.js';
import { mcpkitStdioCommand } from '../servers/gateway-targets.js';
import { lineSplitter } from '../servers/line-splitter.js';
import { gatewayScript, HTTP_OPTIONS, spawnPortServer } from './gateway.js';
import type { Measurement } from './measure.js';
import { loadClientFactory, spawnHttpServer } from './targets.js';

// The gateway floor rows (issue 40): what the gateway rows would measure if the gateway cost
// nothing but its extra process hop. In one rotation, each side a few calls at a time in turn:
//   direct   mcpkit's client -> mcpkit's HTTP bench server (the gateway rows' denominator)
//   gateway  the same client through @mcpkit/gateway (the gateway rows' numerator)
//   relay    the same client through a bare relay (node:http + pipe, or pipe + undici) in place of
//            the gateway, in front of the same mcpkit servers: the value of the row, relay / direct
//   bare*    no SDK anywhere (undici or a pipe against bare echo processes): the cost of the hop
//            itself against the cheapest HTTP round trip, for the record

interface Echoer {
  echo(text: string): Promise<string>;
  close(): Promise<void>;
}

const floorScript = gatewayScript('gateway-floor');

/** Rounds of the rotation: every side runs count/ROUNDS calls per round. */
const ROUNDS = 10;

/** undici straight to a bare HTTP echo server: a tools/call echo without any SDK. */
function rawHttpEchoer(url: string): Echoer {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1 });
  let id = 0;
  return {
    async echo(text) {
      const answer = await pool.request({
        method: 'POST',
        path: target.pathname,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: ++id,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text } },
        }),
      });
      const message = (await answer.body.json()) as { result: { content: [{ text: string }] } };
      return message.result.content[0].text;
    },
    close: () => pool.close(),
  };
}

/** JSON lines to a spawned process without any SDK. */
function rawStdioEchoer(args: string[]): Echoer {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<number, (text: string) => void>();
  child.stdout!.setEncoding('utf8');
  child.stdout!.on(
    'data',
    lineSplitter((line) => {
      const message = JSON.parse(line) as { id: number; result: { content: [{ text: string }] } };
      waiting.get(message.id)?.(message.result.content[0].text);
      waiting.delete(message.id);
    }),
  );
  let id = 0;
  return {
    echo(text) {
      const sent = ++id;
      return new Promise((resolve) => {
        waiting.set(sent, resolve);
        child.stdin!.write(
          `${JSON.stringify({ jsonrpc: '2.0', id: sent, method: 'tools/call', params: { name: 'echo', arguments: { text } } })}\n`,
        );
      });
    },
    async close() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      await exited;
    },
  };
}

/** Sequential echo calls; each call's latency in microseconds is pushed to `into`. */
async function echoCalls(echoer: Echoer, count: number, into?: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const text = `message ${i}`;
    const started = performance.now();
    const echoed = await echoer.echo(text);
    into?.push((performance.now() - started) * 1000);
    if (echoed !== text)
      throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
  }
}

interface SideFigures {
  /** Mean microseconds per call (what the gateway rows report). */
  mean: number;
  /** Median microseconds per call: steadier than the mean on a loaded machine. */
  median: number;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/** Each side's latency over ROUNDS rounds of the rotation. */
async function rotate(
  sides: Record<string, Echoer>,
  p: WorkloadParams,
): Promise<Record<string, SideFigures>> {
  for (const echoer of Object.values(sides)) await echoCalls(echoer, p.warmup);
  const perRound = Math.max(1, Math.ceil(p.count / ROUNDS));
  const latencies: Record<string, number[]> = Object.fromEntries(
    Object.keys(sides).map((name) => [name, []]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, echoer] of Object.entries(sides)) await echoCalls(echoer, perRound, latencies[name]);
  }
  return Object.fromEntries(
    Object.entries(latencies).map(([name, values]) => {
      const sorted = values.sort((a, b) => a - b);
      const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
      return [name, { mean: tenths(mean), median: tenths(sorted[Math.floor(sorted.length / 2)]!) }];
    }),
  );
}

const ratio = (top: number, bottom: number) => Number((top / bottom).toFixed(3));

function measurement(m: Record<string, SideFigures>, bareHop: string): Measurement {
  const { direct, relay, gateway, bareDirect } = m as Record<string, SideFigures>;
  const hop = m[bareHop]!;
  return {
    value: ratio(relay!.mean, direct!.mean),
    detail: {
      directMicrosPerCall: direct!.mean,
      relayMicrosPerCall: relay!.mean,
      gatewayMicrosPerCall: gateway!.mean,
      gatewayToDirect: ratio(gateway!.mean, direct!.mean),
      gatewayToRelay: ratio(gateway!.mean, relay!.mean),
      bareDirectMicrosPerCall: bareDirect!.mean,
      bareHopMicrosPerCall: hop.mean,
      bareHopToBareDirect: ratio(hop.mean, bareDirect!.mean),
      // The same ratios from medians, for runs on a machine that is not quiet.
      medianRelayToDirect: ratio(relay!.median, direct!.median),
      medianGatewayToDirect: ratio(gateway!.median, direct!.median),
      medianBareHopToBareDirect: ratio(hop.median, bareDirect!.median),
    },
  };
}

/** Floor of `gateway-stdio-to-http`: mcpkit's stdio server behind a bare node:http + pipe relay. */
export async function gatewayFloorStdioToHttp(p: WorkloadParams): Promise<Measurement> {
  const factory = await loadClientFactory('mcpkit');
  const stdioServer = mcpkitStdioCommand();
  const stops: Array<() => Promise<void>> = [];
  const sides: Record<string, Echoer> = {};
  try {
    const direct = await spawnHttpServer('mcpkit', HTTP_OPTIONS);
    stops.push(() => direct.stop());
    const gateway = await spawnPortServer('gateway-stdio-http', ['--response', HTTP_OPTIONS.response]);
    stops.push(() => gateway.stop());
    const relay = await spawnPortServer('gateway-floor', [
      'http-pipe',
      stdioServer.command,
      ...stdioServer.args,
    ]);
    stops.push(() => relay.stop());
    const bareEcho = await spawnPortServer('gateway-floor', ['http-echo']);
    stops.push(() => bareEcho.stop());
    const bareHop = await spawnPortServer('gateway-floor', [
      'http-pipe',
      process.execPath,
      floorScript,
      'stdio-echo',
    ]);
    stops.push(() => bareHop.stop());
    sides.direct = await factory.connectHttp(direct.url, '2025');
    sides.gateway = await factory.connectHttp(gateway.url, '2025');
    sides.relay = await factory.connectHttp(relay.url, '2025');
    sides.bareDirect = rawHttpEchoer(bareEcho.url);
    sides.bareHttpPipe = rawHttpEchoer(bareHop.url);
    return measurement(await rotate(sides, p), 'bareHttpPipe');
  } finally {
    for (const echoer of Object.values(sides)) await echoer.close();
    for (const stop of stops.reverse()) await stop();
  }
}

/** Floor of `gateway-http-to-stdio`: a bare pipe + undici relay in front of mcpkit's HTTP server. */
export async function gatewayFloorHttpToStdio(p: WorkloadParams): Promise<Measurement> {
  const factory = await loadClientFactory('mcpkit');
  const stops: Array<() => Promise<void>> = [];
  const sides: Record<string, Echoer> = {};
  try {
    const remote = await spawnHttpServer('mcpkit', HTTP_OPTIONS);
    stops.push(() => remote.stop());
    const bareEcho = await spawnPortServer('gateway-floor', ['http-echo']);
    stops.push(() => bareEcho.stop());
    const stdio = (args: string[]) => factory.connectStdio({ command: process.execPath, args }, '2025');
    sides.direct = await factory.connectHttp(remote.url, '2025');
    sides.gateway = await stdio([gatewayScript('gateway-http-stdio'), remote.url]);
    sides.relay = await stdio([floorScript, 'stdio-relay', remote.url]);
    sides.bareDirect = rawHttpEchoer(bareEcho.url);
    sides.bareStdioRelay = rawStdioEchoer([floorScript, 'stdio-relay', bareEcho.url]);
    return measurement(await rotate(sides, p), 'bareStdioRelay');
  } finally {
    for (const echoer of Object.values(sides)) await echoer.close();
    for (const stop of stops.reverse()) await stop();
  }
}
