// Two HTTP handlers (A and B, each with its own McpServer and Redis connections, as two processes)
// given `broadcastChanges`: a change raised by a tool call on A reaches the streams B holds, a
// 2025 GET stream and a 2026-07-28 subscriptions/listen stream, exactly once.
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { RedisStores } from './stores.js';
import { useRedis } from './test-helpers/fixtures.js';
import { SseEvents } from './test-helpers/sse.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const VERSION = '2025-11-25';
const MODERN = '2026-07-28';
let cluster = 0;

interface Instance {
  url: URL;
  server: McpServer;
  errors: Error[];
}

/** A tool `touch` updates the resource it names; `grow` registers a tool (a list change). */
function changingServer(name: string): McpServer {
  const server = new McpServer(
    { name, version: '0.0.0' },
    {
      protocolVersions: [MODERN, VERSION],
      capabilities: { resources: { subscribe: true, listChanged: true }, tools: { listChanged: true } },
    },
  );
  for (const n of [1, 2]) {
    const uri = `note://${n}`;
    server.resource(uri, { name: uri }, () => ({ contents: [{ uri, text: 'x' }] }));
    // A tool call that changes the note (in a shared store, in a real deployment).
    server.tool(`touch${n}`, { description: `updates ${uri}` }, () => {
      server.notifyResourceUpdated(uri);
      return `touched ${uri} on ${name}`;
    });
  }
  server.tool('announce', { description: 'says the tool list changed' }, () => {
    server.notifyListChanged('tools');
    return `announced on ${name}`;
  });
  return server;
}

async function instances(): Promise<[Instance, Instance]> {
  const prefix = `bc${++cluster}:`;
  const made: Instance[] = [];
  for (const name of ['A', 'B']) {
    const stores: RedisStores = await redis.stores({ keyPrefix: prefix });
    const server = changingServer(name);
    const errors: Error[] = [];
    const handler = createStreamableHttpHandler({
      onSession: (transport) => server.connect(transport),
      sessionStore: stores.sessionStore,
      eventStore: stores.eventStore,
      messageBus: stores.messageBus,
      instanceId: name,
      broadcastChanges: server,
      onerror: (error) => errors.push(error),
    });
    const handle: ServerHandle = await serve(handler);
    cleanups.push(() => handle.close());
    made.push({ url: new URL('/mcp', handle.url), server, errors });
  }
  return made as [Instance, Instance];
}

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

/** A 2025 request answered with a result (JSON or the last SSE event). */
async function call(url: URL, sessionId: string, id: number, method: string, params: unknown) {
  const response = await post(url, { jsonrpc: '2.0', id, method, params }, sessionId);
  expect(response.status).toBe(200);
  const text = await response.text();
  const data = text.includes('data:') ? text.split('data: ').at(-1)! : text;
  const answer = JSON.parse(data) as { result?: unknown; error?: unknown };
  expect(answer.error).toBeUndefined();
  return answer.result;
}

async function openSession(url: URL): Promise<string> {
  const initialized = await post(url, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  });
  expect(initialized.status).toBe(200);
  const sessionId = initialized.headers.get('mcp-session-id')!;
  await initialized.text();
  const ready = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId);
  expect(ready.status).toBe(202);
  return sessionId;
}

async function openGet(url: URL, sessionId: string): Promise<SseEvents> {
  const abort = new AbortController();
  cleanups.push(async () => abort.abort());
  const get = await fetch(url, {
    headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION },
    signal: abort.signal,
  });
  expect(get.status).toBe(200);
  const events = new SseEvents(get);
  expect((await events.next()).data).toBe(''); // priming
  return events;
}

/** The methods (and URIs) of the next `count` messages of a stream. */
async function nextMessages(events: SseEvents, count: number): Promise<string[]> {
  const seen: string[] = [];
  while (seen.length < count) {
    const event = await events.next();
    if (event.data === '') continue;
    const message = JSON.parse(event.data) as { method?: string; params?: { uri?: string } };
    seen.push(message.params?.uri ? `${message.method} ${message.params.uri}` : String(message.method));
  }
  return seen;
}

const touch = (uri: string) => ({ name: `touch${uri.slice(-1)}`, arguments: {} });

describe('broadcastChanges over Redis', () => {
  it('a resource update raised on A reaches the GET stream B holds of a session A never saw', async () => {
    const [a, b] = await instances();
    const sessionId = await openSession(b.url);
    const events = await openGet(b.url, sessionId);
    await call(b.url, sessionId, 1, 'resources/subscribe', { uri: 'note://1' });
    // Another client's tool call on A changes the note.
    const other = await openSession(a.url);
    await call(a.url, other, 1, 'tools/call', touch('note://1'));
    await call(a.url, other, 2, 'tools/call', touch('note://2')); // not subscribed: not sent
    await call(a.url, other, 3, 'tools/call', { name: 'announce', arguments: {} });
    expect(await nextMessages(events, 2)).toEqual([
      'notifications/resources/updated note://1',
      'notifications/tools/list_changed',
    ]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('a copy on A that does not hold the GET stream sends nothing itself: B delivers once', async () => {
    const [a, b] = await instances();
    // Created and subscribed on A (A's copy is subscribed); the GET stream is on B, opened first,
    // so B learns of the subscription only through the state hint.
    const sessionId = await openSession(a.url);
    const events = await openGet(b.url, sessionId);
    await call(a.url, sessionId, 1, 'resources/subscribe', { uri: 'note://1' });
    await call(a.url, sessionId, 2, 'resources/subscribe', { uri: 'note://2' });
    await call(a.url, sessionId, 3, 'tools/call', touch('note://1'));
    await call(a.url, sessionId, 4, 'tools/call', { name: 'announce', arguments: {} });
    // A later change on the same stream: the earlier ones came before it, or not at all.
    await call(a.url, sessionId, 5, 'tools/call', touch('note://2'));
    expect(await nextMessages(events, 3)).toEqual([
      'notifications/resources/updated note://1',
      'notifications/tools/list_changed',
      'notifications/resources/updated note://2',
    ]);
    // Unsubscribed on A: B stops sending that note's updates too.
    await call(a.url, sessionId, 6, 'resources/unsubscribe', { uri: 'note://1' });
    await call(a.url, sessionId, 7, 'tools/call', touch('note://1'));
    await call(a.url, sessionId, 8, 'tools/call', touch('note://2'));
    expect(await nextMessages(events, 1)).toEqual(['notifications/resources/updated note://2']);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('a change raised on A reaches a subscriptions/listen stream held by B (2026-07-28)', async () => {
    const [a, b] = await instances();
    const abort = new AbortController();
    cleanups.push(async () => abort.abort());
    const listen = await fetch(b.url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': MODERN,
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: {
          notifications: { toolsListChanged: true, resourceSubscriptions: ['note://1'] },
          _meta: modernMeta(),
        },
      }),
      signal: abort.signal,
    });
    expect(listen.status).toBe(200);
    const events = new SseEvents(listen);
    expect(await nextMessages(events, 1)).toEqual(['notifications/subscriptions/acknowledged']);
    for (const [id, params] of [
      [1, touch('note://2')],
      [2, touch('note://1')],
      [3, { name: 'announce', arguments: {} }],
    ] as const) {
      const response = await fetch(a.url, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          'mcp-protocol-version': MODERN,
          'mcp-method': 'tools/call',
          'mcp-name': params.name,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { ...params, _meta: modernMeta() },
        }),
      });
      expect(response.status).toBe(200);
      await response.text();
    }
    expect(await nextMessages(events, 2)).toEqual([
      'notifications/resources/updated note://1',
      'notifications/tools/list_changed',
    ]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});

function modernMeta(): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}
