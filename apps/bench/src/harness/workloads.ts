import type { HttpServerOptions } from '../servers/http-host.js';

export const IMPLS = ['mcpkit', 'official-v2', 'official-v1', 'raw'] as const;
export type ImplName = (typeof IMPLS)[number];

export type WorkloadKind =
  | 'stdio-sequential'
  | 'stdio-pipelined'
  | 'http-calls'
  | 'startup'
  | 'startup-compile-cache'
  | 'http-session-memory'
  | 'large-result'
  | 'tools-list-per-request'
  | 'tools-list-fetch'
  | 'progress-stream'
  | 'cluster-scaling'
  | 'otel-sdk-floor'
  | 'otel-sdk-floor-roundtrip'
  | 'otel-sdk-floor-http'
  | 'gateway-stdio-to-http'
  | 'gateway-http-to-stdio'
  | 'gateway-aggregate-cpu'
  | 'gateway-floor-stdio-to-http'
  | 'gateway-floor-http-to-stdio';

export interface WorkloadParams {
  /** Measured operations (calls, requests, spawns or sessions, depending on the kind). */
  count: number;
  /** Unmeasured operations run first so the JIT and caches are warm. */
  warmup: number;
  /**
   * Sequential stdio and HTTP calls: measure `count` in this many equal windows and report the median
   * window's rate (a transient stall then moves one window, not the figure).
   */
  windows?: number;
  /** Requests kept in flight (pipelined stdio). */
  inFlight?: number;
  /** HTTP sessions (clients) used in parallel. */
  clients?: number;
  /** Progress notifications per call. */
  notifications?: number;
}

/** Which protocol era a workload speaks: 2025 (initialize handshake) or 2026-07-28 (stateless). */
export type Wire = '2025' | '2026';

export interface WorkloadSpec {
  name: string;
  kind: WorkloadKind;
  /**
   * `own` (default): each implementation drives its server with its own client, end to end.
   * `raw`: the raw client drives every server, so the figure is the server's cost alone.
   */
  client?: 'own' | 'raw';
  /**
   * `own` (default): each implementation's own server. `raw`: every client talks to the raw
   * server, so the figure is the client's cost alone (HTTP only).
   */
  server?: 'own' | 'raw';
  /** Protocol era (default 2025). */
  wire?: Wire;
  /** Implementations able to run the workload (default all); the others report n/a. */
  impls?: readonly ImplName[];
  /** Run driver and server on one CPU (see `pinDrivers`); ignored where `taskset` is missing. */
  pinned?: boolean;
  /**
   * @mcpkit/otel on, client and server (the OTel SDK with a batch processor into an in-memory
   * exporter, see src/otel/setup.ts); the `-otel` rows of issue 37's targets.
   */
  otel?: boolean;
  description: string;
  unit: string;
  better: 'higher' | 'lower';
  http?: HttpServerOptions;
  /** Extra node flags for the driver process. */
  nodeFlags?: string[];
  /** A full run measures this row at least this many rounds, whatever `--rounds` says. */
  minRounds?: number;
  full: WorkloadParams;
  smoke: WorkloadParams;
}

/** Everything but official v1, which speaks no 2026-07-28. */
const MODERN_IMPLS: readonly ImplName[] = ['mcpkit', 'official-v2', 'raw'];

// Enough calls for every JIT to settle: with a few hundred calls the figures measured warm-up. Probed
// in 1,000-call windows (Node 20, 2026-11-29), mcpkit's client and server ran 1,586-1,864 us a call in
// the first window, 721-986 in the second and 230-400 from the third on (raw: 802-1,084, 629-698, then
// 222-482). With 3,000 calls of warm-up the three measured windows still fell every time (session 26,
// Node 20, raw 3,290 -> 4,421 -> 5,800 calls/s, mcpkit alike), and in 16 windows after 2,000 both
// levelled from about the sixth (~7,000 calls in all; Node 26 from about the fifth). So 8,000 calls of
// warm-up, then 5 windows of 1,000, the median window's rate as the round's figure (see STDIO_PINNED).
const HTTP_SEQUENTIAL = {
  full: { count: 5_000, warmup: 8_000, clients: 1, windows: 5 },
  smoke: { count: 10, warmup: 2, clients: 1, windows: 2 },
};
// 16 clients: warm-up is per client (1,500 each, 24,000 calls in all), then 7 windows of 100 calls per
// client. Probed in windows of 100 per client on a quiet machine (Node 20), raw went 2,354, 5,843,
// 10,162, 10,979 calls/s and levelled at 14,000-17,000 from about the fifth window on (mcpkit alike);
// 500 per client covered that. Node 26 keeps most functions at V8's middle tier (Maglev) far longer:
// with --trace-opt (2026-11-29, mcpkit client and server, 16 sessions) only 36 functions had reached
// the optimizing tier after ~6,900 calls, optimizing compiles went on until 1,200-1,400 calls per
// client, and only then did client CPU fall from 100-140 to 64-76 us a call (Node 20: done by ~600
// per client). With 500 the Node 26 row compared unoptimized code (mcpkit 0.61x raw). The first two
// windows after the warm-up still ran at a third to a half of the rest for every implementation, after
// 1,500 or 4,000 calls per client alike (session 26, Node 20; client CPU 100-112 us a call in the first,
// 67 in the second, 24-29 after), so it is not the JIT: 7 windows put the median past them.
const HTTP_CONCURRENT = {
  full: { count: 11_200, warmup: 1_500, clients: 16, windows: 7 },
  smoke: { count: 32, warmup: 1, clients: 16, windows: 2 },
};

function httpPair(
  prefix: string,
  label: string,
  http: HttpServerOptions,
  extra: Partial<WorkloadSpec> = {},
): WorkloadSpec[] {
  const common = { kind: 'http-calls' as const, unit: 'calls/s', better: 'higher' as const, http, ...extra };
  return [
    {
      ...common,
      name: `${prefix}-sequential`,
      description: `${label}: sequential echo calls from one client`,
      ...HTTP_SEQUENTIAL,
    },
    {
      ...common,
      name: `${prefix}-concurrent16`,
      description: `${label}: 16 clients calling echo at once`,
      ...HTTP_CONCURRENT,
    },
  ];
}

const httpWorkloads: WorkloadSpec[] = [];
for (const sessions of ['stateful', 'stateless'] as const) {
  for (const response of ['json', 'sse'] as const) {
    httpWorkloads.push(
      ...httpPair(
        `http-${sessions}-${response}`,
        `Streamable HTTP 2025-11-25, ${sessions}, ${response.toUpperCase()} responses`,
        { sessions, response, tools: 'basic', wire: '2025' },
      ),
    );
  }
}
httpWorkloads.push(
  ...httpPair(
    'http-2026-json',
    'Streamable HTTP 2026-07-28 (stateless by design), JSON responses',
    {
      sessions: 'stateless',
      response: 'json',
      tools: 'basic',
      wire: '2026',
    },
    { wire: '2026', impls: MODERN_IMPLS },
  ),
  ...httpPair(
    'http-stateful-json-rawclient',
    'Streamable HTTP 2025-11-25, stateful, JSON, every server driven by the raw client (undici Pool)',
    { sessions: 'stateful', response: 'json', tools: 'basic', wire: '2025' },
    { client: 'raw' },
  ),
  ...httpPair(
    'http-stateless-json-rawclient',
    'Streamable HTTP 2025-11-25, stateless, JSON, every server driven by the raw client (undici Pool)',
    { sessions: 'stateless', response: 'json', tools: 'basic', wire: '2025' },
    { client: 'raw' },
  ),
  {
    name: 'http-stateful-json-rawserver-sequential',
    kind: 'http-calls',
    description:
      'Streamable HTTP 2025-11-25, stateful, JSON: every client against the raw node:http server (client cost alone)',
    unit: 'calls/s',
    better: 'higher',
    http: { sessions: 'stateful', response: 'json', tools: 'basic', wire: '2025' },
    server: 'raw',
    ...HTTP_SEQUENTIAL,
  },
);

const STDIO_SEQUENTIAL = { full: { count: 20_000, warmup: 2_000 }, smoke: { count: 20, warmup: 5 } };
/**
 * The pinned rows measure code cost, so they measure it warm and past the machine's hiccups. Probed in
 * 4,000-call windows on one CPU (Node 20, session 24), mcpkit's first windows after 2,000 calls ran
 * 88-133 us a call and its later ones 52-65 (raw: 56-75, then 36-52): the JIT was still at work, and
 * single windows of either swung 1.5x with nothing changed. So: 20,000 calls of warm-up for every
 * implementation, then 6 windows of 5,000, the median window's rate as the round's figure (the CPU
 * per call in the details stays the total over all windows).
 */
const STDIO_PINNED = {
  full: { count: 30_000, warmup: 20_000, windows: 6 },
  smoke: { count: 20, warmup: 5, windows: 2 },
};
const STDIO_PIPELINED = {
  full: { count: 50_000, warmup: 5_000, inFlight: 64 },
  smoke: { count: 128, warmup: 64, inFlight: 64 },
};

const stdioWorkloads: WorkloadSpec[] = [
  {
    name: 'stdio-sequential',
    kind: 'stdio-sequential',
    description: 'stdio: sequential echo tool calls, one in flight',
    unit: 'calls/s',
    better: 'higher',
    ...STDIO_SEQUENTIAL,
  },
  {
    name: 'stdio-pipelined',
    kind: 'stdio-pipelined',
    description: 'stdio: echo tool calls, 64 in flight',
    unit: 'calls/s',
    better: 'higher',
    ...STDIO_PIPELINED,
  },
  {
    name: 'stdio-2026-sequential',
    kind: 'stdio-sequential',
    description: 'stdio, 2026-07-28 wire (no handshake, _meta on every request): sequential echo calls',
    unit: 'calls/s',
    better: 'higher',
    wire: '2026',
    impls: MODERN_IMPLS,
    ...STDIO_SEQUENTIAL,
  },
  {
    name: 'stdio-sequential-pinned',
    kind: 'stdio-sequential',
    description:
      'stdio: sequential echo calls with client and server pinned to one CPU (code cost, not placement)',
    unit: 'calls/s',
    better: 'higher',
    pinned: true,
    ...STDIO_PINNED,
  },
  {
    name: 'stdio-2026-sequential-pinned',
    kind: 'stdio-sequential',
    description: 'stdio, 2026-07-28 wire: sequential echo calls with client and server pinned to one CPU',
    unit: 'calls/s',
    better: 'higher',
    wire: '2026',
    impls: MODERN_IMPLS,
    pinned: true,
    ...STDIO_PINNED,
  },
  {
    name: 'stdio-sequential-rawclient',
    kind: 'stdio-sequential',
    description: 'stdio: sequential echo calls, every server driven by the raw client (server cost alone)',
    unit: 'calls/s',
    better: 'higher',
    client: 'raw',
    ...STDIO_SEQUENTIAL,
  },
  {
    name: 'stdio-pipelined-rawclient',
    kind: 'stdio-pipelined',
    description: 'stdio: echo calls, 64 in flight, every server driven by the raw client (server cost alone)',
    unit: 'calls/s',
    better: 'higher',
    client: 'raw',
    ...STDIO_PIPELINED,
  },
];

// Issue 37: what @mcpkit/otel costs. Each "-otel" row is its plain twin with the instrumentation on
// (mcpkit only); `otel-sdk-floor` is the bare SDK doing the same spans in one process (the raw column),
// `otel-sdk-floor-roundtrip` the bare SDK doing them in the raw stdio client and server.
const otelWorkloads: WorkloadSpec[] = [
  {
    name: 'http-stateful-json-sequential-otel',
    kind: 'http-calls',
    description:
      'http-stateful-json-sequential with @mcpkit/otel on, client and server (batch processor, in-memory exporter)',
    unit: 'calls/s',
    better: 'higher',
    http: { sessions: 'stateful', response: 'json', tools: 'basic', wire: '2025', otel: true },
    impls: ['mcpkit'],
    otel: true,
    ...HTTP_SEQUENTIAL,
  },
  {
    name: 'stdio-sequential-pinned-otel',
    kind: 'stdio-sequential',
    description:
      'stdio-sequential-pinned with @mcpkit/otel on, client and server (batch processor, in-memory exporter)',
    unit: 'calls/s',
    better: 'higher',
    pinned: true,
    impls: ['mcpkit'],
    otel: true,
    ...STDIO_PINNED,
  },
  {
    name: 'otel-sdk-floor',
    kind: 'otel-sdk-floor',
    description:
      "the bare OTel SDK doing one MCP call's spans in one process (client span, inject, extract, server span, both active in turn): CPU per call",
    unit: 'us CPU/call',
    better: 'lower',
    pinned: true,
    impls: ['raw'],
    full: { count: 20_000, warmup: 2_000 },
    smoke: { count: 20, warmup: 5 },
  },
  {
    name: 'otel-sdk-floor-roundtrip',
    kind: 'otel-sdk-floor-roundtrip',
    description:
      "the bare OTel SDK doing one MCP call's spans in real round trips: the raw stdio client and server, pinned, plus only the SDK calls (client span, inject into _meta, extract, server span, each active on its side): CPU per call, client + server; minus stdio-sequential-pinned's raw CPU per call it is the round-trip floor",
    unit: 'us CPU/call',
    better: 'lower',
    pinned: true,
    impls: ['raw'],
    ...STDIO_PINNED,
  },
  {
    name: 'otel-sdk-floor-http',
    kind: 'otel-sdk-floor-http',
    description:
      "the bare OTel SDK over Streamable HTTP (stateful, JSON, sequential, one connection): the raw client (undici Pool) and raw node:http server plus only the SDK calls of one MCP call's spans (client span, inject into _meta, extract, server span, each active on its side; the -otel rows' setup), rotated in one driver with the plain raw pair (and, in the detail, the SDK without a context manager and mcpkit off and on): calls/s as a ratio of raw's. What it adds per call any instrumentation with this SDK setup adds at least, so mcpkit off time / (off time + that) caps the otel on/off target; measured under load in session 22 that cap was 0.73-0.82 (median calls, Node 20 and 26): below 0.9, so no instrumentation with this setup can meet the HTTP target there",
    unit: 'x raw calls/s',
    better: 'higher',
    impls: ['raw'],
    http: { sessions: 'stateful', response: 'json', tools: 'basic', wire: '2025' },
    ...HTTP_SEQUENTIAL,
  },
];

/**
 * The rows issue 41's ratio targets read. Each is measured at least 3 rounds in a full run: with 2,
 * one disturbed round decides the median (Node 20, 2026-11-29: a pinned round at 0.44x, the other at
 * 1.00x, nothing changed between them); with 3 the median is a round that was not the odd one out.
 */
const RATIO_TARGET_ROWS = new Set([
  'stdio-sequential-pinned',
  'stdio-2026-sequential-pinned',
  'stdio-pipelined',
  'http-stateful-json-sequential',
  'http-stateful-json-concurrent16',
  'http-stateless-json-sequential',
  'http-stateless-json-concurrent16',
  'http-stateful-json-rawserver-sequential',
]);
const RATIO_TARGET_MIN_ROUNDS = 3;

const allWorkloads: WorkloadSpec[] = [
  ...stdioWorkloads,
  ...httpWorkloads,
  ...otelWorkloads,
  {
    name: 'startup',
    kind: 'startup',
    description:
      'stdio: spawn the server and get the first tools/list answer (raw = the raw server after loading zod and converting the tool schemas, as every SDK server here does; a bare `node -e` is in the detail)',
    unit: 'ms',
    better: 'lower',
    full: { count: 10, warmup: 1 },
    smoke: { count: 1, warmup: 0 },
  },
  {
    name: 'startup-compile-cache',
    kind: 'startup-compile-cache',
    description:
      'stdio: the startup row with NODE_COMPILE_CACHE (Node >= 22.1) warmed by the first spawn; spawns without the cache alternate with these (uncachedMs in the detail)',
    unit: 'ms',
    better: 'lower',
    full: { count: 10, warmup: 1 },
    smoke: { count: 1, warmup: 1 },
  },
  {
    name: 'http-session-memory',
    kind: 'http-session-memory',
    description:
      'Streamable HTTP, stateful: 1,000 idle sessions opened by the raw client; server RSS growth per session after GC',
    unit: 'KiB/session',
    better: 'lower',
    http: { sessions: 'stateful', response: 'json', tools: 'basic', wire: '2025' },
    full: { count: 5_000, warmup: 200 },
    smoke: { count: 20, warmup: 1 },
  },
  {
    name: 'large-result',
    kind: 'large-result',
    description: 'stdio: tool calls returning 1 MiB of text',
    unit: 'MiB/s',
    better: 'higher',
    full: { count: 60, warmup: 5 },
    smoke: { count: 2, warmup: 1 },
  },
  {
    name: 'tools-list-per-request',
    kind: 'tools-list-per-request',
    description: 'Streamable HTTP, per-request server with 50 tools x 25 fields: server CPU per tools/list',
    unit: 'us CPU/req',
    better: 'lower',
    http: { sessions: 'stateless', response: 'json', tools: 'wide', wire: '2025' },
    full: { count: 300, warmup: 100 },
    smoke: { count: 3, warmup: 1 },
  },
  {
    name: 'tools-list-per-request-2026',
    kind: 'tools-list-per-request',
    description:
      'Streamable HTTP 2026-07-28, a server per request with 50 tools x 25 fields: server CPU per tools/list',
    unit: 'us CPU/req',
    better: 'lower',
    wire: '2026',
    impls: MODERN_IMPLS,
    http: { sessions: 'stateless', response: 'json', tools: 'wide', wire: '2026' },
    full: { count: 300, warmup: 100 },
    smoke: { count: 3, warmup: 1 },
  },
  {
    name: 'tools-list-fetch-2026',
    kind: 'tools-list-fetch',
    description:
      'In process, as on an edge runtime: Request -> Web-standard handler (a server per request, 50 tools x 25 fields, 2026-07-28) -> Response; CPU per tools/list',
    unit: 'us CPU/req',
    better: 'lower',
    wire: '2026',
    impls: MODERN_IMPLS,
    http: { sessions: 'stateless', response: 'json', tools: 'wide', wire: '2026' },
    full: { count: 1_000, warmup: 300 },
    smoke: { count: 3, warmup: 1 },
  },
  {
    name: 'cluster',
    kind: 'cluster-scaling',
    description:
      'Streamable HTTP 2025-11-25 through nginx round-robin to 1, 2 and 3 mcpkit processes sharing Redis (apps/cluster): 16 clients calling echo; 3-process throughput as a ratio to 1 process',
    unit: 'x 1 process',
    better: 'higher',
    impls: ['mcpkit'],
    full: { count: 4_000, warmup: 30, clients: 16 },
    smoke: { count: 6, warmup: 1, clients: 2 },
  },
  // @mcpkit/gateway (issue 40): each figure is a ratio, gateway way / direct way, measured in one
  // driver; `--only gateway` runs just these.
  {
    name: 'gateway-stdio-to-http',
    kind: 'gateway-stdio-to-http',
    description:
      "mcpkit's stdio bench server published over Streamable HTTP by @mcpkit/gateway (2025-11-25, stateful, JSON) vs mcpkit's HTTP bench server: sequential echo latency, gateway / direct",
    unit: 'x direct latency',
    better: 'lower',
    impls: ['mcpkit'],
    full: { count: 2_000, warmup: 1_000 },
    smoke: { count: 10, warmup: 2 },
  },
  {
    name: 'gateway-http-to-stdio',
    kind: 'gateway-http-to-stdio',
    description:
      "A stdio host reaching mcpkit's HTTP bench server through @mcpkit/gateway's HTTP -> stdio bridge vs our client calling it directly: sequential echo latency, bridged / direct",
    unit: 'x direct latency',
    better: 'lower',
    impls: ['mcpkit'],
    full: { count: 2_000, warmup: 1_000 },
    smoke: { count: 10, warmup: 2 },
  },
  // Floors of the two latency rows: a bare relay (no SDK in the middle process) in the gateway's
  // place, in front of the same mcpkit servers, rotated with the direct way and the gateway itself.
  {
    name: 'gateway-floor-stdio-to-http',
    kind: 'gateway-floor-stdio-to-http',
    description:
      "Floor of gateway-stdio-to-http: mcpkit's stdio bench server behind a bare node:http + pipe relay vs mcpkit's HTTP bench server, sequential echo latency, relay / direct (detail: the gateway and an SDK-free hop in the same rotation)",
    unit: 'x direct latency',
    better: 'lower',
    impls: ['mcpkit'],
    full: { count: 2_000, warmup: 500 },
    smoke: { count: 10, warmup: 2 },
  },
  {
    name: 'gateway-floor-http-to-stdio',
    kind: 'gateway-floor-http-to-stdio',
    description:
      "Floor of gateway-http-to-stdio: a stdio host reaching mcpkit's HTTP bench server through a bare pipe + undici relay vs our client calling it directly, sequential echo latency, relay / direct (detail: the gateway and an SDK-free hop in the same rotation)",
    unit: 'x direct latency',
    better: 'lower',
    impls: ['mcpkit'],
    full: { count: 2_000, warmup: 500 },
    smoke: { count: 10, warmup: 2 },
  },
  {
    name: 'gateway-aggregate-cpu',
    kind: 'gateway-aggregate-cpu',
    description:
      "@mcpkit/gateway's aggregator on stdio with mcpkit's stdio bench server as upstream: the gateway's CPU per forwarded echo call / the upstream's CPU serving it, the same 20,000 calls in 5 windows read for both, after 10,000 warm-up calls (CPU reads included), client, gateway and upstream pinned to one CPU (code cost, not placement)",
    unit: 'x upstream CPU',
    better: 'lower',
    impls: ['mcpkit'],
    pinned: true,
    full: { count: 20_000, warmup: 10_000 },
    smoke: { count: 10, warmup: 2 },
  },
  {
    name: 'progress-stream',
    kind: 'progress-stream',
    description: 'stdio: one tool call streaming 100 progress notifications',
    unit: 'ms/call',
    better: 'lower',
    full: { count: 300, warmup: 30, notifications: 100 },
    smoke: { count: 2, warmup: 1, notifications: 100 },
  },
  {
    name: 'http-progress-stream',
    kind: 'progress-stream',
    description:
      'Streamable HTTP 2025-11-25, stateful: one tool call streaming 100 progress notifications as SSE events of its POST response',
    unit: 'ms/call',
    better: 'lower',
    http: { sessions: 'stateful', response: 'sse', tools: 'basic', wire: '2025' },
    full: { count: 200, warmup: 30, notifications: 100 },
    smoke: { count: 2, warmup: 1, notifications: 100 },
  },
];

export const WORKLOADS: WorkloadSpec[] = allWorkloads.map((spec) =>
  RATIO_TARGET_ROWS.has(spec.name) ? { ...spec, minRounds: RATIO_TARGET_MIN_ROUNDS } : spec,
);

export function findWorkload(name: string): WorkloadSpec {
  const spec = WORKLOADS.find((workload) => workload.name === name);
  if (!spec)
    throw new Error(`unknown workload "${name}"; expected one of ${WORKLOADS.map((w) => w.name).join(', ')}`);
  return spec;
}

export function isImplName(name: string): name is ImplName {
  return (IMPLS as readonly string[]).includes(name);
}
