import { describe, expect, it } from 'vitest';
import { InMemoryEventStore } from './memory-event-store.js';
import { InMemoryMessageBus } from './memory-message-bus.js';
import { InMemorySessionStore } from './memory-session-store.js';
import type { OutboundEnvelope } from './types.js';

const note = (n: number) => ({ jsonrpc: '2.0' as const, method: 'n', params: { n } });

describe('InMemoryEventStore', () => {
  it('replays only the events after the given id, on that stream of that session', () => {
    const store = new InMemoryEventStore();
    const first = store.append('s1', 'aa', undefined);
    store.append('s1', 'aa', note(1));
    store.append('s1', 'bb', note(99));
    store.append('s1', 'aa', note(2));
    expect(store.replayAfter('s1', first)).toEqual({
      streamId: 'aa',
      events: [
        { id: 'aa_1', message: note(1) },
        { id: 'aa_2', message: note(2) },
      ],
    });
    expect(store.replayAfter('s2', first)).toBeUndefined();
    expect(store.replayAfter('s1', 'garbage')).toBeUndefined();
    expect(store.replayAfter('s1', 'aa_77')).toBeUndefined();
  });

  it('keeps a bounded number of events per stream and streams per session', () => {
    const store = new InMemoryEventStore({ maxEventsPerStream: 3, maxStreamsPerSession: 2 });
    const start = store.append('s', 'x', undefined);
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(store.append('s', 'x', note(i)));
    // The oldest were dropped: a resume from before them is refused, one from their end is exact.
    expect(store.replayAfter('s', start)).toMatchObject({
      events: [],
      lost: 'history keeps 3 events per stream',
    });
    expect(store.replayAfter('s', ids[6]!)!.events.map((e) => e.message)).toEqual([
      note(7),
      note(8),
      note(9),
    ]);
    const y = store.append('s', 'y', undefined);
    store.append('s', 'z', undefined);
    // x was written least recently when z arrived, so it was dropped.
    expect(store.replayAfter('s', start)).toBeUndefined();
    expect(store.replayAfter('s', y)).toEqual({ streamId: 'y', events: [] });
  });

  it('bounds the serialized size per session, dropping the oldest events first', () => {
    const store = new InMemoryEventStore({ maxBytesPerSession: 1000 });
    const big = (n: number) => ({
      jsonrpc: '2.0' as const,
      method: 'big',
      params: { n, pad: 'x'.repeat(250) },
    });
    store.append('s', 'a', undefined);
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(store.append('s', 'a', big(n)));
    const other = store.append('s', 'b', undefined);
    store.append('s', 'b', big(3));
    // Four ~300-byte events do not fit in 1000: the oldest one of stream a went first.
    expect(
      store.replayAfter('s', ids[0]!)!.events.map((e) => (e.message as ReturnType<typeof big>).params.n),
    ).toEqual([1, 2]);
    expect(store.replayAfter('s', ids[0]!)!.lost).toBeUndefined();
    expect(store.replayAfter('s', other)!.events).toHaveLength(1);
  });

  it('forgets streams older than the TTL and whole sessions on request', () => {
    let now = 0;
    const store = new InMemoryEventStore({ ttlMs: 1000, now: () => now });
    const id = store.append('s', 'x', note(1));
    now = 500;
    expect(store.replayAfter('s', id)).toEqual({ streamId: 'x', events: [] });
    now = 2000;
    expect(store.replayAfter('s', id)).toBeUndefined();
    const other = store.append('t', 'x', note(1));
    store.deleteSession('t');
    expect(store.replayAfter('t', other)).toBeUndefined();
  });
});

describe('InMemorySessionStore', () => {
  it('stores, touches, lists idle and deletes records', () => {
    const store = new InMemorySessionStore();
    store.set({ id: 'a', kind: 'streamable', createdAt: 0, lastSeenAt: 0 });
    store.set({ id: 'b', kind: 'legacy-sse', createdAt: 0, lastSeenAt: 0 });
    store.touch('b', 100);
    expect(store.idleSince(50)).toEqual(['a']);
    expect(store.get('b')?.lastSeenAt).toBe(100);
    store.delete('a');
    expect(store.get('a')).toBeUndefined();
    expect(store.size).toBe(1);
  });
});

describe('InMemoryMessageBus', () => {
  it('delivers to the one subscriber of a session and reports when none exists', async () => {
    const bus = new InMemoryMessageBus();
    const seen: OutboundEnvelope[] = [];
    const unsubscribe = bus.subscribe('s', (envelope) => {
      seen.push(envelope);
    });
    expect(await bus.publish('s', { message: note(1), relatedRequestId: 3 })).toBe(true);
    expect(await bus.publish('other', { message: note(2) })).toBe(false);
    unsubscribe();
    expect(await bus.publish('s', { message: note(3) })).toBe(false);
    expect(seen).toEqual([{ message: note(1), relatedRequestId: 3 }]);
  });
});
