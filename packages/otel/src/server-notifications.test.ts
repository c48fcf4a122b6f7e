// The notifications a real McpServer's sessions send and receive outside any request, traced through
// its notification middleware: a list change and a resource update get a CLIENT span on the server
// and a SERVER span on the client, parent and child; the client's initialized, roots changes and
// cancellations get SERVER spans on the server, children of the client's CLIENT spans; the peer's
// own cancellation of a request that timed out is traced; `traceNotifications: false` turns it off.
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server';
import { context, type SpanContext, SpanKind } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { instrumentClient } from './client.js';
import { instrumentServer } from './server.js';
import { type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';

let telemetry: TestTelemetry;
const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());
afterEach(async () => telemetry?.shutdown());

async function connected(traceNotifications = true) {
  telemetry = testTelemetry();
  const options = {
    tracerProvider: telemetry.tracerProvider,
    meterProvider: telemetry.meterProvider,
    propagator: telemetry.propagator,
    traceNotifications,
  };
  const server = instrumentServer(new McpServer({ name: 's', version: '1' }), options);
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  server.resource('test://r', { name: 'r' }, () => ({ contents: [{ uri: 'test://r', text: 'x' }] }));
  server.tool(
    'hang',
    {},
    (_args, ctx) =>
      new Promise<string>((resolve) => ctx.signal.addEventListener('abort', () => resolve('stopped'))),
  );
  server.tool('ask-roots', {}, async (_args, ctx) => {
    // The client never answers: the server's peer times out and cancels the request by itself.
    const failure = await ctx.listRoots({ timeoutMs: 1 }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    return failure;
  });
  const client = instrumentClient(
    new McpClient({ name: 'c', version: '1' }, { roots: () => new Promise(() => undefined) }),
    options,
  );
  const [clientTransport, serverTransport] = createInMemoryTransportPair();
  const sessions = await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return { server, client, session: sessions[0] };
}

function byName(name: string, kind: SpanKind): ReadableSpan[] {
  return telemetry.spans().filter((span) => span.name === name && span.kind === kind);
}

function childOf(child: ReadableSpan, parent: ReadableSpan): void {
  const { traceId, spanId } = parent.spanContext() as SpanContext;
  expect(child.spanContext().traceId).toBe(traceId);
  expect(child.parentSpanContext?.spanId).toBe(spanId);
}

async function until(check: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !check(); round++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('instrumentServer: notifications outside requests', () => {
  it('a list change and a resource update the server sends: CLIENT span on the server, SERVER span on the client, parent and child', async () => {
    const { server, client } = await connected();
    await client.subscribeResource('test://r', () => undefined);
    server.tool('later', {}, () => 'ok');
    server.notifyResourceUpdated('test://r');
    const listChanged = 'notifications/tools/list_changed';
    const updated = 'notifications/resources/updated';
    await until(
      () =>
        byName(listChanged, SpanKind.SERVER).length === 1 && byName(updated, SpanKind.SERVER).length === 1,
    );

    const [sentList] = byName(listChanged, SpanKind.CLIENT);
    const [receivedList] = byName(listChanged, SpanKind.SERVER);
    childOf(receivedList!, sentList!);
    const [sentUpdate] = byName(updated, SpanKind.CLIENT);
    const [receivedUpdate] = byName(updated, SpanKind.SERVER);
    childOf(receivedUpdate!, sentUpdate!);
    expect(sentUpdate!.attributes).toMatchObject({
      'mcp.method.name': updated,
      'mcp.resource.uri': 'test://r',
      'mcp.protocol.version': '2025-11-25',
    });
    expect(receivedUpdate!.attributes).toMatchObject({ 'mcp.resource.uri': 'test://r' });
    await client.close();
  });

  it("the client's initialized, roots list change and cancellation: SERVER spans on the server, children of the client's CLIENT spans", async () => {
    const { client } = await connected();
    await client.sendRootsListChanged();
    const controller = new AbortController();
    const call = client.callTool({ name: 'hang', arguments: {} }, { signal: controller.signal });
    controller.abort(new Error('enough'));
    await call.catch(() => undefined);
    const cancelled = 'notifications/cancelled';
    await until(() => byName(cancelled, SpanKind.SERVER).length >= 1);

    for (const method of ['notifications/initialized', 'notifications/roots/list_changed']) {
      const [sent] = byName(method, SpanKind.CLIENT);
      const [received] = byName(method, SpanKind.SERVER);
      expect(received, method).toBeDefined();
      childOf(received!, sent!);
    }
    // The client's peer cancels the aborted call by itself (a span in the context abort() ran in).
    expect(byName(cancelled, SpanKind.CLIENT)).toHaveLength(1);
    const [clientCancel] = byName(cancelled, SpanKind.CLIENT);
    const [serverCancel] = byName(cancelled, SpanKind.SERVER);
    childOf(serverCancel!, clientCancel!);
    await client.close();
  });

  it("the server peer's own cancellation of a request that timed out is traced", async () => {
    const { client } = await connected();
    const result = await client.callTool({ name: 'ask-roots', arguments: {} });
    expect(JSON.stringify(result.content)).toContain('timed out');
    await until(() => byName('notifications/cancelled', SpanKind.SERVER).length >= 1);
    const [sent] = byName('notifications/cancelled', SpanKind.CLIENT);
    expect(sent).toBeDefined();
    // Sent while the tool ran: a child of the roots/list span active there, in the call's trace.
    const call = byName('tools/call ask-roots', SpanKind.SERVER)[0]!;
    expect(sent!.spanContext().traceId).toBe(call.spanContext().traceId);
    const [received] = byName('notifications/cancelled', SpanKind.SERVER);
    childOf(received!, sent!);
    await client.close();
  });

  it('a notification a tool sends gets one CLIENT span, not two', async () => {
    telemetry = testTelemetry();
    const { client, server } = await connected();
    server.tool('report', {}, async (_args, ctx) => {
      await ctx.progress(1, 2);
      return 'done';
    });
    await client.callTool({ name: 'report', arguments: {} }, { onprogress: () => undefined });
    await until(() => byName('notifications/progress', SpanKind.SERVER).length === 1);
    expect(byName('notifications/progress', SpanKind.CLIENT)).toHaveLength(1);
    childOf(
      byName('notifications/progress', SpanKind.CLIENT)[0]!,
      byName('tools/call report', SpanKind.SERVER)[0]!,
    );
    await client.close();
  });

  it('traceNotifications: false traces none of them', async () => {
    const { server, client } = await connected(false);
    server.tool('later', {}, () => 'ok');
    await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    await client.close();
    expect(telemetry.spans().filter((span) => span.name.startsWith('notifications/'))).toEqual([]);
  });
});
