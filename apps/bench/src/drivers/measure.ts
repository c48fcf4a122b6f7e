import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { postRaw, rawHttpPool } from '../clients/raw-http.js';
import { type BenchClient, CLIENT_INFO } from '../clients/types.js';
import { summarize } from '../harness/stats.js';
import type { ImplName, WorkloadParams, WorkloadSpec } from '../harness/workloads.js';
import { fetchHandlerFor } from '../servers/fetch-handlers.js';
import {
  BIG_RESULT_BYTES,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  WIDE_TOOL_COUNT,
} from '../servers/fixtures.js';
import { cpuPerOperation, cpuSnapshot } from './cpu.js';
import { startupProbe, ZOD_FLOOR_SCRIPT } from './startup.js';
import { closeAll, loadClientFactory, serverScript, spawnHttpServer, stdioTarget } from './targets.js';
import { measureWindows } from './windows.js';

/** One measurement: the workload's metric plus whatever detail helps reading it. */
export interface Measurement {
  value: number;
  detail: Record<string, number | string>;
}

async function echoChecked(client: BenchClient, i: number): Promise<void> {
  const text = `message ${i}`;
  const echoed = await client.echo(text);
  if (echoed !== text)
    throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
}

async function runSequential(client: BenchClient, count: number, offset = 0): Promise<void> {
  for (let i = 0; i < count; i++) await echoChecked(client, offset + i);
}

async function runPipelined(client: BenchClient, count: number, inFlight: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) await echoChecked(client, next++);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, lane));
}

interface Timer {
  startedAt: number;
  cpu: ReturnType<typeof cpuSnapshot>;
}

function startTimer(): Timer {
  return { cpu: cpuSnapshot(), startedAt: performance.now() };
}

/** Wall seconds since `timer` started, plus client and server CPU per operation. */
function stopTimer(timer: Timer, operations: number): { seconds: number; detail: Record<string, number> } {
  const seconds = (performance.now() - timer.startedAt) / 1000;
  const cpu = cpuPerOperation(timer.cpu, cpuSnapshot(), operations);
  return { seconds, detail: { operations, seconds: Number(seconds.toFixed(3)), ...cpu } };
}

function perSecond(operations: number, timer: Timer): Measurement {
  const { seconds, detail } = stopTimer(timer, operations);
  return { value: operations / seconds, detail };
}

/** The client of a workload: the implementation's own, or the raw one when the spec says so. */
async function clientFactoryFor(spec: WorkloadSpec, impl: ImplName) {
  return loadClientFactory(spec.client === 'raw' ? 'raw' : impl);
}

async function withStdioClient<T>(
  spec: WorkloadSpec,
  impl: ImplName,
  body: (client: BenchClient) => Promise<T>,
): Promise<T> {
  const wire = spec.wire ?? '2025';
  const otel = spec.otel === true;
  const client = await (await clientFactoryFor(spec, impl)).connectStdio(
    stdioTarget(impl, wire, otel),
    wire,
    {
      otel,
    },
  );
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

async function stdioSequential(spec: WorkloadSpec, impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  return withStdioClient(spec, impl, async (client) => {
    await runSequential(client, p.warmup);
    if (p.windows !== undefined) return windowedSequential(client, p.count, p.windows);
    const timer = startTimer();
    await runSequential(client, p.count);
    return perSecond(p.count, timer);
  });
}

/** `count` calls in `windows` equal windows: the median window's rate, CPU per call over them all. */
async function windowedSequential(client: BenchClient, count: number, windows: number): Promise<Measurement> {
  const size = Math.ceil(count / windows);
  const timer = startTimer();
  const measured = await measureWindows(windows, size, (window) =>
    runSequential(client, size, window * size),
  );
  const { detail } = stopTimer(timer, size * windows);
  return { value: measured.median, detail: { ...detail, ...measured.detail } };
}

async function stdioPipelined(spec: WorkloadSpec, impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  return withStdioClient(spec, impl, async (client) => {
    await runPipelined(client, p.warmup, p.inFlight ?? 64);
    const timer = startTimer();
    await runPipelined(client, p.count, p.inFlight ?? 64);
    return perSecond(p.count, timer);
  });
}

async function httpCalls(impl: ImplName, spec: WorkloadSpec, p: WorkloadParams): Promise<Measurement> {
  const server = await spawnHttpServer(spec.server === 'raw' ? 'raw' : impl, spec.http!);
  try {
    const factory = await clientFactoryFor(spec, impl);
    const clientCount = p.clients ?? 1;
    const clients: BenchClient[] = [];
    for (let i = 0; i < clientCount; i++)
      clients.push(await factory.connectHttp(server.url, spec.wire ?? '2025', { otel: spec.otel === true }));
    try {
      await Promise.all(clients.map((client) => runSequential(client, p.warmup)));
      const windows = p.windows ?? 1;
      const perWindow = Math.ceil(p.count / clientCount / windows);
      const perClient = perWindow * windows;
      const cpuBefore = await server.cpuMicros();
      const timer = startTimer();
      const windowed = await measureWindows(windows, perWindow * clientCount, (window) =>
        Promise.all(
          clients.map((client, i) => runSequential(client, perWindow, i * perClient + window * perWindow)),
        ),
      );
      const measured = perSecond(perClient * clientCount, timer);
      if (windows > 1) {
        measured.value = windowed.median;
        Object.assign(measured.detail, windowed.detail);
      }
      // The HTTP server reports its own CPU time, exactly (the /proc figure has 10 ms ticks).
      const serverCpu = (await server.cpuMicros()) - cpuBefore;
      measured.detail.serverCpuMicrosPerOp = Math.round((serverCpu / (perClient * clientCount)) * 10) / 10;
      return measured;
    } finally {
      await closeAll(clients);
    }
  } finally {
    await server.stop();
  }
}

async function startup(impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  // raw is the floor every SDK server here stands on (node, zod, the tools' schemas converted);
  // a bare `node -e` server is measured beside it, for what node alone costs.
  const script = impl === 'raw' ? ZOD_FLOOR_SCRIPT : serverScript(impl, 'stdio');
  const samples: number[] = [];
  const bareNode: number[] = [];
  for (let i = 0; i < p.warmup + p.count; i++) {
    const ms = await startupProbe(script);
    const bareMs = impl === 'raw' ? await startupProbe(null) : undefined;
    if (i < p.warmup) continue;
    samples.push(ms);
    if (bareMs !== undefined) bareNode.push(bareMs);
  }
  const summary = summarize(samples)!;
  return {
    value: summary.median,
    detail: {
      spawns: samples.length,
      minMs: Number(summary.min.toFixed(1)),
      ...(bareNode.length > 0 ? { bareNodeMs: Number(summarize(bareNode)!.median.toFixed(1)) } : {}),
    },
  };
}

/**
 * Opens one session the way a client would (initialize, then the initialized notification) with
 * the raw HTTP client (undici's Pool), and leaves it idle.
 */
async function openRawSession(pool: Dispatcher, url: URL): Promise<void> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const init = await postRaw(
    pool,
    url,
    headers,
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
    }),
  );
  const sessionId = init.headers['mcp-session-id'];
  if (init.status !== 200 || typeof sessionId !== 'string')
    throw new Error(`initialize answered HTTP ${init.status} without a session id`);
  const initialized = await postRaw(
    pool,
    url,
    { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL_VERSION },
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  );
  if (initialized.status < 200 || initialized.status >= 300)
    throw new Error(`notifications/initialized answered HTTP ${initialized.status}`);
}

async function openSessions(pool: Dispatcher, url: URL, count: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next++ < count) await openRawSession(pool, url);
  };
  await Promise.all(Array.from({ length: 8 }, lane));
}

/**
 * The server (its own process, --expose-gc) after a full GC, before and after opening `count`
 * idle sessions: RSS growth per session is the figure (what the process really keeps, the
 * garbage made while opening sessions included), heap growth the detail.
 */
async function sessionMemory(impl: ImplName, spec: WorkloadSpec, p: WorkloadParams): Promise<Measurement> {
  const server = await spawnHttpServer(impl, spec.http!, ['--expose-gc']);
  const url = new URL(server.url);
  const pool = rawHttpPool(url, 8);
  try {
    await openSessions(pool, url, p.warmup);
    const before = await server.memoryAfterGc();
    await openSessions(pool, url, p.count);
    const after = await server.memoryAfterGc();
    const perSession = (bytes: number) => Number((bytes / p.count / 1024).toFixed(2));
    return {
      value: perSession(after.rss - before.rss),
      detail: {
        sessions: p.count,
        rssDeltaBytes: after.rss - before.rss,
        heapKiBPerSession: perSession(after.heapUsed - before.heapUsed),
        rssAfterBytes: after.rss,
      },
    };
  } finally {
    await pool.close();
    await server.stop();
  }
}

async function largeResult(spec: WorkloadSpec, impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  return withStdioClient(spec, impl, async (client) => {
    const bigCall = async () => {
      const length = await client.big();
      if (length !== BIG_RESULT_BYTES)
        throw new Error(`big returned ${length} characters, expected ${BIG_RESULT_BYTES}`);
    };
    for (let i = 0; i < p.warmup; i++) await bigCall();
    const timer = startTimer();
    for (let i = 0; i < p.count; i++) await bigCall();
    const { seconds, detail } = stopTimer(timer, p.count);
    return { value: (p.count * BIG_RESULT_BYTES) / (1024 * 1024) / seconds, detail };
  });
}

/** The `_meta` a 2026-07-28 request carries instead of an initialize handshake. */
function modernEnvelope() {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  };
}

async function toolsListPerRequest(
  impl: ImplName,
  spec: WorkloadSpec,
  p: WorkloadParams,
): Promise<Measurement> {
  const server = await spawnHttpServer(impl, spec.http!);
  try {
    const modern = spec.wire === '2026';
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? MODERN_PROTOCOL_VERSION : PROTOCOL_VERSION,
    };
    if (modern) headers['mcp-method'] = 'tools/list';
    const params = modern ? { _meta: modernEnvelope() } : {};
    const listOnce = async (id: number) => {
      const response = await fetch(server.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params }),
      });
      const body = (await response.json()) as { result?: { tools?: unknown[] }; error?: unknown };
      const count = body.result?.tools?.length;
      if (count !== WIDE_TOOL_COUNT) {
        throw new Error(
          `tools/list gave ${count} tools (HTTP ${response.status}, ${JSON.stringify(body).slice(0, 300)})`,
        );
      }
    };
    for (let i = 0; i < p.warmup; i++) await listOnce(i);
    const cpuBefore = await server.cpuMicros();
    const startedAt = performance.now();
    for (let i = 0; i < p.count; i++) await listOnce(p.warmup + i);
    const wallMs = performance.now() - startedAt;
    const cpu = (await server.cpuMicros()) - cpuBefore;
    return {
      value: cpu / p.count,
      detail: { requests: p.count, wallMsPerRequest: Number((wallMs / p.count).toFixed(3)) },
    };
  } finally {
    await server.stop();
  }
}

/**
 * `tools/list` through each SDK's Web-standard handler in this process: the per-request cost an
 * edge runtime pays, without sockets. The answer is checked in full during warm-up; timed
 * requests only read the body text, so the figure is the handler's, plus the Request and text()
 * that every implementation pays alike (the raw row shows that floor).
 */
async function toolsListFetch(spec: WorkloadSpec, impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  const handler = await fetchHandlerFor(impl, spec.http!);
  if (handler === undefined) throw new Error(`${impl} has no Web-standard handler`);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    host: '127.0.0.1',
    'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
    'mcp-method': 'tools/list',
  };
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: modernEnvelope() },
  });
  const listOnce = async () => {
    const response = await handler(new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body }));
    return { status: response.status, text: await response.text() };
  };
  for (let i = 0; i < p.warmup; i++) {
    const { status, text } = await listOnce();
    const count = (JSON.parse(text) as { result?: { tools?: unknown[] } }).result?.tools?.length;
    if (count !== WIDE_TOOL_COUNT)
      throw new Error(`tools/list gave ${count} tools (HTTP ${status}: ${text.slice(0, 300)})`);
  }
  const before = process.cpuUsage();
  for (let i = 0; i < p.count; i++) await listOnce();
  const used = process.cpuUsage(before);
  return { value: (used.user + used.system) / p.count, detail: { requests: p.count } };
}

async function progressStream(spec: WorkloadSpec, impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  const notifications = p.notifications ?? 100;
  const run = async (client: BenchClient): Promise<Measurement> => {
    let delivered = 0;
    const call = async () => {
      const received = await client.progress(notifications);
      // Official clients drop notifications that share a read with the final response, so
      // fewer than sent is reported (notificationsDelivered), not treated as a failure.
      if (received > notifications) {
        throw new Error(`received ${received} progress notifications, expected at most ${notifications}`);
      }
      delivered += received;
    };
    for (let i = 0; i < p.warmup; i++) await call();
    delivered = 0;
    const timer = startTimer();
    for (let i = 0; i < p.count; i++) await call();
    const { seconds, detail } = stopTimer(timer, p.count);
    return {
      value: (seconds * 1000) / p.count,
      detail: { ...detail, notificationsSent: notifications, notificationsDelivered: delivered / p.count },
    };
  };
  if (spec.http === undefined) return withStdioClient(spec, impl, run);
  // Over HTTP the notifications are SSE events of the call's own POST response.
  const server = await spawnHttpServer(impl, spec.http);
  try {
    const client = await (await clientFactoryFor(spec, impl)).connectHttp(server.url, spec.wire ?? '2025');
    try {
      const cpuBefore = await server.cpuMicros();
      const measured = await run(client);
      measured.detail.serverCpuMicrosPerOp =
        Math.round((((await server.cpuMicros()) - cpuBefore) / p.count) * 10) / 10;
      return measured;
    } finally {
      await client.close();
    }
  } finally {
    await server.stop();
  }
}

export async function measure(spec: WorkloadSpec, impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  switch (spec.kind) {
    case 'stdio-sequential':
      return stdioSequential(spec, impl, p);
    case 'stdio-pipelined':
      return stdioPipelined(spec, impl, p);
    case 'http-calls':
      return httpCalls(impl, spec, p);
    case 'startup':
      return startup(impl, p);
    case 'startup-compile-cache':
      return (await import('./compile-cache.js')).startupWithCompileCache(impl, p);
    case 'http-session-memory':
      return sessionMemory(impl, spec, p);
    case 'large-result':
      return largeResult(spec, impl, p);
    case 'tools-list-per-request':
      return toolsListPerRequest(impl, spec, p);
    case 'tools-list-fetch':
      return toolsListFetch(spec, impl, p);
    case 'progress-stream':
      return progressStream(spec, impl, p);
    case 'cluster-scaling':
      return (await import('./cluster.js')).clusterScaling(p);
    case 'otel-sdk-floor':
      return (await import('../otel/floor.js')).otelSdkFloor(p);
    case 'otel-sdk-floor-roundtrip':
      return (await import('../otel/roundtrip-floor.js')).otelSdkRoundTripFloor(p);
    case 'otel-sdk-floor-http':
      return (await import('../otel/http-floor.js')).otelSdkFloorHttp(p);
    case 'gateway-stdio-to-http':
      return (await import('./gateway.js')).gatewayStdioToHttp(p);
    case 'gateway-http-to-stdio':
      return (await import('./gateway.js')).gatewayHttpToStdio(p);
    case 'gateway-aggregate-cpu':
      return (await import('./gateway.js')).gatewayAggregateCpu(p);
    case 'gateway-floor-stdio-to-http':
      return (await import('./gateway-floor.js')).gatewayFloorStdioToHttp(p);
    case 'gateway-floor-http-to-stdio':
      return (await import('./gateway-floor.js')).gatewayFloorHttpToStdio(p);
  }
}

export function transportOf(spec: WorkloadSpec): 'stdio' | 'http' {
  return spec.kind.startsWith('http') ||
    spec.kind.startsWith('tools-list') ||
    spec.kind === 'cluster-scaling' ||
    spec.http !== undefined
    ? 'http'
    : 'stdio';
}
