import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from '../test-helpers/adapters.js';
import { getRequest, messagesOf, postRequest, request, SseReader } from '../test-helpers/http.js';
import { MODERN, modernHarness, modernPost, modernRequest } from '../test-helpers/modern.js';
import { initialize } from '../test-helpers/setup.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('2026-07-28 requests', () => {
    it('serves a request without a session: own transport, MessageExtra, JSON answer, then closes', async () => {
      const { handler, requests } = modernHarness({
        authenticate: () => ({ token: 't', clientId: 'alice', scopes: [] }),
      });
      const response = await handler(modernPost(modernRequest('tools/call', 1, { name: 'echo' })));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'called echo' }] },
      });
      await tick();
      expect(requests).toHaveLength(1);
      expect(requests[0]!.info).toMatchObject({
        kind: 'request',
        sessionId: undefined,
        protocolVersion: MODERN,
      });
      const extra = requests[0]!.extras[0]!;
      expect(extra.protocolVersion).toBe(MODERN);
      expect(extra.authInfo?.clientId).toBe('alice');
      expect(extra.requestHeaders?.get('mcp-method')).toBe('tools/call');
      expect(extra.sessionId).toBeUndefined();
      expect(requests[0]!.closed).toBe(true);
      expect(handler.sessionCount).toBe(0);
    });

    it('recognises the revision from body _meta and ignores an Mcp-Session-Id from an older client', async () => {
      const { handler } = modernHarness();
      const response = await handler(
        modernPost(modernRequest('tools/call', 'a', { name: 'x' }), { 'mcp-session-id': 'stale' }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('mcp-session-id')).toBeNull();
    });

    it('streams SSE without event ids or priming when notifications come before the response', async () => {
      const { handler, requests } = modernHarness();
      const response = await handler(modernPost(modernRequest('tools/call', 2, { name: 'progress' })));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const events = await new SseReader(response).rest();
      expect(events.every((event) => event.id === undefined && event.retry === undefined)).toBe(true);
      expect(messagesOf(events).map((m) => ('method' in m ? m.method : 'response'))).toEqual([
        'notifications/progress',
        'notifications/progress',
        'response',
      ]);
      await tick();
      expect(requests[0]!.closed).toBe(true);
    });

    it("with responseMode 'json' answers JSON and leaves notifications out; Last-Event-ID is ignored", async () => {
      const { handler, requests } = modernHarness({ responseMode: 'json' });
      const response = await handler(
        modernPost(modernRequest('tools/call', 2, { name: 'progress' }), { 'last-event-id': 'x_1' }),
      );
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toMatchObject({
        id: 2,
        result: { content: [{ text: 'called progress' }] },
      });
      await tick();
      expect(requests[0]!.closed).toBe(true);
    });

    it('maps JSON-RPC errors to HTTP statuses and keeps the request id', async () => {
      const { handler } = modernHarness();
      const unknown = await handler(modernPost(modernRequest('nope/nothing', 7)));
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ id: 7, error: { code: -32601 } });
      const removed = await handler(modernPost(modernRequest('ping', 8)));
      expect(removed.status).toBe(404);
      // A removed method is 404 even without the envelope an older client would not send.
      const initialize = {
        jsonrpc: '2.0',
        id: 11,
        method: 'initialize',
        params: { protocolVersion: MODERN },
      };
      const refused = await handler(modernPost(initialize, { 'mcp-method': 'initialize' }));
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({
        id: 11,
        error: { code: -32601, message: expect.stringContaining('initialize does not exist in 2026-07-28') },
      });
      const notFound = await handler(modernPost(modernRequest('resources/read', 9, { uri: 'test://x' })));
      expect(notFound.status).toBe(400);
      expect(await notFound.json()).toMatchObject({
        id: 9,
        error: { code: -32602, data: { uri: 'test://x' } },
      });
      const capability = await handler(
        modernPost(modernRequest('tools/call', 10, { name: 'missing_capability' })),
      );
      expect(capability.status).toBe(400);
      expect(await capability.json()).toMatchObject({ id: 10, error: { code: -32021 } });
    });

    it('refuses a missing or incomplete _meta envelope with -32602 and HTTP 400', async () => {
      const { handler, requests } = modernHarness();
      const bare = { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} };
      const response = await handler(modernPost(bare));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ id: 3, error: { code: -32602 } });
      const discover = await handler(
        modernPost({ jsonrpc: '2.0', id: 4, method: 'server/discover' } as { method: string }, {
          'mcp-method': 'server/discover',
        }),
      );
      expect(discover.status).toBe(400);
      expect(await discover.json()).toMatchObject({ id: 4, error: { code: -32602 } });
      const partial = {
        ...bare,
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } },
      };
      const second = await handler(modernPost(partial));
      expect(await second.json()).toMatchObject({
        id: 3,
        error: { code: -32602, message: expect.stringContaining('clientCapabilities') },
      });
      expect(requests).toHaveLength(0);
    });

    it('refuses an unsupported version with -32022 listing what is supported', async () => {
      const { handler } = modernHarness();
      const body = modernRequest('tools/list', 4);
      (body.params._meta as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion'] = 'v999.0.0';
      const response = await handler(modernPost(body, { 'mcp-protocol-version': 'v999.0.0' }));
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer).toMatchObject({ id: 4, error: { code: -32022, data: { requested: 'v999.0.0' } } });
      expect(answer.error.data.supported).toContain(MODERN);
      expect(answer.error.data.supported).toContain('2025-11-25');
    });

    it('answers GET and DELETE from 2026 clients with 405 Allow: POST', async () => {
      const { handler } = modernHarness();
      const get = await handler(getRequest({ 'mcp-protocol-version': MODERN }));
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      const del = await handler(
        new Request('http://localhost:3000/mcp', {
          method: 'DELETE',
          headers: { host: 'localhost', 'mcp-protocol-version': MODERN },
        }),
      );
      expect(del.status).toBe(405);
    });

    it('treats closing the response stream as cancellation: the server gets notifications/cancelled', async () => {
      const { handler, requests } = modernHarness({ responseMode: 'sse' });
      const abort = new AbortController();
      const response = await handler(
        modernPost(modernRequest('tools/call', 5, { name: 'slow' }), {}, abort.signal),
      );
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      await tick();
      expect(requests[0]!.cancelled).toBe(false);
      await response.body!.cancel();
      await tick();
      expect(requests[0]!.cancelled).toBe(true);
      expect(requests[0]!.closed).toBe(true);
    });

    it('cancels an undecided (JSON) request when the HTTP request is aborted', async () => {
      const { handler, requests } = modernHarness();
      const abort = new AbortController();
      const pending = handler(modernPost(modernRequest('tools/call', 6, { name: 'slow' }), {}, abort.signal));
      await tick();
      abort.abort();
      await pending;
      await tick();
      expect(requests[0]!.cancelled).toBe(true);
      expect(requests[0]!.closed).toBe(true);
    });

    it('keeps a subscriptions/listen stream open after the acknowledgement and cancels it on close', async () => {
      const { handler, requests, notifyListeners } = modernHarness();
      const response = await handler(
        modernPost(modernRequest('subscriptions/listen', 'L', { notifications: {} })),
      );
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const reader = new SseReader(response);
      expect(JSON.parse((await reader.next())!.data)).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
      });
      await notifyListeners('notifications/tools/list_changed', {});
      expect(JSON.parse((await reader.next())!.data)).toMatchObject({
        method: 'notifications/tools/list_changed',
      });
      // A normal request meanwhile does not disturb the listen stream.
      expect((await handler(modernPost(modernRequest('tools/call', 1, { name: 'x' })))).status).toBe(200);
      expect(requests[0]!.closed).toBe(false);
      await reader.cancel();
      await tick();
      expect(requests[0]!.cancelled).toBe(true);
      expect(requests[0]!.closed).toBe(true);
    });

    it('handler.close() ends open listen streams', async () => {
      const { handler, requests } = modernHarness();
      const response = await handler(
        modernPost(modernRequest('subscriptions/listen', 1, { notifications: {} })),
      );
      const reader = new SseReader(response);
      await reader.next();
      await handler.close({ timeoutMs: 100 });
      expect(await reader.next()).toBeUndefined();
      expect(requests[0]!.closed).toBe(true);
    });

    it('serves a 2025-11-25 session and 2026 requests on one handler, interleaved', async () => {
      const { handler, requests, sessions } = modernHarness();
      const { headers } = await initialize(handler, '2025-11-25');
      const modern = await handler(modernPost(modernRequest('tools/call', 1, { name: 'a' })));
      const legacy = await handler(postRequest(request('echo', 1, { b: 2 }), headers));
      const modern2 = await handler(modernPost(modernRequest('tools/call', 2, { name: 'progress' })));
      expect(await modern.json()).toMatchObject({ id: 1, result: { content: [{ text: 'called a' }] } });
      expect(await legacy.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { b: 2 } } });
      expect(messagesOf(await new SseReader(modern2).rest()).at(-1)).toMatchObject({ id: 2 });
      expect(handler.sessionCount).toBe(1);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.received.at(-1)!.extra).toMatchObject({ protocolVersion: '2025-11-25' });
      expect(requests).toHaveLength(2);
      // The 2025 session still has its standalone GET stream.
      const get = await handler(getRequest(headers));
      expect(get.status).toBe(200);
      await get.body!.cancel();
    });

    it('answers a 2026 notification with 202 and closes its transport', async () => {
      const { handler, requests } = modernHarness();
      const note = { jsonrpc: '2.0', method: 'notifications/something', params: { _meta: {} } };
      const response = await handler(modernPost(note));
      expect(response.status).toBe(202);
      await tick();
      expect(requests[0]!.closed).toBe(true);
    });

    it('uses onRequest for 2026 requests when given', async () => {
      const kinds: string[] = [];
      const { handler } = modernHarness({
        onRequest: async (transport, info) => {
          kinds.push(info.kind);
          transport.onmessage = (message) => {
            if ('method' in message && 'id' in message)
              void transport.send({ jsonrpc: '2.0', id: message.id, result: { via: 'onRequest' } });
          };
          await transport.start();
        },
      });
      const response = await handler(modernPost(modernRequest('tools/call', 1, { name: 'x' })));
      expect(await response.json()).toMatchObject({ result: { via: 'onRequest' } });
      expect(kinds).toEqual(['request']);
    });
  });
});
