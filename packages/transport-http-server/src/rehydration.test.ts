// Two handlers (instances A and B, as two processes) sharing the stores: a session opened on one is
// served by the other, rebuilt from its record, with its log level and subscriptions, and a
// server request sent by one is answered through the other.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_STATE_LOG_ENTRIES } from './session-state.js';
import { headerAuth, type Instance, instance, sharedStores } from './test-helpers/cluster.js';
import {
  getRequest,
  initializeMessage,
  messagesOf,
  postRequest,
  request,
  SseReader,
} from './test-helpers/http.js';

const VERSION = '2025-11-25';
const opened: Instance[] = [];
afterEach(async () => {
  for (const made of opened.splice(0)) await made.handler.close({ timeoutMs: 100 });
});

function pair(options: Parameters<typeof instance>[2] = {}) {
  const stores = sharedStores();
  const a = instance('A', stores, options);
  const b = instance('B', stores, options);
  opened.push(a, b);
  return { a, b, stores };
}

async function answers(response: Response): Promise<JSONRPCMessage[]> {
  if (response.headers.get('content-type')?.includes('application/json')) return [await response.json()];
  return messagesOf(await new SseReader(response).rest());
}

async function open(made: Instance, extra: Record<string, string> = {}) {
  const init = await made.handler(postRequest(initializeMessage(VERSION), extra));
  expect(init.status).toBe(200);
  await init.text();
  const headers = {
    'mcp-session-id': init.headers.get('mcp-session-id')!,
    'mcp-protocol-version': VERSION,
    ...extra,
  };
  const initialized = await made.handler(
    postRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers),
  );
  expect(initialized.status).toBe(202);
  return headers;
}

describe('a session served by another instance sharing the stores', () => {
  it('initialize on A, tools/call on B succeeds on a server B rebuilt once', async () => {
    const { a, b } = pair();
    const headers = await open(a);
    const first = b.handler(postRequest(request('tools/call', 1, { name: 'echo' }), headers));
    const second = b.handler(postRequest(request('tools/call', 2, { name: 'echo' }), headers));
    const [one, two] = await Promise.all([first, second]);
    expect(one.status).toBe(200);
    expect(await answers(one)).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'echo on B' }] } },
    ]);
    expect(await answers(two)).toMatchObject([{ id: 2, result: { content: [{ text: 'echo on B' }] } }]);
    // Concurrent first requests rebuilt the session once: one server, initialized once, by replay.
    expect(b.servers).toHaveLength(1);
    expect(b.servers[0]!.initializes).toBe(1);
    expect(b.handler.sessionCount).toBe(1);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('logging/setLevel made on A holds on B, also when B was rebuilt before it', async () => {
    const { a, b, stores } = pair();
    const headers = await open(a);
    // B holds the session already: it catches up with the level set on A afterwards.
    expect(
      await answers(await b.handler(postRequest(request('tools/call', 1, { name: 'log' }), headers))),
    ).toHaveLength(3);
    const set = await a.handler(postRequest(request('logging/setLevel', 2, { level: 'error' }), headers));
    expect(await answers(set)).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
    const logged = await answers(
      await b.handler(postRequest(request('tools/call', 3, { name: 'log' }), headers)),
    );
    expect(logged).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'error from B' } },
      { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'log on B' }] } },
    ]);
    // A third instance, rebuilt after the change, replays it.
    const c = instance('C', stores);
    opened.push(c);
    const onC = await answers(
      await c.handler(postRequest(request('tools/call', 4, { name: 'log' }), headers)),
    );
    expect(onC.map((m) => ('params' in m ? m.params?.level : 'result'))).toEqual(['error', 'result']);
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });

  it('a resource subscription made on A: an update raised on B reaches the GET stream held by A', async () => {
    const { a, b } = pair();
    const headers = await open(a);
    const sub = await a.handler(
      postRequest(request('resources/subscribe', 1, { uri: 'file:///x' }), headers),
    );
    expect(await answers(sub)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    const get = new SseReader(await a.handler(getRequest(headers)));
    expect((await get.next())!.data).toBe('');
    const raised = await b.handler(postRequest(request('tools/call', 2, { name: 'raise' }), headers));
    expect(await answers(raised)).toMatchObject([{ id: 2, result: {} }]);
    expect(JSON.parse((await get.next())!.data)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'file:///x' },
    });
    expect(b.servers[0]!.subscribed).toEqual(new Set(['file:///x']));
    await get.cancel();
  });

  it('an elicitation issued on B is answered by a POST to A', async () => {
    const { a, b } = pair();
    const headers = await open(a);
    const call = new SseReader(
      await b.handler(postRequest(request('tools/call', 1, { name: 'ask' }), headers)),
    );
    let event = await call.next();
    while (event?.data === '') event = await call.next();
    const asked = JSON.parse(event!.data) as { id: string; method: string };
    expect(asked.method).toBe('elicitation/create');
    expect(asked.id).toMatch(/^B:/);
    const reply = await a.handler(
      postRequest(
        { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'x' } } },
        headers,
      ),
    );
    expect(reply.status).toBe(202);
    const rest = messagesOf(await call.rest());
    expect(rest).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'B got {"action":"accept","content":{"name":"x"}}' }] },
      },
    ]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('another principal gets 403 on rehydration, and nothing is rebuilt for it', async () => {
    const { a, b } = pair({ authenticate: headerAuth });
    const headers = await open(a, { 'x-client': 'alice' });
    const stolen = await b.handler(
      postRequest(request('tools/call', 1, { name: 'echo' }), { ...headers, 'x-client': 'mallory' }),
    );
    expect(stolen.status).toBe(403);
    expect(b.servers).toHaveLength(0);
    const anonymous = await b.handler(
      postRequest(request('tools/call', 1, { name: 'echo' }), { ...headers, 'x-client': '' }),
    );
    expect(anonymous.status).toBe(403);
    const owner = await b.handler(postRequest(request('tools/call', 2, { name: 'echo' }), headers));
    expect(owner.status).toBe(200);
  });

  it('a session ended on A (DELETE) is 404 on B, also when B held a copy', async () => {
    const { a, b } = pair();
    const headers = await open(a);
    const fresh = await open(a);
    expect((await b.handler(postRequest(request('ping', 1), headers))).status).toBe(200);
    expect(
      (
        await a.handler(
          new Request('http://localhost:3000/mcp', {
            method: 'DELETE',
            headers: { host: 'localhost:3000', ...headers },
          }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await a.handler(
          new Request('http://localhost:3000/mcp', {
            method: 'DELETE',
            headers: { host: 'localhost:3000', ...fresh },
          }),
        )
      ).status,
    ).toBe(200);
    expect((await b.handler(postRequest(request('ping', 2), headers))).status).toBe(404);
    expect((await b.handler(postRequest(request('ping', 3), fresh))).status).toBe(404);
    expect(b.handler.sessionCount).toBe(0);
  });

  it('keeps the state log compact, and past its bound the session is served only where it lives', async () => {
    const { a, b, stores } = pair();
    const headers = await open(a);
    const id = headers['mcp-session-id'];
    for (let n = 0; n < 3; n++) {
      await (
        await a.handler(postRequest(request('logging/setLevel', `l${n}`, { level: 'info' }), headers))
      ).text();
    }
    await (await a.handler(postRequest(request('resources/subscribe', 's', { uri: 'u:1' }), headers))).text();
    await (
      await a.handler(postRequest(request('resources/unsubscribe', 'u', { uri: 'u:1' }), headers))
    ).text();
    expect(stores.sessionStore.get(id)!.stateLog!.map((e) => [e.seq, e.method])).toEqual([
      [3, 'logging/setLevel'],
      [5, 'resources/unsubscribe'],
    ]);
    for (let n = 0; n < MAX_STATE_LOG_ENTRIES; n++) {
      await (
        await a.handler(postRequest(request('resources/subscribe', `s${n}`, { uri: `u:${n}` }), headers))
      ).text();
    }
    expect(stores.sessionStore.get(id)!.stateLog).toHaveLength(MAX_STATE_LOG_ENTRIES);
    const refused = await b.handler(postRequest(request('ping', 1), headers));
    expect(refused.status).toBe(404);
    expect(await refused.text()).toMatch(/state log bound/);
    expect((await a.handler(postRequest(request('ping', 2), headers))).status).toBe(200);
  });

  it('refuses an instanceId that cannot prefix request ids', () => {
    expect(() => instance('a:b', sharedStores())).toThrow(/instanceId "a:b" is not usable/);
  });

  it('closing one instance keeps the session for the other', async () => {
    const { a, b } = pair();
    const headers = await open(a);
    await a.handler.close();
    const onB = await b.handler(postRequest(request('tools/call', 1, { name: 'echo' }), headers));
    expect(await answers(onB)).toMatchObject([{ id: 1, result: { content: [{ text: 'echo on B' }] } }]);
  });
});
