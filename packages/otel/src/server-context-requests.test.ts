// What a real McpServer asks its client outside any request, through `session.context()` (roots
// after a roots change, sampling or elicitation from a background job): no request middleware is
// around it, so the server's notification middleware traces it. A CLIENT span on the server (child
// of the span active at the call, else a root), its context in `params._meta`, so the instrumented
// client's SERVER span is its child; error status on an error answer; the sender histogram. A
// request a tool sends during its request keeps its one CLIENT span.
import { McpClient } from '@mcpkit/client';
import { JsonRpcError } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server';
import { context, type SpanContext, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instrumentClient } from './client.js';
import { instrumentServer } from './server.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';

let telemetry: TestTelemetry;
const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());
afterEach(async () => telemetry?.shutdown());

const ROOTS = [{ uri: 'file:///project', name: 'project' }];

async function connected(traceNotifications = true) {
  telemetry = testTelemetry();
  const options = {
    tracerProvider: telemetry.tracerProvider,
    meterProvider: telemetry.meterProvider,
    propagator: telemetry.propagator,
    traceNotifications,
  };
  const server = instrumentServer(new McpServer({ name: 's', version: '1' }), options);
  server.tool('roots-count', {}, async (_args, ctx) => String((await ctx.listRoots()).length));
  const client = instrumentClient(
    new McpClient(
      { name: 'c', version: '1' },
      {
        roots: ROOTS,
        sampling: () => {
          throw new JsonRpcError(-32600, 'sampling refused by the user');
        },
      },
    ),
    options,
  );
  const [clientTransport, serverTransport] = createInMemoryTransportPair();
  const [session] = await Promise.all([
    server.connect(serverTransport, { sessionId: 'session-7' }),
    client.connect(clientTransport),
  ]);
  return { server, client, session };
}

function spansOf(name: string, kind: SpanKind): ReadableSpan[] {
  return telemetry.spans().filter((span) => span.name === name && span.kind === kind);
}

function childOf(child: ReadableSpan, parent: ReadableSpan): void {
  const { traceId, spanId } = parent.spanContext() as SpanContext;
  expect(child.spanContext().traceId).toBe(traceId);
  expect(child.parentSpanContext?.spanId).toBe(spanId);
}

describe('instrumentServer: requests sent through session.context() outside any request', () => {
  it("roots/list from a background job: a CLIENT span child of the job's span, the client's SERVER span its child, the sender histogram", async () => {
    const { session, client } = await connected();
    const tracer = telemetry.tracerProvider.getTracer('app');
    const roots = await tracer.startActiveSpan('background job', async (job) => {
      try {
        return await (await session.context()).listRoots();
      } finally {
        job.end();
      }
    });
    expect(roots).toEqual(ROOTS);

    const [sent, ...moreSent] = spansOf('roots/list', SpanKind.CLIENT);
    expect(moreSent).toEqual([]);
    childOf(sent!, telemetry.span('background job'));
    expect(sent!.attributes).toMatchObject({
      'mcp.method.name': 'roots/list',
      'mcp.session.id': 'session-7',
      'mcp.protocol.version': '2025-11-25',
    });
    expect(sent!.status.code).toBe(SpanStatusCode.UNSET);
    // The client's span takes its parent from the request's `_meta`: the context was injected.
    const [received] = spansOf('roots/list', SpanKind.SERVER);
    childOf(received!, sent!);

    const sender = points(await telemetry.histogram('mcp.client.operation.duration'));
    expect(
      sender.filter(
        (point) => (point.attributes as Record<string, unknown>)['mcp.method.name'] === 'roots/list',
      ),
    ).toEqual([
      {
        attributes: expect.objectContaining({ 'mcp.protocol.version': '2025-11-25' }),
        count: 1,
      },
    ]);
    await client.close();
  });

  it('with no active span it is a root span; an error answer sets status ERROR and error.type; still traced with traceNotifications: false', async () => {
    const { session, client } = await connected(false);
    const ctx = await session.context();
    await expect(
      ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 }),
    ).rejects.toMatchObject({ code: -32600 });

    const [sent] = spansOf('sampling/createMessage', SpanKind.CLIENT);
    expect(sent!.parentSpanContext).toBeUndefined();
    expect(sent!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'sampling refused by the user' });
    expect(sent!.attributes).toMatchObject({
      'mcp.method.name': 'sampling/createMessage',
      'mcp.session.id': 'session-7',
      'error.type': '-32600',
      'rpc.response.status_code': '-32600',
    });
    childOf(spansOf('sampling/createMessage', SpanKind.SERVER)[0]!, sent!);
    // Notifications stay untraced under traceNotifications: false.
    expect(telemetry.spans().filter((span) => span.name.startsWith('notifications/'))).toEqual([]);
    await client.close();
  });

  it('a request a tool sends during its request gets one CLIENT span, not two', async () => {
    const { client } = await connected();
    expect(await client.callTool({ name: 'roots-count', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: '1' }],
    });
    const [sent, ...moreSent] = spansOf('roots/list', SpanKind.CLIENT);
    expect(moreSent).toEqual([]);
    childOf(sent!, spansOf('tools/call roots-count', SpanKind.SERVER)[0]!);
    await client.close();
  });
});
