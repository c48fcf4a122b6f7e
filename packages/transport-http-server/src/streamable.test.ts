import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { ADAPTERS, adapt, useAdapter } from './test-helpers/adapters.js';
import { connectFakeServer } from './test-helpers/fake-server.js';
import {
  getRequest,
  initializeMessage,
  messagesOf,
  postRequest,
  request,
  SseReader,
} from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('Streamable HTTP sessions', () => {
    it('initialize creates a session with a long, visible-ASCII id and answers with JSON', async () => {
      const { handler, servers } = harness();
      const response = await handler(postRequest(initializeMessage()));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const sessionId = response.headers.get('mcp-session-id')!;
      expect(sessionId).toMatch(/^[\x21-\x7e]{32,}$/);
      expect(await response.json()).toMatchObject({ id: 0, result: { protocolVersion: '2025-11-25' } });
      expect(servers).toHaveLength(1);
      expect(servers[0]!.transport.sessionId).toBe(sessionId);
      expect(handler.sessionCount).toBe(1);
      expect(handler.getSession(sessionId)?.record).toMatchObject({
        protocolVersion: '2025-11-25',
        clientInfo: { name: 'test', version: '1' },
      });
    });

    it('gives every session its own id and transport', async () => {
      const { handler, servers } = harness();
      const a = await initialize(handler);
      const b = await initialize(handler);
      expect(a.sessionId).not.toBe(b.sessionId);
      expect(servers[0]!.transport).not.toBe(servers[1]!.transport);
    });

    it('delivers MessageExtra with session id, headers, protocol version', async () => {
      const { handler, servers } = harness();
      const { sessionId, headers } = await initialize(handler);
      const response = await handler(postRequest(request('echo', 1, { x: 1 }), headers));
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { x: 1 } } });
      const extra = servers[0]!.received.at(-1)!.extra!;
      expect(extra.sessionId).toBe(sessionId);
      expect(extra.protocolVersion).toBe('2025-11-25');
      expect(extra.requestHeaders?.get('mcp-session-id')).toBe(sessionId);
    });

    it('answers a notification-only POST with 202 and no body', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler);
      const response = await handler(
        postRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers),
      );
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('');
      expect(servers[0]!.received.at(-1)!.message).toMatchObject({ method: 'notifications/initialized' });
    });

    it('streams SSE automatically when progress comes before the response, with a priming event', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      const response = await handler(postRequest(request('progress', 7), headers));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const events = await new SseReader(response).rest();
      expect(events[0]).toMatchObject({ data: '', retry: 1000 });
      expect(events[0]!.id).toBeTruthy();
      const messages = messagesOf(events);
      expect(messages.map((m) => ('method' in m ? m.method : 'response'))).toEqual([
        'notifications/progress',
        'notifications/progress',
        'response',
      ]);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    });

    it('does not send a priming event to 2025-06-18 sessions', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler, '2025-06-18');
      const events = await new SseReader(await handler(postRequest(request('progress', 7), headers))).rest();
      expect(events.every((e) => e.data !== '')).toBe(true);
    });

    it("responseMode 'sse' always streams, 'json' never does", async () => {
      const sse = harness({ responseMode: 'sse' });
      const a = await initialize(sse.handler);
      const streamed = await sse.handler(postRequest(request('echo', 1), a.headers));
      expect(streamed.headers.get('content-type')).toBe('text/event-stream');
      expect(messagesOf(await new SseReader(streamed).rest())).toEqual([
        { jsonrpc: '2.0', id: 1, result: { echo: {} } },
      ]);

      const json = harness({ responseMode: 'json' });
      const b = await initialize(json.handler);
      const answered = await json.handler(postRequest(request('progress', 2), b.headers));
      expect(answered.headers.get('content-type')).toBe('application/json');
      expect(await answered.json()).toEqual({ jsonrpc: '2.0', id: 2, result: { done: true } });
    });

    it('keeps several POST streams open at once and routes each response to its own stream', async () => {
      const { handler, servers } = harness({ responseMode: 'sse' });
      const { headers } = await initialize(handler);
      const first = handler(postRequest(request('wait', 'a'), headers));
      const second = handler(postRequest(request('wait', 'b'), headers));
      const [r1, r2] = await Promise.all([first, second]);
      servers[0]!.release();
      const [e1, e2] = await Promise.all([new SseReader(r1).rest(), new SseReader(r2).rest()]);
      expect(messagesOf(e1)).toEqual([{ jsonrpc: '2.0', id: 'a', result: { waited: true } }]);
      expect(messagesOf(e2)).toEqual([{ jsonrpc: '2.0', id: 'b', result: { waited: true } }]);
    });

    it('carries a server-to-client request on the POST stream and routes the POSTed answer back', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      const response = await handler(postRequest(request('ask', 5), headers));
      const reader = new SseReader(response);
      let ask = await reader.next();
      while (ask?.data === '') ask = await reader.next();
      const question = JSON.parse(ask!.data) as { id: string; method: string };
      expect(question.method).toBe('roots/list');
      const answer = await handler(
        postRequest({ jsonrpc: '2.0', id: question.id, result: { roots: [] } }, headers),
      );
      expect(answer.status).toBe(202);
      expect(messagesOf(await reader.rest())).toEqual([
        { jsonrpc: '2.0', id: 5, result: { answer: { roots: [] } } },
      ]);
    });

    it('serves one standalone GET stream that carries unrelated messages; a second GET gets 409', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      const get = await handler(getRequest(headers));
      expect(get.status).toBe(200);
      expect(get.headers.get('content-type')).toBe('text/event-stream');
      const second = await handler(getRequest(headers));
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({ error: { message: expect.stringContaining('only one') } });
      const reader = new SseReader(get);
      expect(await reader.next()).toMatchObject({ data: '' });
      const post = await handler(postRequest(request('notify-unrelated', 3), headers));
      expect(await post.json()).toMatchObject({ id: 3 });
      expect(JSON.parse((await reader.next())!.data)).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
      });
      await reader.cancel();
    });

    it('DELETE ends the session; afterwards the id gets 404', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler);
      const deleted = await handler(new Request('http://localhost:3000/mcp', { method: 'DELETE', headers }));
      expect(deleted.status).toBe(200);
      expect(servers[0]!.closed).toBe(true);
      expect(handler.sessionCount).toBe(0);
      const after = await handler(postRequest(request('echo', 1), headers));
      expect(after.status).toBe(404);
      expect(await after.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { message: expect.any(String) },
      });
    });

    it('accepts JSON-RPC batches only in 2025-03-26 sessions', async () => {
      const { handler } = harness();
      const old = await initialize(handler, '2025-03-26');
      const batch = [request('echo', 1), { jsonrpc: '2.0', method: 'notifications/x' }, request('echo', 2)];
      const ok = await handler(postRequest(batch, old.headers));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual([
        { jsonrpc: '2.0', id: 1, result: { echo: {} } },
        { jsonrpc: '2.0', id: 2, result: { echo: {} } },
      ]);
      const onlyNotifications = await handler(
        postRequest([{ jsonrpc: '2.0', method: 'notifications/x' }], old.headers),
      );
      expect(onlyNotifications.status).toBe(202);

      const modern = await initialize(handler, '2025-06-18');
      const refused = await handler(postRequest(batch, modern.headers));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { message: expect.stringContaining('2025-03-26') },
      });
    });

    it('assumes the negotiated version when MCP-Protocol-Version is absent', async () => {
      const { handler, servers } = harness();
      const { sessionId } = await initialize(handler, '2025-06-18');
      await handler(postRequest(request('echo', 1), { 'mcp-session-id': sessionId }));
      expect(servers[0]!.received.at(-1)!.extra!.protocolVersion).toBe('2025-06-18');
    });

    it('reports onSession failures as 500 and forgets the session', async () => {
      const errors: Error[] = [];
      const handler = adapt(
        createStreamableHttpHandler({
          onSession: () => {
            throw new Error('wiring broke');
          },
          onerror: (error) => errors.push(error),
        }),
      );
      const response = await handler(postRequest(initializeMessage()));
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining('wiring broke') },
      });
      expect(handler.sessionCount).toBe(0);
      expect(errors.map((e) => e.message)).toEqual(['wiring broke']);
    });

    it('lets user code reach a live session transport', async () => {
      const servers: Awaited<ReturnType<typeof connectFakeServer>>[] = [];
      const handler = adapt(
        createStreamableHttpHandler({
          onSession: (t) => connectFakeServer(t, servers).then(() => undefined),
        }),
      );
      const { sessionId } = await initialize(handler);
      expect(handler.getSession(sessionId)).toBe(servers[0]!.transport);
    });

    it('stops waiting for a request the client cancelled', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      const pending = handler(postRequest(request('wait', 11), headers));
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 11 } };
      expect((await handler(postRequest(cancel, headers))).status).toBe(202);
      expect((await pending).status).toBe(204);

      const sse = harness({ responseMode: 'sse' });
      const s = await initialize(sse.handler);
      const streamed = await sse.handler(postRequest(request('wait', 'c'), s.headers));
      await sse.handler(postRequest({ ...cancel, params: { requestId: 'c' } }, s.headers));
      expect(messagesOf(await new SseReader(streamed).rest())).toEqual([]);
    });

    it('primes an SSE initialize response only when the client asked for 2025-11-25 or later', async () => {
      const { handler } = harness({ responseMode: 'sse' });
      const modern = await new SseReader(await handler(postRequest(initializeMessage('2025-11-25')))).rest();
      expect(modern[0]).toMatchObject({ data: '', retry: 1000 });
      const older = await new SseReader(await handler(postRequest(initializeMessage('2025-03-26')))).rest();
      expect(older.map((e) => e.data === '')).toEqual([false]);
    });

    it('refuses a custom session id that is not visible ASCII', async () => {
      const { handler } = harness({ generateSessionId: () => 'has space' });
      const response = await handler(postRequest(initializeMessage()));
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining('visible ASCII') },
      });
      expect((await handler(getRequest({}, '/sse'))).status).toBe(500);
    });

    it('uses a valid custom session id generator', async () => {
      let n = 0;
      const { handler } = harness({ generateSessionId: () => `custom-${++n}` });
      expect((await initialize(handler)).sessionId).toBe('custom-1');
    });

    it('answers 500 instead of hanging when onSession did not connect the transport', async () => {
      const handler = adapt(createStreamableHttpHandler({ onSession: () => undefined }));
      const response = await handler(postRequest(initializeMessage()));
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining('did not connect') },
      });
    });

    it("under responseMode 'json', related notifications ride the GET stream instead", async () => {
      const { handler } = harness({ responseMode: 'json' });
      const { headers } = await initialize(handler);
      const get = new SseReader(await handler(getRequest(headers)));
      await get.next(); // priming
      const answered = await handler(postRequest(request('progress', 4), headers));
      expect(await answered.json()).toEqual({ jsonrpc: '2.0', id: 4, result: { done: true } });
      expect(JSON.parse((await get.next())!.data)).toMatchObject({ method: 'notifications/progress' });
      await get.cancel();
    });

    it('rejects sends after the session closed, saying why', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler);
      await handler(new Request('http://localhost:3000/mcp', { method: 'DELETE', headers }));
      await expect(servers[0]!.transport.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/);
    });

    it('fails an unrelated server-to-client request at once (NO_STREAM) when no GET stream is open, but drops notifications', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler);
      const transport = servers[0]!.transport;
      await expect(
        transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: {} }),
      ).resolves.toBeUndefined();
      await expect(transport.send({ jsonrpc: '2.0', id: 'q', method: 'roots/list' })).rejects.toMatchObject({
        code: 'NO_STREAM',
        message: expect.stringContaining('no GET stream open'),
      });
      const get = await handler(getRequest(headers));
      const reader = new SseReader(get);
      expect(await reader.next()).toMatchObject({ data: '' });
      await transport.send({ jsonrpc: '2.0', id: 'q2', method: 'roots/list' });
      expect(JSON.parse((await reader.next())!.data)).toMatchObject({ id: 'q2', method: 'roots/list' });
      await reader.cancel();
    });
  });
});
