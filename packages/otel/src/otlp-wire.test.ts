// The spans as they leave the process: the SDK's batch processor and OTLP/HTTP exporter post them to
// a receiver on 127.0.0.1, which decodes them. Names, kinds, attributes, status and the parent link
// survive the wire format.
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { instrumentClient } from './client.js';
import { instrumentServer } from './server.js';
import { FakeClient, FakeServer } from './test-helpers/fake-hosts.js';
import { type OtlpReceiver, startOtlpReceiver } from './test-helpers/otlp-receiver.js';
import type { JsonObjectLike } from './types.js';

let receiver: OtlpReceiver | undefined;
afterEach(async () => receiver?.close());

describe('OTLP/HTTP export', () => {
  it('a client span and its server span reach an OTLP receiver as parent and child, the failed call as an error', async () => {
    receiver = await startOtlpReceiver();
    const tracerProvider = new BasicTracerProvider({
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))],
    });
    const options = {
      tracerProvider,
      propagator: new W3CTraceContextPropagator(),
      transport: 'stdio' as const,
    };
    const client = instrumentClient(new FakeClient(), options);
    const server = instrumentServer(new FakeServer(), options);
    const answer = (isError: boolean) => (params: JsonObjectLike | undefined) =>
      server
        .handle(
          {
            method: 'tools/call',
            params,
            _meta: params?._meta as JsonObjectLike,
            request: { protocolVersion: '2025-11-25', sessionId: 'abc', requestId: 7 },
          },
          async () => ({ type: 'result', result: { content: [], isError } }),
        )
        .then((outcome) => outcome.result!);

    await client.request('tools/call', { name: 'get-weather' }, answer(false), {
      protocolVersion: '2025-11-25',
    });
    await client.request('tools/call', { name: 'broken' }, answer(true), { protocolVersion: '2025-11-25' });
    await tracerProvider.forceFlush();
    const spans = await receiver.waitForSpans(4);
    await tracerProvider.shutdown();

    expect(receiver.contentTypes[0]).toBe('application/json');
    const serverSpan = spans.find((s) => s.name === 'tools/call get-weather' && s.kind === 2)!;
    const clientSpan = spans.find((s) => s.name === 'tools/call get-weather' && s.kind === 3)!;
    expect(serverSpan.traceId).toBe(clientSpan.traceId);
    expect(serverSpan.parentSpanId).toBe(clientSpan.spanId);
    expect(clientSpan.parentSpanId).toBeUndefined();
    expect(serverSpan.scope).toBe('@mcpkit/otel');
    expect(serverSpan.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get-weather',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
      'mcp.session.id': 'abc',
      'jsonrpc.request.id': '7',
    });
    expect(serverSpan.status).toEqual({ code: 0 });
    const failed = spans.filter((s) => s.name === 'tools/call broken');
    expect(failed.map((s) => [s.kind, s.status.code, s.attributes['error.type']])).toEqual([
      [2, 2, 'tool_error'],
      [3, 2, 'tool_error'],
    ]);
  });
});
