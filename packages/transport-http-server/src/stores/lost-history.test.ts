import type { JSONRPCMessage } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { getRequest, messagesOf, postRequest, request, SseReader } from '../test-helpers/http.js';
import { handshake, harness } from '../test-helpers/setup.js';
import { InMemoryEventStore } from './memory-event-store.js';

/** Counts appends, so a test knows when a burst of events is all stored. */
class CountingStore extends InMemoryEventStore {
  appended = 0;
  override append(sessionId: string, streamId: string, message: JSONRPCMessage | undefined): string {
    this.appended++;
    return super.append(sessionId, streamId, message);
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); Date.now() - start < 15_000; ) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const progress = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progress: n },
});

describe('a resume the in-memory event store cannot serve exactly is refused, never replayed with a gap', () => {
  it('says which bound dropped the events after Last-Event-ID', () => {
    const store = new InMemoryEventStore({ maxEventsPerStream: 4 });
    const first = store.append('s', 'a', undefined);
    const ids = [1, 2, 3, 4, 5].map((n) => store.append('s', 'a', progress(n)));
    expect(store.replayAfter('s', first)).toMatchObject({
      streamId: 'a',
      events: [],
      lost: 'history keeps 4 events per stream',
    });
    // The first event after ids[0] is still held: exact.
    expect(store.replayAfter('s', ids[0]!)!.events.map((event) => event.id)).toEqual(ids.slice(1));
    const bytes = new InMemoryEventStore({ maxBytesPerSession: 200 });
    const start = bytes.append('s', 'b', undefined);
    for (let n = 0; n < 10; n++) bytes.append('s', 'b', progress(n));
    expect(bytes.replayAfter('s', start)!.lost).toBe('history keeps 200 bytes per session');
  });

  it('600 events after the client left: the pending request gets an error naming the loss, on the stream', async () => {
    const eventStore = new CountingStore();
    const { handler } = harness({ eventStore });
    const { headers } = await handshake(handler);
    const response = await handler(postRequest(request('burst', 5, { count: 600 }), headers));
    const first = await new SseReader(response).rest();
    const lastEventId = first.filter((event) => event.id).at(-1)!.id!;
    expect(messagesOf(first)).toEqual([]);
    // priming + 600 notifications + the result
    await until(() => eventStore.appended >= 602, 'the burst to be stored');
    const resumed = await handler(getRequest({ ...headers, 'last-event-id': lastEventId }));
    expect(resumed.status).toBe(200);
    const messages = messagesOf(await new SseReader(resumed).rest());
    expect(messages).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        error: {
          code: -32603,
          message: `events after ${lastEventId} on this stream are no longer stored (history keeps 256 events per stream); the response to request 5 is lost`,
          data: { lastEventId, lost: 'history keeps 256 events per stream' },
        },
      },
    ]);
  });

  it('a call still running here: its request gets the error at once, and its later result is not sent', async () => {
    const eventStore = new CountingStore({ maxEventsPerStream: 10 });
    const { handler, servers } = harness({ eventStore });
    const { headers } = await handshake(handler);
    const response = await handler(postRequest(request('burst', 'live', { count: 30, wait: true }), headers));
    const lastEventId = (await new SseReader(response).rest()).filter((event) => event.id).at(-1)!.id!;
    await until(() => eventStore.appended >= 31, 'the burst to be stored');
    const resumed = await handler(getRequest({ ...headers, 'last-event-id': lastEventId }));
    expect(messagesOf(await new SseReader(resumed).rest())).toEqual([
      {
        jsonrpc: '2.0',
        id: 'live',
        error: expect.objectContaining({
          message: `events after ${lastEventId} on this stream are no longer stored (history keeps 10 events per stream); the response to request "live" is lost`,
        }),
      },
    ]);
    servers[0]!.release();
  });

  it('the standalone GET stream, which answers no request, is refused with 410', async () => {
    const eventStore = new InMemoryEventStore({ maxEventsPerStream: 3 });
    const { handler } = harness({ eventStore });
    const { sessionId, headers } = await handshake(handler);
    const get = new SseReader(await handler(getRequest(headers)));
    const priming = await get.next();
    await get.cancel();
    for (let n = 0; n < 5; n++) await handler.getSession(sessionId)!.send(progress(n));
    const resumed = await handler(getRequest({ ...headers, 'last-event-id': priming!.id! }));
    expect(resumed.status).toBe(410);
    expect(await resumed.json()).toMatchObject({
      error: {
        message: `Gone: events after ${priming!.id!} on this stream are no longer stored (history keeps 3 events per stream); open a new stream without Last-Event-ID`,
      },
    });
  });
});
