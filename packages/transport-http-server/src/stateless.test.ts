import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import {
  BASE,
  getRequest,
  initializeMessage,
  messagesOf,
  postRequest,
  request,
  SseReader,
} from './test-helpers/http.js';
import { harness } from './test-helpers/setup.js';

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('stateless mode', () => {
    it('serves each POST on its own transport, without a session id, and closes it after the response', async () => {
      const { handler, servers } = harness({ stateless: true });
      const init = await handler(postRequest(initializeMessage('2025-06-18')));
      expect(init.status).toBe(200);
      expect(init.headers.get('mcp-session-id')).toBeNull();
      expect(await init.json()).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
      const call = await handler(
        postRequest(request('echo', 1, { a: 1 }), { 'mcp-protocol-version': '2025-06-18' }),
      );
      expect(await call.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { a: 1 } } });
      expect(servers).toHaveLength(2);
      expect(servers.every((s) => s.transport.sessionId === undefined)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(servers.every((s) => s.closed)).toBe(true);
      expect(servers[1]!.received[0]!.extra).toMatchObject({ protocolVersion: '2025-06-18' });
      expect(handler.sessionCount).toBe(0);
    });

    it('streams SSE when needed, then closes the transport once the stream ends', async () => {
      const { handler, servers } = harness({ stateless: true });
      const response = await handler(postRequest(request('progress', 3)));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const messages = messagesOf(await new SseReader(response).rest());
      expect(messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 3, result: { done: true } });
      expect(servers[0]!.closed).toBe(true);
    });

    it('answers notifications with 202 and closes the transport', async () => {
      const { handler, servers } = harness({ stateless: true });
      const response = await handler(postRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      expect(response.status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(servers[0]!.closed).toBe(true);
    });

    it('refuses GET and DELETE with 405 Allow: POST', async () => {
      const { handler } = harness({ stateless: true });
      const get = await handler(getRequest());
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      const del = await handler(
        new Request(`${BASE}/mcp`, { method: 'DELETE', headers: { host: 'localhost' } }),
      );
      expect(del.status).toBe(405);
      expect(await del.json()).toMatchObject({ error: { message: expect.stringContaining('DELETE') } });
    });

    it('accepts batches only when the request declares 2025-03-26 (the default when undeclared)', async () => {
      const { handler } = harness({ stateless: true });
      const batch = [request('echo', 1), request('echo', 2)];
      const assumed = await handler(postRequest(batch));
      expect(await assumed.json()).toHaveLength(2);
      const refused = await handler(postRequest(batch, { 'mcp-protocol-version': '2025-11-25' }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining('batches') } });
    });
  });
});
