import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchClient, ClientFactory, StdioTarget, Wire } from '../clients/types.js';
import type { ImplName } from '../harness/workloads.js';
import { CPU_PATH, type HttpServerOptions, MEMORY_PATH } from '../servers/http-host.js';

/** Thrown when the mcpkit side of a workload cannot be loaded yet; the table shows "n/a". */
export class NotReadyError extends Error {}

export function serverScript(impl: ImplName, transport: 'stdio' | 'http'): string {
  return fileURLToPath(new URL(`../servers/${impl}-${transport}.js`, import.meta.url));
}

export function stdioTarget(impl: ImplName, wire: Wire = '2025', otel = false): StdioTarget {
  return {
    command: process.execPath,
    args: [...profilingFlags(), serverScript(impl, 'stdio'), '--wire', wire, ...(otel ? ['--otel'] : [])],
  };
}

/** The mcpkit packages each side needs; importing them proves they are built. */
const MCPKIT_PACKAGES = {
  stdio: ['@mcpkit/jsonrpc', '@mcpkit/server', '@mcpkit/client', '@mcpkit/transport-stdio'],
  http: [
    '@mcpkit/jsonrpc',
    '@mcpkit/server',
    '@mcpkit/client',
    '@mcpkit/transport-http-server',
    '@mcpkit/transport-http-client',
  ],
};

export async function assertImplReady(impl: ImplName, transport: 'stdio' | 'http'): Promise<void> {
  if (impl !== 'mcpkit') return;
  const missing: string[] = [];
  for (const name of MCPKIT_PACKAGES[transport]) {
    try {
      const module = (await import(name)) as Record<string, unknown>;
      if (Object.keys(module).length === 0) missing.push(`${name} (exports nothing yet)`);
    } catch (error) {
      missing.push(`${name} (${(error as Error).message.split('\n')[0]})`);
    }
  }
  for (const file of [
    serverScript(impl, transport),
    fileURLToPath(new URL('../clients/mcpkit.js', import.meta.url)),
  ]) {
    if (!existsSync(file)) missing.push(`bench adapter ${file}`);
  }
  if (missing.length > 0) throw new NotReadyError(`not ready: ${missing.join('; ')}`);
}

export async function loadClientFactory(impl: ImplName): Promise<ClientFactory> {
  switch (impl) {
    case 'raw':
      return (await import('../clients/raw.js')).rawClientFactory;
    case 'official-v2':
      return (await import('../clients/official-v2.js')).officialV2ClientFactory;
    case 'official-v1':
      return (await import('../clients/official-v1.js')).officialV1ClientFactory;
    case 'mcpkit': {
      // Resolved at run time so the suite builds before the mcpkit adapter exists.
      const modulePath = new URL('../clients/mcpkit.js', import.meta.url).href;
      const module = (await import(modulePath)) as { mcpkitClientFactory: ClientFactory };
      return module.mcpkitClientFactory;
    }
  }
}

export interface SpawnedHttpServer {
  url: string;
  /** The server's own CPU time so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /** The server's resident set and heap after a full GC (the server must run with --expose-gc). */
  memoryAfterGc(): Promise<{ rss: number; heapUsed: number }>;
  stop(): Promise<void>;
}

/** Another script than the implementation's HTTP bench server (same arguments, `PORT n`, `/__cpu`). */
export interface HttpServerScript {
  script: string;
  /** Arguments after the bench server's own. */
  args?: readonly string[];
}

export async function spawnHttpServer(
  impl: ImplName,
  options: HttpServerOptions,
  nodeFlags: readonly string[] = [],
  other?: HttpServerScript,
): Promise<SpawnedHttpServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeFlags,
      ...profilingFlags(),
      other?.script ?? serverScript(impl, 'http'),
      '--sessions',
      options.sessions,
      '--response',
      options.response,
      '--tools',
      options.tools,
      '--wire',
      options.wire,
      ...(options.otel === true ? ['--otel'] : []),
      ...(other?.args ?? []),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const match = /PORT (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`${impl} HTTP server exited with code ${code} before listening`)),
    );
    child.once('error', reject);
  });
  const base = `http://127.0.0.1:${port}`;
  const server: SpawnedHttpServer = {
    url: `${base}/mcp`,
    async cpuMicros() {
      const usage = (await (await fetch(`${base}${CPU_PATH}`)).json()) as {
        userMicros: number;
        systemMicros: number;
      };
      return usage.userMicros + usage.systemMicros;
    },
    async memoryAfterGc() {
      const usage = (await (await fetch(`${base}${MEMORY_PATH}`)).json()) as {
        rss: number;
        heapUsed: number;
        gc: boolean;
      };
      if (!usage.gc) throw new Error(`${impl} HTTP server runs without --expose-gc`);
      return usage;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  // The driver's first `fetch` loads Node's bundled undici; done here, before any warm-up, its compile
  // and the GC after it no longer land in a measured window (16 HTTP clients, Node 20: the first
  // window's client CPU went from 112 to 49 us a call).
  await server.cpuMicros();
  return server;
}

/**
 * Extra node flags for the server processes (stdio and HTTP), from `BENCH_SERVER_NODE_FLAGS` (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`): node refuses --cpu-prof in NODE_OPTIONS, and the
 * server is the process worth profiling.
 */
export function profilingFlags(): string[] {
  return process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
}

export async function closeAll(clients: BenchClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
}
