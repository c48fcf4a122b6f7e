// The client middleware against a host of the contract's shape: the CLIENT span, the trace context it
// injects into params._meta (and that a server extracts), error mapping, and both client histograms.
import { context, propagation, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instrumentClient } from './client.js';
import { instrumentServer } from './server.js';
import { FakeClient, FakeServer } from './test-helpers/fake-hosts.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';
import type { JsonObjectLike } from './types.js';

let telemetry: TestTelemetry;
let client: FakeClient;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());
afterEach(async () => telemetry?.shutdown());

function instrumented(options: Parameters<typeof instrumentClient>[1] = {}) {
  telemetry = testTelemetry();
  client = instrumentClient(new FakeClient(), {
    tracerProvider: telemetry.tracerProvider,
    meterProvider: telemetry.meterProvider,
    propagator: telemetry.propagator,
    ...options,
  });
  return client;
}

/** A transport that answers `result` and remembers what went on the wire. */
function wire(result: JsonObjectLike = { content: [] }) {
  const sent: (JsonObjectLike | undefined)[] = [];
  return {
    sent,
    send: async (params: JsonObjectLike | undefined) => {
      sent.push(params);
      return result;
    },
  };
}

describe('instrumentClient', () => {
  it("a tools/call is a CLIENT span whose traceparent goes into params._meta; the caller's params stay as they were", async () => {
    instrumented();
    const { sent, send } = wire();
    const params = { name: 'get-weather', arguments: { city: 'Paris' }, _meta: { progressToken: 7 } };
    await client.request('tools/call', params, send, { protocolVersion: '2025-11-25', sessionId: 's1' });

    const span = telemetry.span('tools/call get-weather');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get-weather',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': 's1',
    });
    const { traceId, spanId } = span.spanContext();
    expect(sent[0]).toEqual({
      name: 'get-weather',
      arguments: { city: 'Paris' },
      _meta: { progressToken: 7, traceparent: `00-${traceId}-${spanId}-01` },
    });
    expect(params._meta).toEqual({ progressToken: 7 });
  });

  it('the active span is the parent, and baggage travels in _meta too', async () => {
    instrumented();
    const { sent, send } = wire();
    const tracer = telemetry.tracerProvider.getTracer('agent');
    const baggage = propagation.createBaggage({ userId: { value: 'alice' } });
    await context.with(propagation.setBaggage(context.active(), baggage), () =>
      tracer.startActiveSpan('invoke_agent weather', async (agent) => {
        await client.request('tools/list', undefined, send);
        agent.end();
      }),
    );
    const agent = telemetry.span('invoke_agent weather');
    const span = telemetry.span('tools/list');
    expect(span.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(span.spanContext().traceId).toBe(agent.spanContext().traceId);
    expect(sent[0]?._meta).toMatchObject({ baggage: 'userId=alice' });
  });

  it('client span -> _meta -> server span: parent and child in one trace', async () => {
    instrumented();
    const server = instrumentServer(new FakeServer(), {
      tracerProvider: telemetry.tracerProvider,
      meterProvider: telemetry.meterProvider,
      propagator: telemetry.propagator,
    });
    await client.request('prompts/get', { name: 'review' }, (params) =>
      server
        .handle(
          { method: 'prompts/get', params, _meta: params?._meta as JsonObjectLike, request: {} },
          async () => ({ type: 'result', result: { messages: [] } }),
        )
        .then((outcome) => outcome.result!),
    );
    const [serverSpan, clientSpan] = telemetry.spans();
    expect(serverSpan?.kind).toBe(SpanKind.SERVER);
    expect(clientSpan?.kind).toBe(SpanKind.CLIENT);
    expect(serverSpan?.name).toBe('prompts/get review');
    expect(serverSpan?.spanContext().traceId).toBe(clientSpan?.spanContext().traceId);
    expect(serverSpan?.parentSpanContext?.spanId).toBe(clientSpan?.spanContext().spanId);
  });

  it('refuses to instrument the same client twice', () => {
    instrumented();
    expect(() => instrumentClient(client)).toThrow('instrumentClient: this client is already instrumented');
    expect(client.middlewares).toHaveLength(1);
  });

  it('leaves params untouched when the propagator injects nothing', async () => {
    instrumented({ propagator: { inject() {}, extract: (ctx) => ctx } });
    const { sent, send } = wire();
    const params = { name: 'x' };
    await client.request('tools/call', params, send);
    expect(sent[0]).toBe(params);
  });

  it('a JSON-RPC error is recorded by its code; a local failure by its code; the error passes through', async () => {
    instrumented();
    const rpcError = Object.assign(new Error("Method not found: 'x/y'"), {
      name: 'JsonRpcError',
      code: -32601,
    });
    const timeout = Object.assign(new Error('Request timed out after 100 ms'), {
      name: 'McpkitError',
      code: 'REQUEST_TIMEOUT',
    });
    await expect(client.request('x/y', {}, () => Promise.reject(rpcError))).rejects.toBe(rpcError);
    await expect(client.request('ping', {}, () => Promise.reject(timeout))).rejects.toBe(timeout);
    await expect(
      client.request('tools/list', {}, () => Promise.reject(new RangeError('bad'))),
    ).rejects.toThrow();

    expect(telemetry.span('x/y').status).toEqual({
      code: SpanStatusCode.ERROR,
      message: "Method not found: 'x/y'",
    });
    expect(telemetry.span('x/y').attributes).toMatchObject({
      'error.type': '-32601',
      'rpc.response.status_code': '-32601',
    });
    expect(telemetry.span('ping').attributes['error.type']).toBe('REQUEST_TIMEOUT');
    expect(telemetry.span('ping').attributes['rpc.response.status_code']).toBeUndefined();
    expect(telemetry.span('tools/list').attributes['error.type']).toBe('RangeError');
  });

  it('a tool result with isError: true is a tool_error', async () => {
    instrumented();
    const { send } = wire({ content: [], isError: true });
    await client.request('tools/call', { name: 'fails' }, send);
    expect(telemetry.span('tools/call fails').status.code).toBe(SpanStatusCode.ERROR);
    expect(telemetry.span('tools/call fails').attributes['error.type']).toBe('tool_error');
  });

  it('serverUrl gives server.address, server.port and the HTTP transport, on spans and the histogram', async () => {
    instrumented({ serverUrl: 'http://127.0.0.1:8123/mcp' });
    const { send } = wire();
    await client.request('tools/call', { name: 'echo' }, send, {
      protocolVersion: '2025-11-25',
      sessionId: 's',
    });
    const expected = {
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': '127.0.0.1',
      'server.port': 8123,
    };
    expect(telemetry.span('tools/call echo').attributes).toEqual({ ...expected, 'mcp.session.id': 's' });
    const metric = await telemetry.histogram('mcp.client.operation.duration');
    expect(metric?.descriptor.unit).toBe('s');
    expect(points(metric)).toEqual([{ attributes: expected, count: 1 }]);
  });

  it('records mcp.client.session.duration from open to close', async () => {
    instrumented({ transport: 'stdio' });
    client.emit({ type: 'open', protocolVersion: '2025-11-25' });
    client.emit({ type: 'close', protocolVersion: '2025-11-25' });
    const metric = await telemetry.histogram('mcp.client.session.duration');
    expect(points(metric)).toEqual([
      { attributes: { 'network.transport': 'pipe', 'mcp.protocol.version': '2025-11-25' }, count: 1 },
    ]);
  });
});
