import { context, defaultTextMapSetter, SpanKind, trace } from '@opentelemetry/api';
import { openRawStdio } from '../clients/raw.js';
import { firstText } from '../clients/types.js';
import { cpuPerOperation, cpuSnapshot } from '../drivers/cpu.js';
import { profilingFlags } from '../drivers/targets.js';
import type { WorkloadParams } from '../harness/workloads.js';
import { FLOOR_ATTRIBUTES, FLOOR_SPAN_NAME } from './floor.js';
import { benchTelemetry } from './setup.js';

// The OTel SDK floor measured in real round trips: the raw stdio client and server (no MCP SDK) each
// making exactly the SDK calls any MCP instrumentation makes per call, and nothing else. Client: a
// CLIENT span, its context injected into the request's `params._meta`, active while the request is
// sent, `jsonrpc.request.id` set and the span ended when the answer comes. Server
// (roundtrip-server.ts): extract from `_meta`, a SERVER span with that parent, active while the
// request is answered, ended. Both sides export into the batch processor setup of the "-otel" rows.
// Its CPU per call minus the raw `stdio-sequential-pinned` CPU per call is what the SDK costs inside
// live round trips (cold caches, promise hooks of the context manager on, the extra `_meta` bytes),
// which the hot-loop floor (floor.ts) leaves out.

const SERVER_SCRIPT = new URL('./roundtrip-server.js', import.meta.url).pathname;

/** CPU microseconds per echo call, client plus server, of the raw pair doing the SDK's spans. */
export async function otelSdkRoundTripFloor(
  p: WorkloadParams,
): Promise<{ value: number; detail: Record<string, number> }> {
  const { tracerProvider, propagator } = benchTelemetry();
  const tracer = tracerProvider.getTracer('bench-floor');
  const { rpc, close } = await openRawStdio(
    { command: process.execPath, args: [...profilingFlags(), SERVER_SCRIPT] },
    '2025',
  );
  let requestId = 1; // the initialize request took id 1; the correlator numbers on from there

  const echo = async (text: string): Promise<string> => {
    const parent = context.active();
    const span = tracer.startSpan(
      FLOOR_SPAN_NAME,
      { kind: SpanKind.CLIENT, attributes: FLOOR_ATTRIBUTES },
      parent,
    );
    const withSpan = trace.setSpan(parent, span);
    const meta: Record<string, string> = {};
    propagator.inject(withSpan, meta, defaultTextMapSetter);
    const params = { name: 'echo', arguments: { text }, _meta: meta };
    const result = await context.with(withSpan, () => rpc.request('tools/call', params));
    span.setAttribute('jsonrpc.request.id', String(++requestId));
    span.end();
    return firstText(result);
  };
  const run = async (count: number, offset: number) => {
    for (let i = 0; i < count; i++) {
      const text = `message ${offset + i}`;
      const echoed = await echo(text);
      if (echoed !== text)
        throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
    }
  };
  try {
    await run(p.warmup, 0);
    const before = cpuSnapshot();
    const startedAt = performance.now();
    await run(p.count, p.warmup);
    const seconds = (performance.now() - startedAt) / 1000;
    const cpu = cpuPerOperation(before, cpuSnapshot(), p.count);
    const client = cpu.clientCpuMicrosPerOp!;
    const server = cpu.serverCpuMicrosPerOp;
    if (server === undefined)
      throw new Error('no server CPU figure for the round-trip floor: /proc is unavailable');
    return {
      value: client + server,
      detail: { ...cpu, callsPerSecond: Math.round(p.count / seconds) },
    };
  } finally {
    await close();
    await tracerProvider.forceFlush();
  }
}
