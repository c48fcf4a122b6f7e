import type { HttpServerOptions } from '../servers/http-host.js';

export const IMPLS = ['mcpkit', 'official-v2', 'official-v1', 'raw'] as const;
export type ImplName = (typeof IMPLS)[number];

export type WorkloadKind =
  | 'stdio-sequential'
  | 'stdio-pipelined'
  | 'http-calls'
  | 'startup'
  | 'http-session-memory'
  | 'large-result'
  | 'tools-list-per-request'
  | 'progress-stream';

export interface WorkloadParams {
  /** Measured operations (calls, requests, spawns or sessions, depending on the kind). */
  count: number;
  /** Unmeasured operations run first so the JIT and caches are warm. */
  warmup: number;
  /** Requests kept in flight (pipelined stdio). */
  inFlight?: number;
  /** HTTP sessions (clients) used in parallel. */
  clients?: number;
  /** Progress notifications per call. */
  notifications?: number;
}

export interface WorkloadSpec {
  name: string;
  kind: WorkloadKind;
  description: string;
  unit: string;
  better: 'higher' | 'lower';
  http?: HttpServerOptions;
  /** Extra node flags for the driver process. */
  nodeFlags?: string[];
  full: WorkloadParams;
  smoke: WorkloadParams;
}

const httpWorkloads: WorkloadSpec[] = [];
for (const sessions of ['stateful', 'stateless'] as const) {
  for (const response of ['json', 'sse'] as const) {
    httpWorkloads.push({
      name: `http-${sessions}-${response}-sequential`,
      kind: 'http-calls',
      description: `Streamable HTTP, ${sessions}, ${response.toUpperCase()} responses: sequential echo calls on one session`,
      unit: 'calls/s',
      better: 'higher',
      http: { sessions, response, tools: 'basic' },
      full: { count: 500, warmup: 50, clients: 1 },
      smoke: { count: 10, warmup: 2, clients: 1 },
    });
    httpWorkloads.push({
      name: `http-${sessions}-${response}-concurrent16`,
      kind: 'http-calls',
      description: `Streamable HTTP, ${sessions}, ${response.toUpperCase()} responses: 16 sessions calling echo at once`,
      unit: 'calls/s',
      better: 'higher',
      http: { sessions, response, tools: 'basic' },
      full: { count: 1_000, warmup: 5, clients: 16 },
      smoke: { count: 32, warmup: 1, clients: 16 },
    });
  }
}

export const WORKLOADS: WorkloadSpec[] = [
  {
    name: 'stdio-sequential',
    kind: 'stdio-sequential',
    description: 'stdio: sequential echo tool calls, one in flight',
    unit: 'calls/s',
    better: 'higher',
    full: { count: 20_000, warmup: 2_000 },
    smoke: { count: 20, warmup: 5 },
  },
  {
    name: 'stdio-pipelined',
    kind: 'stdio-pipelined',
    description: 'stdio: echo tool calls, 64 in flight',
    unit: 'calls/s',
    better: 'higher',
    full: { count: 50_000, warmup: 5_000, inFlight: 64 },
    smoke: { count: 128, warmup: 64, inFlight: 64 },
  },
  ...httpWorkloads,
  {
    name: 'startup',
    kind: 'startup',
    description: 'stdio: spawn the server and get the first tools/list answer (raw = bare `node -e`)',
    unit: 'ms',
    better: 'lower',
    full: { count: 10, warmup: 1 },
    smoke: { count: 1, warmup: 0 },
  },
  {
    name: 'http-session-memory',
    kind: 'http-session-memory',
    description: 'Streamable HTTP, stateful: heap per idle session (heapUsed delta / sessions, --expose-gc)',
    unit: 'bytes/session',
    better: 'lower',
    http: { sessions: 'stateful', response: 'json', tools: 'basic' },
    nodeFlags: ['--expose-gc'],
    full: { count: 1_000, warmup: 10 },
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
    http: { sessions: 'stateless', response: 'json', tools: 'wide' },
    full: { count: 100, warmup: 20 },
    smoke: { count: 3, warmup: 1 },
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
];

export function findWorkload(name: string): WorkloadSpec {
  const spec = WORKLOADS.find((workload) => workload.name === name);
  if (!spec)
    throw new Error(`unknown workload "${name}"; expected one of ${WORKLOADS.map((w) => w.name).join(', ')}`);
  return spec;
}

export function isImplName(name: string): name is ImplName {
  return (IMPLS as readonly string[]).includes(name);
}
