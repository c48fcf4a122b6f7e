// A session POST of one request waits for its answer without an OutboundStream (session-answer.ts):
// what must still hold when it does.
import { describe, expect, it } from 'vitest';
import { ADAPTERS, until, useAdapter } from './test-helpers/adapters.js';
import { messagesOf, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('frees a request id once its JSON answer went out: the next POST may reuse it', async () => {
    const { handler } = harness();
    const { headers } = await initialize(handler);
    for (let round = 0; round < 3; round++) {
      const response = await handler(postRequest(request('echo', 7, { round }), headers));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: { echo: { round } } });
    }
  });

  it('answers 204 to a waiting POST when its session is deleted, and the server sees the close', async () => {
    const { handler, servers } = harness();
    const { headers } = await initialize(handler);
    const waiting = handler(postRequest(request('wait', 'w'), headers));
    await until(() => servers[0]!.received.some((r) => 'id' in r.message && r.message.id === 'w'));
    const deleted = await handler(new Request('http://localhost:3000/mcp', { method: 'DELETE', headers }));
    expect(deleted.status).toBe(200);
    expect((await waiting).status).toBe(204);
    expect(servers[0]!.closed).toBe(true);
    expect(handler.sessionCount).toBe(0);
  });

  it('switches a waiting POST to SSE when the server ends its connection first (SEP-1699)', async () => {
    const { handler, servers } = harness();
    const { headers } = await initialize(handler);
    const response = await handler(postRequest(request('disconnect-then-wait', 3), headers));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = await new SseReader(response).rest();
    expect(events.at(-1)).toMatchObject({ retry: 10 });
    servers[0]!.release();
    // The answer now waits on the stream for the client to resume it; nothing went out as JSON.
    expect(messagesOf(events)).toEqual([]);
  });

  it('keeps the answers of concurrent waiting POSTs apart', async () => {
    const { handler, servers } = harness();
    const { headers } = await initialize(handler);
    const first = handler(postRequest(request('wait', 'a'), headers));
    const second = handler(postRequest(request('progress', 'b'), headers));
    const third = handler(postRequest(request('echo', 'c', { n: 3 }), headers));
    expect(await (await third).json()).toEqual({ jsonrpc: '2.0', id: 'c', result: { echo: { n: 3 } } });
    const streamed = await second;
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    expect(messagesOf(await new SseReader(streamed).rest())).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 2 } },
      { jsonrpc: '2.0', id: 'b', result: { done: true } },
    ]);
    servers[0]!.release();
    expect(await (await first).json()).toEqual({ jsonrpc: '2.0', id: 'a', result: { waited: true } });
  });
});
