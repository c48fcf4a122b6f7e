// The behaviour the HTTP handler relies on, run against the in-memory stores of
// @mcpkit/transport-http-server and the Redis ones alike.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import {
  type EventStore,
  InMemoryEventStore,
  InMemoryMessageBus,
  InMemorySessionStore,
  type MessageBus,
  type OutboundEnvelope,
  type SessionStore,
} from '@mcpkit/transport-http-server';
import { describe, expect, it } from 'vitest';
import { note, until, useRedis } from './test-helpers/fixtures.js';

interface Implementation {
  name: string;
  events(options?: { maxEventsPerStream?: number; maxStreamsPerSession?: number }): Promise<EventStore>;
  sessions(): Promise<SessionStore>;
  /** A bus to publish on and one to subscribe on: two processes for Redis, one bus in memory. */
  buses(): Promise<[MessageBus, MessageBus]>;
}

const redis = useRedis();
const implementations: Implementation[] = [
  {
    name: 'in memory',
    events: async (options) => new InMemoryEventStore(options),
    sessions: async () => new InMemorySessionStore(),
    buses: async () => {
      const bus = new InMemoryMessageBus();
      return [bus, bus];
    },
  },
  {
    name: 'Redis',
    events: async (options) => (await redis.stores({ events: options })).eventStore,
    sessions: async () => (await redis.stores()).sessionStore,
    buses: async () => {
      const prefix = `bus${Math.random().toString(36).slice(2)}:`;
      const a = await redis.stores({ keyPrefix: prefix });
      const b = await redis.stores({ keyPrefix: prefix });
      return [a.messageBus, b.messageBus];
    },
  },
];

const messages = (replay: { events: { message: JSONRPCMessage | undefined }[] } | undefined) =>
  replay?.events.map((event) => event.message);

for (const implementation of implementations) {
  describe(`EventStore contract (${implementation.name})`, () => {
    it('replays only the events after the given id, on that stream of that session', async () => {
      const store = await implementation.events();
      const first = await store.append('s1', 'aa', undefined);
      const one = await store.append('s1', 'aa', note(1));
      await store.append('s1', 'bb', note(99));
      const two = await store.append('s1', 'aa', note(2));
      expect(first.startsWith('aa_')).toBe(true);
      expect(new Set([first, one, two]).size).toBe(3);
      expect(await store.replayAfter('s1', first)).toEqual({
        streamId: 'aa',
        events: [
          { id: one, message: note(1) },
          { id: two, message: note(2) },
        ],
      });
      expect(await store.replayAfter('s1', two)).toEqual({ streamId: 'aa', events: [] });
      expect(await store.replayAfter('s2', first)).toBeUndefined();
      expect(await store.replayAfter('s1', 'garbage')).toBeUndefined();
      expect(await store.replayAfter('s1', 'aa_77')).toBeUndefined();
      expect(await store.replayAfter('s1', `zz${first.slice(2)}`)).toBeUndefined();
    });

    it('keeps at least the bound of recent events, and a recent id replays all that followed', async () => {
      const store = await implementation.events({ maxEventsPerStream: 20 });
      const ids: string[] = [];
      for (let n = 0; n < 100; n++) ids.push(await store.append('s', 'x', note(n)));
      expect(messages(await store.replayAfter('s', ids[89]!))).toEqual(
        [90, 91, 92, 93, 94, 95, 96, 97, 98, 99].map(note),
      );
    });

    it('refuses, naming the bound, a resume from before events it dropped (600 events, bound 256)', async () => {
      const store = await implementation.events({ maxEventsPerStream: 256 });
      const start = await store.append('s', 'x', undefined);
      for (let n = 0; n < 600; n++) await store.append('s', 'x', note(n));
      const replay = await store.replayAfter('s', start);
      expect(replay).toMatchObject({ streamId: 'x', events: [] });
      expect(replay?.lost).toMatch(/^history keeps (about )?256 events per stream$/);
    });

    it('keeps a POST stream origin with its history and returns it on replay', async () => {
      const store = await implementation.events();
      const first = await store.append('s', 'x', undefined);
      const origin = {
        requests: [{ jsonrpc: '2.0' as const, id: 3, method: 'tools/call', params: { name: 't' } }],
        instanceId: 'a',
        firstEventId: first,
      };
      await store.setOrigin?.('s', 'x', origin);
      const one = await store.append('s', 'x', note(1));
      expect(await store.replayAfter('s', first)).toEqual({
        streamId: 'x',
        events: [{ id: one, message: note(1) }],
        origin,
      });
      await store.deleteSession('s');
      expect(await store.replayAfter('s', first)).toBeUndefined();
    });

    it('drops the least recently written stream past maxStreamsPerSession', async () => {
      const store = await implementation.events({ maxStreamsPerSession: 2 });
      const x = await store.append('s', 'x', undefined);
      const y = await store.append('s', 'y', undefined);
      await store.append('s', 'z', undefined);
      expect(await store.replayAfter('s', x)).toBeUndefined();
      expect(await store.replayAfter('s', y)).toEqual({ streamId: 'y', events: [] });
    });

    it('forgets a deleted session and only that one', async () => {
      const store = await implementation.events();
      const gone = await store.append('t', 'x', note(1));
      const kept = await store.append('u', 'x', note(1));
      await store.deleteSession('t');
      await store.prune?.();
      expect(await store.replayAfter('t', gone)).toBeUndefined();
      expect(await store.replayAfter('u', kept)).toEqual({ streamId: 'x', events: [] });
    });
  });

  describe(`SessionStore contract (${implementation.name})`, () => {
    it('stores, touches, lists idle and deletes records; a touch never resurrects one', async () => {
      const store = await implementation.sessions();
      await store.set({
        id: 'a',
        kind: 'streamable',
        createdAt: 0,
        lastSeenAt: 0,
        protocolVersion: '2025-11-25',
      });
      await store.set({ id: 'b', kind: 'legacy-sse', createdAt: 0, lastSeenAt: 0 });
      await store.touch('b', 100);
      expect(await store.idleSince(50)).toEqual(['a']);
      expect(await store.get('b')).toMatchObject({ id: 'b', kind: 'legacy-sse', lastSeenAt: 100 });
      expect(await store.get('a')).toMatchObject({ protocolVersion: '2025-11-25' });
      await store.delete('a');
      await store.touch('a', 200);
      expect(await store.get('a')).toBeUndefined();
      expect(await store.idleSince(1000)).toEqual(['b']);
    });
  });

  describe(`MessageBus contract (${implementation.name})`, () => {
    it('delivers to the subscriber of a session, in order, and reports when none exists', async () => {
      const [publisher, holder] = await implementation.buses();
      const seen: OutboundEnvelope[] = [];
      const unsubscribe = holder.subscribe('s', (envelope) => {
        seen.push(envelope);
      });
      // Redis confirms a subscription asynchronously; until then nobody holds the session.
      await until(
        async () => (await publisher.publish('s', { message: note(0) })) === true,
        'the subscription',
      );
      expect(await publisher.publish('s', { message: note(1), relatedRequestId: 3 })).toBe(true);
      expect(await publisher.publish('s', { message: note(2) })).toBe(true);
      expect(await publisher.publish('other', { message: note(9) })).toBe(false);
      await until(() => seen.length >= 3, 'three deliveries');
      expect(seen.slice(-2)).toEqual([{ message: note(1), relatedRequestId: 3 }, { message: note(2) }]);
      unsubscribe();
      await until(
        async () => (await publisher.publish('s', { message: note(3) })) === false,
        'the unsubscription',
      );
      expect(seen.map((envelope) => envelope.message)).not.toContainEqual(note(3));
    });
  });
}
