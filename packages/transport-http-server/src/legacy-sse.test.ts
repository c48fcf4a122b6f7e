import { describe, expect, it } from 'vitest';
import { ADAPTERS, until, useAdapter } from './test-helpers/adapters.js';
import { BASE, getRequest, initializeMessage, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness } from './test-helpers/setup.js';

function legacyPost(endpoint: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(new URL(endpoint, BASE), {
    method: 'POST',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function openLegacy(handler: (r: Request) => Promise<Response>, path = '/sse') {
  const response = await handler(getRequest({}, path));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = new SseReader(response);
  const endpoint = await reader.next();
  return { reader, endpoint: endpoint! };
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('legacy HTTP+SSE transport (2024-11-05)', () => {
    it('announces the POST endpoint with the session id and answers on the SSE stream', async () => {
      const { handler, servers } = harness();
      const { reader, endpoint } = await openLegacy(handler);
      expect(endpoint.event).toBe('endpoint');
      expect(endpoint.data).toMatch(/^\/messages\?sessionId=[0-9a-f]{40}$/);
      const accepted = await handler(legacyPost(endpoint.data, initializeMessage('2024-11-05')));
      expect(accepted.status).toBe(202);
      const answer = await reader.next();
      expect(answer!.event).toBe('message');
      expect(JSON.parse(answer!.data)).toMatchObject({ id: 0, result: { protocolVersion: '2024-11-05' } });
      expect(servers[0]!.received[0]!.extra?.sessionId).toBe(
        new URL(endpoint.data, BASE).searchParams.get('sessionId'),
      );
      await reader.cancel();
    });

    it('keeps a mount prefix and honours configured paths', async () => {
      const { handler } = harness({ legacySse: { ssePath: '/events', messagesPath: '/rpc' } });
      const { reader, endpoint } = await openLegacy(handler, '/api/events');
      expect(endpoint.data).toMatch(/^\/api\/rpc\?sessionId=/);
      expect((await handler(legacyPost(endpoint.data, request('ping', 1)))).status).toBe(202);
      await reader.cancel();
    });

    it('ends the session when the SSE connection closes', async () => {
      const { handler, servers } = harness();
      const { reader, endpoint } = await openLegacy(handler);
      expect(handler.sessionCount).toBe(1);
      await reader.cancel();
      await until(() => servers[0]!.closed, 'the session to close');
      expect(handler.sessionCount).toBe(0);
      const late = await handler(legacyPost(endpoint.data, request('ping', 1)));
      expect(late.status).toBe(404);
    });

    it('rejects bad POSTs: missing or unknown sessionId, wrong content type, batches, bad JSON', async () => {
      const { handler } = harness();
      const { reader, endpoint } = await openLegacy(handler);
      const missing = await handler(legacyPost('/messages', request('ping', 1)));
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({
        error: { message: expect.stringContaining('sessionId') },
      });
      expect((await handler(legacyPost('/messages?sessionId=nope', request('ping', 1)))).status).toBe(404);
      const wrongType = await handler(
        legacyPost(endpoint.data, request('ping', 1), { 'content-type': 'text/plain' }),
      );
      expect(wrongType.status).toBe(415);
      const batch = await handler(legacyPost(endpoint.data, [request('ping', 1)]));
      expect(batch.status).toBe(400);
      expect(await batch.json()).toMatchObject({
        error: { message: expect.stringContaining('one JSON-RPC message') },
      });
      const bad = await handler(legacyPost(endpoint.data, '{'));
      expect(await bad.json()).toMatchObject({ error: { code: -32700 } });
      await reader.cancel();
    });

    it('refuses wrong methods, wrong Accept and foreign hosts on the legacy paths', async () => {
      const { handler } = harness();
      const post = await handler(postRequest(initializeMessage(), {}, '/sse'));
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET');
      const get = await handler(getRequest({}, '/messages'));
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect((await handler(getRequest({ accept: 'application/json' }, '/sse'))).status).toBe(406);
      expect((await handler(getRequest({ host: 'evil.example.com' }, '/sse'))).status).toBe(403);
    });

    it('can be turned off', async () => {
      const { handler } = harness({ legacySse: false });
      expect((await handler(getRequest({}, '/sse'))).status).toBe(404);
    });
  });
});
