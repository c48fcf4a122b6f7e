// What the conventions trace beyond a client's requests, against hosts of the contract's shape: the
// requests and notifications a tool sends its client (CLIENT spans on the server, children of the
// request's SERVER span, context injected into `_meta`, the sender's histogram), and on the client
// the server's requests and notifications (SERVER spans, parent from `_meta`, the receiver's
// histogram); `traceNotifications: false` turns notification spans off.
import { context, SpanKind } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instrumentClient } from './client.js';
import { instrumentServer } from './server.js';
import { FakeClient, FakeServer } from './test-helpers/fake-hosts.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';
import type { JsonObjectLike, OutgoingRequestContext, ServerCallContext } from './types.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const REMOTE_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${REMOTE_SPAN_ID}-01`;

let telemetry: TestTelemetry;
const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());
afterEach(async () => telemetry?.shutdown());

function telemetryOptions() {
  telemetry = testTelemetry();
  return {
    tracerProvider: telemetry.tracerProvider,
    meterProvider: telemetry.meterProvider,
    propagator: telemetry.propagator,
  };
}

/** A request context whose requestInput/sendNotification record what reached the "wire". */
function requestContext(protocolVersion: string) {
  const wire: { method: string; params: JsonObjectLike | undefined }[] = [];
  const request: ServerCallContext['request'] & OutgoingRequestContext = {
    protocolVersion,
    sessionId: 'session-1',
    requestInput: async (input) => {
      wire.push({ method: input.method, params: input.params });
      return { roots: [] };
    },
    sendNotification: async (method, params) => {
      wire.push({ method, params });
    },
  };
  return { request, wire };
}

/** Runs a tools/call through the instrumented fake server; `tool` plays the handler. */
async function callTool(
  server: FakeServer,
  request: ServerCallContext['request'],
  tool: () => Promise<void>,
) {
  const params = { name: 'ask', arguments: {}, _meta: { traceparent: TRACEPARENT } };
  await server.handle({ method: 'tools/call', params, _meta: params._meta, request }, async () => {
    await tool();
    return { type: 'result', result: { content: [] } };
  });
}

describe('instrumentServer: what a tool sends its client', () => {
  it('each request and notification is a CLIENT span, child of the tools/call SERVER span, its context in _meta; the sender histogram', async () => {
    const server = instrumentServer(new FakeServer(), telemetryOptions());
    const { request, wire } = requestContext('2025-11-25');
    await callTool(server, request, async () => {
      await request.sendNotification!('notifications/progress', { progressToken: 1, progress: 1 });
      await request.requestInput!({ method: 'roots/list' });
      await request.sendNotification!('notifications/resources/updated', { uri: 'file:///a.txt' });
    });

    const call = telemetry.span('tools/call ask');
    for (const name of ['notifications/progress', 'roots/list', 'notifications/resources/updated']) {
      const span = telemetry.span(name);
      expect(span.kind, name).toBe(SpanKind.CLIENT);
      expect(span.parentSpanContext?.spanId, name).toBe(call.spanContext().spanId);
      expect(span.attributes['mcp.method.name']).toBe(name);
      expect(span.attributes['mcp.session.id']).toBe('session-1');
      expect(span.attributes['jsonrpc.request.id']).toBeUndefined();
      const sent = wire.find((message) => message.method === name)!;
      expect((sent.params!._meta as { traceparent: string }).traceparent).toBe(
        `00-${TRACE_ID}-${span.spanContext().spanId}-01`,
      );
    }
    expect(telemetry.span('notifications/resources/updated').attributes['mcp.resource.uri']).toBe(
      'file:///a.txt',
    );
    expect(wire[0]!.params).toMatchObject({ progressToken: 1, progress: 1 });
    const sender = points(await telemetry.histogram('mcp.client.operation.duration'));
    expect(
      sender.map((point) => (point.attributes as Record<string, unknown>)['mcp.method.name']).sort(),
    ).toEqual(['notifications/progress', 'notifications/resources/updated', 'roots/list']);
  });

  it('traceNotifications: false leaves notifications untraced; 2026-07-28 input requests (answered in the result) are not traced', async () => {
    const server = instrumentServer(new FakeServer(), { ...telemetryOptions(), traceNotifications: false });
    const { request, wire } = requestContext('2025-11-25');
    await callTool(server, request, async () => {
      await request.sendNotification!('notifications/progress', { progressToken: 1, progress: 1 });
      await request.requestInput!({ method: 'roots/list' });
    });
    expect(telemetry.spans().map((span) => span.name)).toEqual(['roots/list', 'tools/call ask']);
    expect(wire[0]!.params).toEqual({ progressToken: 1, progress: 1 });

    const stateless = requestContext('2026-07-28');
    await callTool(server, stateless.request, async () => {
      await stateless.request.requestInput!({ method: 'roots/list' });
    });
    expect(telemetry.spans().filter((span) => span.name === 'roots/list')).toHaveLength(1);
  });
});

describe('instrumentClient: what the server sends', () => {
  it("the server's request and notification are SERVER spans whose parent is the context in _meta; the receiver histogram", async () => {
    const client = instrumentClient(new FakeClient(), telemetryOptions());
    const answer = await client.receive(
      'sampling/createMessage',
      { messages: [], maxTokens: 1, _meta: { traceparent: TRACEPARENT } },
      async () => ({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' }),
      { protocolVersion: '2025-11-25', requestId: 4 },
    );
    expect(answer).toMatchObject({ model: 'm' });
    const delivered: unknown[] = [];
    await client.notification(
      'notifications/resources/updated',
      { uri: 'file:///a.txt', _meta: { traceparent: TRACEPARENT } },
      (params) => delivered.push(params),
      true,
    );
    expect(delivered).toEqual([{ uri: 'file:///a.txt', _meta: { traceparent: TRACEPARENT } }]);

    const sampling = telemetry.span('sampling/createMessage');
    expect(sampling.kind).toBe(SpanKind.SERVER);
    expect(sampling.parentSpanContext?.spanId).toBe(REMOTE_SPAN_ID);
    expect(sampling.attributes['jsonrpc.request.id']).toBe('4');
    const updated = telemetry.span('notifications/resources/updated');
    expect(updated.kind).toBe(SpanKind.SERVER);
    expect(updated.parentSpanContext?.spanId).toBe(REMOTE_SPAN_ID);
    expect(updated.attributes).toEqual({
      'mcp.method.name': 'notifications/resources/updated',
      'mcp.protocol.version': '2025-11-25',
      'mcp.resource.uri': 'file:///a.txt',
    });
    const receiver = points(await telemetry.histogram('mcp.server.operation.duration'));
    expect(
      receiver.map((point) => (point.attributes as Record<string, unknown>)['mcp.method.name']).sort(),
    ).toEqual(['notifications/resources/updated', 'sampling/createMessage']);
  });

  it('the notifications the client sends are CLIENT spans with their context injected; none with traceNotifications: false', async () => {
    const client = instrumentClient(new FakeClient(), telemetryOptions());
    const sent: (JsonObjectLike | undefined)[] = [];
    await client.notification(
      'notifications/roots/list_changed',
      undefined,
      (params) => sent.push(params),
      false,
    );
    const span = telemetry.span('notifications/roots/list_changed');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(sent).toEqual([
      { _meta: { traceparent: `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01` } },
    ]);

    const quiet = instrumentClient(new FakeClient(), { ...telemetryOptions(), traceNotifications: false });
    expect(quiet.sentNotifications).toEqual([]);
    expect(quiet.receivedNotifications).toEqual([]);
    expect(quiet.incoming).toHaveLength(1);
  });
});
