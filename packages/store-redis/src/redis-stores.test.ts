// What the Redis stores add to the shared contract: trimming that refuses instead of skipping,
// TTLs, key prefixes, and cleanup of every key they write.
import { describe, expect, it } from 'vitest';
import { note, until, useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();

describe('RedisEventStore', () => {
  it('refuses a resume from a trimmed event instead of replaying with a gap (600 events, bound 256)', async () => {
    const { eventStore, redis: client } = await redis.stores({
      keyPrefix: 'trim:',
      events: { maxEventsPerStream: 256 },
    });
    const start = await eventStore.append('s', 'x', undefined);
    const ids: string[] = [];
    for (let n = 0; n < 600; n++) ids.push(await eventStore.append('s', 'x', note(n)));
    const kept = await client.xlen('trim:events:{s}:x');
    expect(kept).toBeGreaterThanOrEqual(256);
    expect(kept).toBeLessThan(600);
    expect(await eventStore.replayAfter('s', start)).toMatchObject({
      events: [],
      lost: 'history keeps about 256 events per stream',
    });
    expect(await eventStore.replayAfter('s', ids[0]!)).toMatchObject({
      events: [],
      lost: 'history keeps about 256 events per stream',
    });
    // The oldest id still held replays everything after it, exactly.
    const oldestKept = ids[600 - kept]!;
    const replay = await eventStore.replayAfter('s', oldestKept);
    expect(replay?.events.map((event) => event.message)).toEqual(
      Array.from({ length: kept - 1 }, (_, i) => note(601 - kept + i)),
    );
    expect(await eventStore.replayAfter('s', ids[600 - kept - 1]!)).toMatchObject({
      events: [],
      lost: 'history keeps about 256 events per stream',
    });
  });

  it('lets history expire in Redis without another write (prune has nothing left to do)', async () => {
    const { eventStore, redis: client } = await redis.stores({ keyPrefix: 'ttl:', events: { ttlMs: 300 } });
    const id = await eventStore.append('s', 'x', note(1));
    await eventStore.setOrigin('s', 'x', { requests: [], firstEventId: id });
    expect(await client.pttl('ttl:events:{s}:x:origin')).toBeGreaterThan(0);
    expect(await client.pttl('ttl:events:{s}:x')).toBeGreaterThan(0);
    expect(await client.pttl('ttl:events:{s}')).toBeGreaterThan(0);
    await until(
      async () =>
        (await client.exists('ttl:events:{s}:x', 'ttl:events:{s}', 'ttl:events:{s}:x:origin')) === 0,
      'expiry',
    );
    expect(await eventStore.replayAfter('s', id)).toBeUndefined();
  });

  it('deleteSession removes every key of the session', async () => {
    const { eventStore, redis: client } = await redis.stores({ keyPrefix: 'del:' });
    for (const stream of ['a', 'b', 'c']) {
      const firstEventId = await eventStore.append('s', stream, note(1));
      await eventStore.setOrigin('s', stream, { requests: [], firstEventId });
    }
    await eventStore.append('other', 'a', note(1));
    await eventStore.deleteSession('s');
    expect((await client.keys('del:*')).sort()).toEqual(['del:events:{other}', 'del:events:{other}:a']);
  });
});

describe('RedisSessionStore', () => {
  it('does not mark a failure of the command itself (WRONGTYPE) as Redis being unavailable', async () => {
    const { sessionStore, redis: client } = await redis.stores({ keyPrefix: 'wrong:' });
    await client.set('wrong:session:a', 'not a hash');
    const failure = sessionStore.get('a');
    await expect(failure).rejects.toThrow(/^Redis get of session a failed: WRONGTYPE/);
    await expect(failure).rejects.not.toHaveProperty('storeUnavailable');
  });

  it('keeps a TTL on each record that touch refreshes, and delete cleans the record and the index', async () => {
    const { sessionStore, redis: client } = await redis.stores({
      keyPrefix: 'sess:',
      sessions: { ttlMs: 60_000 },
    });
    await sessionStore.set({ id: 'a', kind: 'streamable', createdAt: 1, lastSeenAt: 1 });
    await client.pexpire('sess:session:a', 1000);
    await sessionStore.touch('a', 500);
    expect(await client.pttl('sess:session:a')).toBeGreaterThan(50_000);
    expect(await client.zscore('sess:sessions:lastSeen', 'a')).toBe('500');
    expect((await sessionStore.get('a'))?.lastSeenAt).toBe(500);
    await sessionStore.delete('a');
    expect(await client.keys('sess:*')).toEqual([]);
  });

  it('a record expires after ttlMs without touches', async () => {
    const { sessionStore } = await redis.stores({ keyPrefix: 'exp:', sessions: { ttlMs: 200 } });
    await sessionStore.set({ id: 'a', kind: 'streamable', createdAt: 1, lastSeenAt: 1 });
    await until(async () => (await sessionStore.get('a')) === undefined, 'the record to expire');
  });

  it('stores with different key prefixes do not see each other', async () => {
    const one = await redis.stores({ keyPrefix: 'one:' });
    const two = await redis.stores({ keyPrefix: 'two:' });
    await one.sessionStore.set({ id: 'a', kind: 'streamable', createdAt: 1, lastSeenAt: 1 });
    expect(await two.sessionStore.get('a')).toBeUndefined();
    expect(await two.sessionStore.idleSince(10)).toEqual([]);
    const id = await one.eventStore.append('s', 'x', note(1));
    expect(await two.eventStore.replayAfter('s', id)).toBeUndefined();
  });
});

describe('RedisMessageBus', () => {
  it('reports a message that is not JSON and a delivery that throws to onerror, and goes on', async () => {
    const before = redis.errors.length;
    const { messageBus } = await redis.stores({ keyPrefix: 'bad:' });
    const sender = await redis.stores({ keyPrefix: 'bad:' });
    const seen: unknown[] = [];
    messageBus.subscribe('s', (envelope) => {
      if (envelope.message && 'method' in envelope.message && envelope.message.method === 'boom')
        throw new Error('deliver failed');
      seen.push(envelope.message);
    });
    await until(async () => (await sender.redis.publish('bad:bus:s', 'not json')) === 1, 'the subscription');
    await sender.messageBus.publish('s', { message: { jsonrpc: '2.0', method: 'boom' } });
    await sender.messageBus.publish('s', { message: note(1) });
    await until(() => seen.length === 1, 'the good message');
    const reported = redis.errors.slice(before).map((error) => error.message);
    expect(reported.some((message) => /Redis message on bad:bus:s is not JSON/.test(message))).toBe(true);
    expect(reported).toContain('delivering a message from Redis on bad:bus:s failed: deliver failed');
  });
});
