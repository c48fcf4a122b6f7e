import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { getRequest, messagesOf, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('SSE polling and resumption (SEP-1699)', () => {
    it('closes a POST stream mid-call and replays the missed events on GET with Last-Event-ID', async () => {
      const { handler, servers } = harness({ retryMs: 250 });
      const { headers } = await initialize(handler);
      const response = await handler(postRequest(request('disconnect-then-wait', 9), headers));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const first = await new SseReader(response).rest();
      // The stream was primed (id + empty data + retry) and then ended by the server with a retry hint.
      expect(first[0]).toMatchObject({ data: '', retry: 250 });
      const lastEventId = first.filter((e) => e.id).at(-1)!.id!;
      expect(first.at(-1)!.retry).toBe(10);
      expect(messagesOf(first)).toEqual([]);

      servers[0]!.release();
      await new Promise((resolve) => setTimeout(resolve, 10));
      const resumed = await handler(getRequest({ ...headers, 'last-event-id': lastEventId }));
      expect(resumed.status).toBe(200);
      const replayed = messagesOf(await new SseReader(resumed).rest());
      expect(replayed).toEqual([
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } },
        { jsonrpc: '2.0', id: 9, result: { resumed: true } },
      ]);
    });

    it('a resumed live stream keeps receiving events after the replay', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler);
      const response = await handler(postRequest(request('disconnect-then-wait', 'x'), headers));
      const first = await new SseReader(response).rest();
      const lastEventId = first.find((e) => e.id)!.id!;
      const resumed = await handler(getRequest({ ...headers, 'last-event-id': lastEventId }));
      const reader = new SseReader(resumed);
      servers[0]!.release();
      const events = await reader.rest();
      expect(messagesOf(events).at(-1)).toEqual({ jsonrpc: '2.0', id: 'x', result: { resumed: true } });
      expect(events.every((e) => e.id === undefined || e.id.startsWith(lastEventId.split('_')[0]!))).toBe(
        true,
      );
    });

    it('never replays another stream: ids are per stream and scoped to the session', async () => {
      const { handler } = harness();
      const a = await initialize(handler);
      const b = await initialize(handler);
      const events = await new SseReader(
        await handler(postRequest(request('progress', 1), a.headers)),
      ).rest();
      const someId = events[1]!.id!;
      const foreign = await handler(getRequest({ ...b.headers, 'last-event-id': someId }));
      expect(foreign.status).toBe(400);
      expect(await foreign.json()).toMatchObject({
        error: { message: expect.stringContaining('unknown or expired') },
      });
      const own = await handler(getRequest({ ...a.headers, 'last-event-id': someId }));
      const replayed = messagesOf(await new SseReader(own).rest());
      expect(replayed).toEqual([
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 2 } },
        { jsonrpc: '2.0', id: 1, result: { done: true } },
      ]);
    });

    it('resumes the standalone GET stream with what was sent while it was disconnected', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      const abort = new AbortController();
      const get = await handler(getRequest(headers, '/mcp', abort.signal));
      const reader = new SseReader(get);
      const priming = await reader.next();
      expect(priming).toMatchObject({ data: '' });
      await reader.cancel();
      await handler(postRequest(request('notify-unrelated', 2), headers)).then((r) => r.text());
      const resumed = await handler(getRequest({ ...headers, 'last-event-id': priming!.id! }));
      const resumedReader = new SseReader(resumed);
      expect(JSON.parse((await resumedReader.next())!.data)).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
      });
      // Still one standalone stream: another plain GET conflicts with the resumed one.
      expect((await handler(getRequest(headers))).status).toBe(409);
      await resumedReader.cancel();
    });

    it('400 for Last-Event-ID when resumption is disabled', async () => {
      const { handler } = harness({ eventStore: false });
      const { headers } = await initialize(handler);
      const response = await handler(getRequest({ ...headers, 'last-event-id': 'abc_1' }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining('no event history') },
      });
    });

    it('lets user code close a request stream through the session transport', async () => {
      const { handler, servers } = harness({ responseMode: 'sse' });
      const { sessionId, headers } = await initialize(handler);
      const response = await handler(postRequest(request('wait', 4), headers));
      const session = handler.getSession(sessionId)!;
      expect('closeRequestStream' in session && session.closeRequestStream(4, 50)).toBe(true);
      const events = await new SseReader(response).rest();
      expect(events.at(-1)!.retry).toBe(50);
      servers[0]!.release();
      await new Promise((resolve) => setTimeout(resolve, 10));
      const replay = await handler(getRequest({ ...headers, 'last-event-id': events[0]!.id! }));
      expect(messagesOf(await new SseReader(replay).rest())).toEqual([
        { jsonrpc: '2.0', id: 4, result: { waited: true } },
      ]);
    });
  });
});
