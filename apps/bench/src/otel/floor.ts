import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  trace,
} from '@opentelemetry/api';
import type { WorkloadParams } from '../harness/workloads.js';
import { benchTelemetry } from './setup.js';

// What the OpenTelemetry SDK itself spends for the spans of one MCP call, with no MCP in sight: a
// client span with the attributes @mcpkit/otel gives it (`jsonrpc.request.id` set after the start), its context injected into a carrier and
// extracted on the "server" side, a server span with that parent, each made active while its side
// runs (context.with, as any instrumentation does), both ended into the batch processor. The issue's
// stdio target reads the CPU @mcpkit/otel adds per call against this floor, measured in the same run.

/** The span name both sides give an echo call (what @mcpkit/otel names it). */
export const FLOOR_SPAN_NAME = 'tools/call echo';

/** The attributes @mcpkit/otel gives both spans of an echo call over stdio (the server adds the request id). */
export const FLOOR_ATTRIBUTES = {
  'mcp.method.name': 'tools/call',
  'gen_ai.tool.name': 'echo',
  'gen_ai.operation.name': 'execute_tool',
  'mcp.protocol.version': '2025-11-25',
  'network.transport': 'pipe',
};

/**
 * The attributes @mcpkit/otel gives both spans of an echo call over Streamable HTTP (the client adds
 * `server.address` and `server.port`, both add `mcp.session.id`, the server the request id).
 */
export const FLOOR_HTTP_ATTRIBUTES = {
  'mcp.method.name': 'tools/call',
  'gen_ai.tool.name': 'echo',
  'gen_ai.operation.name': 'execute_tool',
  'mcp.protocol.version': '2025-11-25',
  'network.transport': 'tcp',
  'network.protocol.name': 'http',
};

function oneCall(i: number): void {
  const { tracerProvider, propagator } = benchTelemetry();
  const tracer = tracerProvider.getTracer('bench-floor');
  const clientSpan = tracer.startSpan(FLOOR_SPAN_NAME, {
    kind: SpanKind.CLIENT,
    attributes: FLOOR_ATTRIBUTES,
  });
  const clientContext = trace.setSpan(context.active(), clientSpan);
  const meta: Record<string, string> = {};
  propagator.inject(clientContext, meta, defaultTextMapSetter);
  context.with(clientContext, () => {
    const parent = propagator.extract(ROOT_CONTEXT, meta, defaultTextMapGetter);
    const serverSpan = tracer.startSpan(
      FLOOR_SPAN_NAME,
      { kind: SpanKind.SERVER, attributes: { ...FLOOR_ATTRIBUTES, 'jsonrpc.request.id': String(i) } },
      parent,
    );
    context.with(trace.setSpan(parent, serverSpan), () => serverSpan.end());
  });
  // The conventions give the client span `jsonrpc.request.id` too; @mcpkit/otel sets it once the
  // request is sent (the id is allocated then), so the SDK's work for it belongs in the floor.
  clientSpan.setAttribute('jsonrpc.request.id', String(i));
  clientSpan.end();
}

/** CPU microseconds per call of the bare SDK doing one call's spans. */
export async function otelSdkFloor(
  p: WorkloadParams,
): Promise<{ value: number; detail: Record<string, number> }> {
  for (let i = 0; i < p.warmup; i++) oneCall(i);
  const before = process.cpuUsage();
  for (let i = 0; i < p.count; i++) {
    oneCall(i);
    // Let the batch processor's timer and exports run between calls, as they do between real calls.
    if (i % 256 === 255) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(before);
  await benchTelemetry().tracerProvider.forceFlush();
  return { value: (used.user + used.system) / p.count, detail: { calls: p.count } };
}
