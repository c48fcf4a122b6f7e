// Two HTTP handlers (A and B, each with its own Redis connections, as two processes would have)
// share the Redis stores. A message published on A's bus for a session whose GET stream B holds
// arrives on that stream, and the event it was sent as can be replayed from A's view of the history.
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { RedisStores } from './stores.js';
import { until, useRedis } from './test-helpers/fixtures.js';
import { SseEvents } from './test-helpers/sse.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function instance(name: string): Promise<{ handle: ServerHandle; stores: RedisStores; url: URL }> {
  const stores = await redis.stores({ keyPrefix: 'cluster:' });
  const server = new McpServer({ name, version: '0.0.0' });
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    sessionStore: stores.sessionStore,
    eventStore: stores.eventStore,
    messageBus: stores.messageBus,
  });
  const handle = await serve(handler);
  cleanups.push(() => handle.close());
  return { handle, stores, url: new URL('/mcp', handle.url) };
}

const VERSION = '2025-11-25';

function post(url: URL, body: unknown, sessionId?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('two handlers sharing the Redis stores', () => {
  it('a notification published on A reaches the GET stream B holds, and A can replay it', async () => {
    const a = await instance('A');
    const b = await instance('B');
    const initialized = await post(b.url, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    expect(initialized.status).toBe(200);
    const sessionId = initialized.headers.get('mcp-session-id')!;
    await initialized.text();
    expect(
      (await post(b.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)).status,
    ).toBe(202);
    const abort = new AbortController();
    cleanups.push(async () => abort.abort());
    const get = await fetch(b.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION },
      signal: abort.signal,
    });
    expect(get.status).toBe(200);
    const events = new SseEvents(get);
    const priming = await events.next();
    expect(priming.data).toBe('');
    // The record B stored is visible to A's store.
    expect(await a.stores.sessionStore.get(sessionId)).toMatchObject({ protocolVersion: VERSION });

    const changed = { jsonrpc: '2.0' as const, method: 'notifications/tools/list_changed' };
    expect(await a.stores.messageBus.publish(sessionId, { message: changed })).toBe(true);
    const delivered = await events.next();
    expect(JSON.parse(delivered.data)).toEqual(changed);
    expect(await a.stores.eventStore.replayAfter(sessionId, priming.id!)).toEqual({
      streamId: expect.any(String),
      events: [{ id: delivered.id, message: changed }],
    });

    // A serves a request of a session B created: it rebuilds the session from the Redis record.
    const onA = await post(a.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, sessionId);
    expect(onA.status).toBe(200);
    expect(await onA.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    await events.cancel();

    // B ends the session: its record, history and subscription go, so A's publish finds no one.
    const ended = await fetch(b.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION },
    });
    expect(ended.status).toBe(200);
    await ended.text();
    // A's copy (rebuilt for the ping) learns on its next request that the record is gone, and ends.
    const afterEnd = await post(a.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, sessionId);
    expect(afterEnd.status).toBe(404);
    await afterEnd.text();
    await until(
      async () => !(await a.stores.messageBus.publish(sessionId, { message: changed })),
      'the unsubscribe',
    );
    expect(await a.stores.sessionStore.get(sessionId)).toBeUndefined();
    expect(await a.stores.eventStore.replayAfter(sessionId, priming.id!)).toBeUndefined();
  });
});
