// The client instrumentation on the real McpClient (its middleware chain and session events), talking
// to a real McpServer over the in-memory pair: what goes on the wire carries the span's trace context.
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { instrumentClient } from './client.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';

let telemetry: TestTelemetry;
afterEach(async () => telemetry?.shutdown());

async function connected() {
  telemetry = testTelemetry();
  const server = new McpServer({ name: 'plain', version: '1.0.0' });
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  const client = instrumentClient(new McpClient({ name: 'traced', version: '1.0.0' }), {
    tracerProvider: telemetry.tracerProvider,
    meterProvider: telemetry.meterProvider,
    propagator: telemetry.propagator,
  });
  const [clientTransport, serverTransport] = createInMemoryTransportPair();
  const sent: { method?: string; id?: string | number; params?: { _meta?: Record<string, unknown> } }[] = [];
  const send = clientTransport.send.bind(clientTransport);
  clientTransport.send = (message, options) => {
    sent.push(message as (typeof sent)[number]);
    return send(message, options);
  };
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  expect(client.protocolVersion).toBe('2025-11-25');
  return { client, sent };
}

describe('instrumentClient on McpClient', () => {
  it('each request, the handshake included, is a CLIENT span whose context the wire message carries in _meta', async () => {
    const { client, sent } = await connected();
    await client.callTool({ name: 'echo', arguments: { text: 'hi' } }, { _meta: { requestTag: 'a' } });
    await client.close();

    const initialize = telemetry.span('initialize');
    expect(initialize.kind).toBe(SpanKind.CLIENT);
    const call = telemetry.span('tools/call echo');
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'mcp.protocol.version': '2025-11-25',
    });
    const wire = sent.find((message) => message.method === 'tools/call')!;
    const { traceId, spanId } = call.spanContext();
    expect(wire.params?._meta).toEqual({ requestTag: 'a', traceparent: `00-${traceId}-${spanId}-01` });
    const handshake = sent.find((message) => message.method === 'initialize')!;
    expect(handshake.params?._meta?.traceparent).toBe(
      `00-${initialize.spanContext().traceId}-${initialize.spanContext().spanId}-01`,
    );
    // jsonrpc.request.id: the id each request went on the wire with, as a string.
    expect(initialize.attributes['jsonrpc.request.id']).toBe(String(handshake.id));
    expect(call.attributes['jsonrpc.request.id']).toBe(String(wire.id));
  });

  it('an error answer is recorded by its JSON-RPC code, and the session histogram ends with close()', async () => {
    const { client } = await connected();
    const failure = await client.request('no/such-method', {}, z.object({})).catch((error: unknown) => error);
    const code = (failure as { code?: number }).code;
    expect(code).toBe(-32601);
    await client.close();

    const span = telemetry.span('no/such-method');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.status.message).toBe((failure as Error).message);
    expect(span.attributes).toMatchObject({ 'error.type': '-32601', 'rpc.response.status_code': '-32601' });
    expect(points(await telemetry.histogram('mcp.client.session.duration'))).toEqual([
      { attributes: { 'mcp.protocol.version': '2025-11-25' }, count: 1 },
    ]);
  });
});
