// The server middleware against a host of the contract's shape: span name, kind, attributes, parent
// from `_meta` or the HTTP `traceparent` header, error status, and both server histograms.
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MCP_DURATION_BUCKETS } from './semconv.js';
import { instrumentServer } from './server.js';
import { FakeServer } from './test-helpers/fake-hosts.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';
import type { ServerCallContext } from './types.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;
const HEADER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const HEADER_TRACEPARENT = `00-${HEADER_TRACE_ID}-b7ad6b7169203331-01`;

let telemetry: TestTelemetry;
let server: FakeServer;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());

function instrumented(options: Parameters<typeof instrumentServer>[1] = {}) {
  telemetry = testTelemetry();
  server = instrumentServer(new FakeServer(), {
    tracerProvider: telemetry.tracerProvider,
    meterProvider: telemetry.meterProvider,
    propagator: telemetry.propagator,
    ...options,
  });
  return server;
}

afterEach(async () => telemetry?.shutdown());

function call(
  method: string,
  params: Record<string, unknown> | undefined,
  request: ServerCallContext['request'] = {},
): ServerCallContext {
  const meta = params?._meta as Record<string, unknown> | undefined;
  return { method, params, _meta: meta, request };
}

const ok = async () => ({ type: 'result', result: { content: [] } });

describe('instrumentServer', () => {
  it('registers one middleware named "otel", and refuses to instrument the same server twice', () => {
    instrumented();
    expect(server.names).toEqual(['otel']);
    expect(() => instrumentServer(server)).toThrow(
      'instrumentServer: this server is already instrumented (each request would be traced twice)',
    );
    expect(server.names).toEqual(['otel']);
  });

  it('a tools/call becomes a SERVER span "tools/call {tool}" whose parent is the traceparent in _meta', async () => {
    instrumented();
    const ctx = call(
      'tools/call',
      { name: 'get-weather', arguments: { city: 'Paris' }, _meta: { traceparent: TRACEPARENT } },
      { protocolVersion: '2025-11-25', sessionId: 'session-1', requestId: 3 },
    );
    await server.handle(ctx, ok);

    const span = telemetry.span('tools/call get-weather');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get-weather',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': 'session-1',
      'jsonrpc.request.id': '3',
    });
    expect(span.instrumentationScope.name).toBe('@mcpkit/otel');
  });

  it('names prompts/get by its prompt and keeps resource URIs out of the name unless asked', async () => {
    instrumented();
    await server.handle(call('prompts/get', { name: 'review' }), ok);
    await server.handle(call('resources/read', { uri: 'file:///a.txt' }), ok);
    await server.handle(call('tools/list', undefined), ok);
    expect(telemetry.span('prompts/get review').attributes['gen_ai.prompt.name']).toBe('review');
    expect(telemetry.span('resources/read').attributes['mcp.resource.uri']).toBe('file:///a.txt');
    expect(telemetry.span('tools/list').attributes).toEqual({ 'mcp.method.name': 'tools/list' });

    instrumented({ resourceUriInSpanName: true });
    await server.handle(call('resources/read', { uri: 'file:///a.txt' }), ok);
    expect(telemetry.span('resources/read file:///a.txt').kind).toBe(SpanKind.SERVER);
  });

  it('an error answer sets status ERROR with its message, error.type and rpc.response.status_code', async () => {
    instrumented();
    const error = Object.assign(new Error('Unknown tool: nope'), { code: -32602 });
    await server.handle(call('tools/call', { name: 'nope' }), async () => ({ type: 'error', error }));
    const span = telemetry.span('tools/call nope');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Unknown tool: nope' });
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.attributes['rpc.response.status_code']).toBe('-32602');
  });

  it('a tool result with isError: true is a tool_error', async () => {
    instrumented();
    await server.handle(call('tools/call', { name: 'fails' }), async () => ({
      type: 'result',
      result: { content: [{ type: 'text', text: 'disk full' }], isError: true },
    }));
    const span = telemetry.span('tools/call fails');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toBe('tool_error');
    expect(span.attributes['rpc.response.status_code']).toBeUndefined();
  });

  it('a throw out of the chain is recorded as the -32603 the server answers, and passes through', async () => {
    instrumented();
    const thrown = new TypeError('boom');
    await expect(
      server.handle(call('ping', undefined), async () => {
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    const span = telemetry.span('ping');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
    expect(span.attributes['error.type']).toBe('-32603');
  });

  it('over HTTP without trace context in _meta, the traceparent header is the parent', async () => {
    instrumented();
    const headers = new Headers({ traceparent: HEADER_TRACEPARENT });
    await server.handle(call('tools/list', undefined, { extra: { requestHeaders: headers } }), ok);
    const span = telemetry.span('tools/list');
    expect(span.spanContext().traceId).toBe(HEADER_TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(span.attributes['network.transport']).toBe('tcp');
    expect(span.attributes['network.protocol.name']).toBe('http');
  });

  it('_meta wins over the header, and the headers are not even read then', async () => {
    instrumented();
    let reads = 0;
    const extra = {
      get requestHeaders() {
        reads++;
        return new Headers({ traceparent: HEADER_TRACEPARENT });
      },
    };
    await server.handle(call('tools/list', { _meta: { traceparent: TRACEPARENT } }, { extra }), ok);
    expect(telemetry.span('tools/list').spanContext().traceId).toBe(TRACE_ID);
    expect(reads).toBe(0);
  });

  it('with a parent from _meta, the ambient span (e.g. the HTTP server span) is linked, not the parent', async () => {
    instrumented();
    const tracer = telemetry.tracerProvider.getTracer('http-server');
    await tracer.startActiveSpan('POST /mcp', async (httpSpan) => {
      await server.handle(call('ping', { _meta: { traceparent: TRACEPARENT } }), ok);
      httpSpan.end();
    });
    const span = telemetry.span('ping');
    const httpSpan = telemetry.span('POST /mcp');
    expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    expect(span.links.map((link) => link.context.spanId)).toEqual([httpSpan.spanContext().spanId]);
  });

  it('without any trace context the ambient span is the parent, with no link', async () => {
    instrumented();
    const tracer = telemetry.tracerProvider.getTracer('http-server');
    await tracer.startActiveSpan('POST /mcp', async (httpSpan) => {
      await server.handle(call('ping', undefined), ok);
      httpSpan.end();
    });
    const span = telemetry.span('ping');
    expect(span.parentSpanContext?.spanId).toBe(telemetry.span('POST /mcp').spanContext().spanId);
    expect(span.links).toEqual([]);
  });

  it('the handler runs with the server span active, so its own spans are children', async () => {
    instrumented();
    const tracer = telemetry.tracerProvider.getTracer('handler');
    await server.handle(call('tools/call', { name: 'work' }), async () => {
      await Promise.resolve();
      tracer.startSpan('query database').end();
      expect(trace.getActiveSpan()).toBeDefined();
      return { type: 'result', result: { content: [] } };
    });
    const child = telemetry.span('query database');
    expect(child.parentSpanContext?.spanId).toBe(telemetry.span('tools/call work').spanContext().spanId);
  });

  it('records tool arguments and results only when opted in', async () => {
    instrumented({ captureToolArguments: true, captureToolResult: true });
    await server.handle(call('tools/call', { name: 'add', arguments: { a: 1, b: 2 } }), async () => ({
      type: 'result',
      result: { content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } },
    }));
    const span = telemetry.span('tools/call add');
    expect(span.attributes['gen_ai.tool.call.arguments']).toBe('{"a":1,"b":2}');
    expect(span.attributes['gen_ai.tool.call.result']).toBe('{"sum":3}');
  });

  it('records mcp.server.operation.duration in seconds with the advised buckets, without session or request ids', async () => {
    instrumented({ transport: 'stdio' });
    await server.handle(
      call('tools/call', { name: 'echo' }, { protocolVersion: '2025-11-25', sessionId: 's', requestId: 1 }),
      ok,
    );
    await server.handle(call('tools/call', { name: 'nope' }), async () => ({
      type: 'error',
      error: Object.assign(new Error('Unknown tool'), { code: -32602 }),
    }));
    const metric = await telemetry.histogram('mcp.server.operation.duration');
    expect(metric?.descriptor.unit).toBe('s');
    expect(metric?.dataPoints[0]?.value.buckets.boundaries).toEqual(MCP_DURATION_BUCKETS);
    expect(points(metric)).toEqual([
      {
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'echo',
          'gen_ai.operation.name': 'execute_tool',
          'mcp.protocol.version': '2025-11-25',
          'network.transport': 'pipe',
        },
        count: 1,
      },
      {
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'nope',
          'gen_ai.operation.name': 'execute_tool',
          'network.transport': 'pipe',
          'error.type': '-32602',
          'rpc.response.status_code': '-32602',
        },
        count: 1,
      },
    ]);
  });

  it('records mcp.server.session.duration from open to close, with the session transport and error', async () => {
    instrumented();
    server.emit({ type: 'open', sessionId: 'a', protocolVersion: '2025-06-18', transport: 'http' });
    server.emit({ type: 'open', protocolVersion: '2025-11-25', transport: 'stdio' });
    // A request in session "a" carries the session's transport.
    await server.handle(call('ping', undefined, { sessionId: 'a', protocolVersion: '2025-06-18' }), ok);
    server.emit({ type: 'close', sessionId: 'a', protocolVersion: '2025-06-18' });
    server.emit({ type: 'close', protocolVersion: '2025-11-25', error: new Error('pipe broke') });
    server.emit({ type: 'close', sessionId: 'never-opened', protocolVersion: '2025-11-25' });
    // An id but no transport name: the HTTP handler's sessions (only HTTP has MCP session ids).
    server.emit({ type: 'open', sessionId: 'b', protocolVersion: '2025-11-25' });
    server.emit({ type: 'close', sessionId: 'b', protocolVersion: '2025-11-25' });

    expect(telemetry.span('ping').attributes['network.transport']).toBe('tcp');
    const metric = await telemetry.histogram('mcp.server.session.duration');
    expect(metric?.descriptor.unit).toBe('s');
    expect(points(metric)).toEqual([
      {
        attributes: {
          'network.transport': 'tcp',
          'network.protocol.name': 'http',
          'mcp.protocol.version': '2025-06-18',
        },
        count: 1,
      },
      {
        attributes: {
          'network.transport': 'pipe',
          'mcp.protocol.version': '2025-11-25',
          'error.type': 'Error',
        },
        count: 1,
      },
      {
        attributes: {
          'network.transport': 'tcp',
          'network.protocol.name': 'http',
          'mcp.protocol.version': '2025-11-25',
        },
        count: 1,
      },
    ]);
  });
});
