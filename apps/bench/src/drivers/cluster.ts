import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type NginxNode, startNginx, startTopology } from '@mcpkit/cluster';
import type { BenchClient } from '../clients/types.js';
import type { WorkloadParams } from '../harness/workloads.js';
import type { Measurement } from './measure.js';
import { closeAll, loadClientFactory } from './targets.js';

/** Process counts measured, in this order; the first is the baseline of the ratios. */
export const CLUSTER_SIZES = [1, 2, 3] as const;

async function echoLoop(client: BenchClient, count: number, offset: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const text = `message ${offset + i}`;
    const echoed = await client.echo(text);
    if (echoed !== text)
      throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
  }
}

/** `clients` mcpkit clients calling echo through `nginx` at once: calls per second. */
async function throughput(nginx: NginxNode, p: WorkloadParams): Promise<number> {
  const factory = await loadClientFactory('mcpkit');
  const clientCount = p.clients ?? 16;
  const clients: BenchClient[] = [];
  try {
    for (let i = 0; i < clientCount; i++) clients.push(await factory.connectHttp(nginx.url.href, '2025'));
    // Warm-up also makes every process hold a copy of every session (rehydration happens once).
    await Promise.all(clients.map((client, i) => echoLoop(client, p.warmup, i * p.warmup)));
    const perClient = Math.ceil(p.count / clientCount);
    const started = performance.now();
    await Promise.all(clients.map((client, i) => echoLoop(client, perClient, i * perClient)));
    return (perClient * clientCount) / ((performance.now() - started) / 1000);
  } finally {
    await closeAll(clients);
  }
}

/**
 * Redis, three mcpkit server processes sharing it (no request logging), and one nginx per
 * cluster size (round-robin over the first 1, 2, 3 processes); the same clients' load through
 * each. The figure is the 3-process throughput as a ratio to 1 process; the details hold every
 * size's calls/s and ratio.
 */
export async function clusterScaling(p: WorkloadParams): Promise<Measurement> {
  const topology = await startTopology({ processes: Math.max(...CLUSTER_SIZES), quiet: true });
  const fronts: NginxNode[] = [];
  try {
    const detail: Record<string, number> = {};
    for (const size of CLUSTER_SIZES) {
      const ports = topology.servers.slice(0, size).map((server) => server.port);
      const nginx = await startNginx(join(topology.dir, `nginx-${size}`), ports);
      fronts.push(nginx);
      detail[`callsPerSecond${size}`] = Math.round(await throughput(nginx, p));
    }
    const base = detail.callsPerSecond1!;
    for (const size of CLUSTER_SIZES)
      detail[`ratio${size}`] = Number((detail[`callsPerSecond${size}`]! / base).toFixed(2));
    detail.clients = p.clients ?? 16;
    return { value: detail[`ratio${CLUSTER_SIZES.at(-1)}`]!, detail };
  } finally {
    for (const nginx of fronts) await nginx.stop();
    await topology.stop();
  }
}
