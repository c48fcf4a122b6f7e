import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRequest, SseReader } from '../test-helpers/http.js';
import { handshake, harness } from '../test-helpers/setup.js';
import { InMemoryEventStore } from './memory-event-store.js';

const sized = (n: number, bytes: number) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/message',
  params: { n, pad: 'x'.repeat(bytes) },
});

describe('InMemoryEventStore across sessions', () => {
  it('bounds the history of all sessions together (maxTotalBytes), trimming the largest first', () => {
    const errors: Error[] = [];
    const store = new InMemoryEventStore({ maxTotalBytes: 100_000, onerror: (error) => errors.push(error) });
    const firstOfSmall = store.append('small', 'a', sized(0, 1000));
    for (let n = 1; n < 10; n++) store.append('small', 'a', sized(n, 1000));
    const firstOfLarge = store.append('large', 'a', undefined);
    for (let n = 0; n < 200; n++) {
      store.append('large', 'a', sized(n, 1000));
      expect(store.totalBytes).toBeLessThanOrEqual(100_000);
    }
    // The session holding the most lost its oldest events; the small one kept all of its history.
    expect(store.replayAfter('small', firstOfSmall)!.events).toHaveLength(9);
    // A resume from before what the large session lost is refused, naming the bound.
    expect(store.replayAfter('large', firstOfLarge)).toMatchObject({
      events: [],
      lost: 'history keeps 100000 bytes across sessions',
    });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.message).toMatch(/maxTotalBytes = 100000.*largest session\(s\) large/);
  });

  it('prune() frees the history of a session that never writes again', () => {
    let now = 0;
    const store = new InMemoryEventStore({ ttlMs: 1000, now: () => now });
    const id = store.append('quiet', 'a', sized(1, 5000));
    store.append('busy', 'b', sized(2, 10));
    now = 1500;
    store.append('busy', 'b', sized(3, 10));
    store.prune();
    expect(store.replayAfter('quiet', id)).toBeUndefined();
    expect(store.totalBytes).toBeLessThan(200);
    store.deleteSession('busy');
    expect(store.totalBytes).toBe(0);
  });
});

describe('the handler prunes event history on its sweep timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('history of a live session that stopped writing is freed after ttlMs', async () => {
    const eventStore = new InMemoryEventStore({ ttlMs: 60_000 });
    const { handler } = harness({ eventStore, responseMode: 'sse' });
    const { sessionId, headers } = await handshake(handler);
    const get = new SseReader(await handler(getRequest(headers)));
    await handler.getSession(sessionId)!.send(sized(1, 10_000));
    await get.next();
    await get.next();
    expect(eventStore.totalBytes).toBeGreaterThan(10_000);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    // The session is alive (its GET stream is open) but its history aged out.
    expect(handler.getSession(sessionId)).toBeDefined();
    expect(eventStore.totalBytes).toBe(0);
    await get.cancel();
    await handler.close();
  });
});
