// Redis stops mid-test and comes back: every operation fails fast with an error naming Redis and
// the operation, nothing hangs or crashes (vitest fails the file on an unhandled rejection), and
// the stores and the bus work again once Redis answers.
import type { OutboundEnvelope } from '@mcpkit/transport-http-server';
import { describe, expect, it } from 'vitest';
import { note, until, useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();

describe('Redis stops and restarts', () => {
  it('operations reject with a clear error while Redis is down and recover after', async () => {
    const a = await redis.stores({ keyPrefix: 'out:', commandTimeoutMs: 1000 });
    const b = await redis.stores({ keyPrefix: 'out:', commandTimeoutMs: 1000 });
    const seen: OutboundEnvelope[] = [];
    b.messageBus.subscribe('held', (envelope) => {
      seen.push(envelope);
    });
    await until(async () => await a.messageBus.publish('held', { message: note(0) }), 'the subscription');

    await redis.server.stop();
    const record = { id: 's', kind: 'streamable' as const, createdAt: 1, lastSeenAt: 1 };
    await expect(a.sessionStore.set(record)).rejects.toThrow(/^Redis set of session s failed: /);
    await expect(a.sessionStore.get('s')).rejects.toThrow(/^Redis get of session s failed: /);
    await expect(a.sessionStore.idleSince(5)).rejects.toThrow(/^Redis idleSince on the session index failed/);
    await expect(a.eventStore.append('s', 'x', note(1))).rejects.toThrow(
      /^Redis append to SSE stream x of session s failed: /,
    );
    await expect(a.eventStore.replayAfter('s', 'x_1-0')).rejects.toThrow(
      /^Redis replay after x_1-0 in session s/,
    );
    await expect(a.messageBus.publish('held', { message: note(1) })).rejects.toThrow(
      /^Redis publish to session held failed: /,
    );
    // A subscription asked for while Redis is down is reported and made when it is back.
    b.messageBus.subscribe('later', (envelope) => {
      seen.push(envelope);
    });

    await redis.server.start();
    await until(async () => {
      try {
        await a.sessionStore.set(record);
        return true;
      } catch {
        return false;
      }
    }, 'the store to work again');
    expect(await a.sessionStore.get('s')).toMatchObject({ id: 's' });
    const id = await a.eventStore.append('s', 'x', note(2));
    expect(await a.eventStore.replayAfter('s', id)).toEqual({ streamId: 'x', events: [] });
    await until(async () => {
      try {
        return (
          (await a.messageBus.publish('held', { message: note(3) })) &&
          (await a.messageBus.publish('later', { message: note(4) }))
        );
      } catch {
        return false;
      }
    }, 'both subscriptions after the restart');
    await until(
      () => seen.some((envelope) => JSON.stringify(envelope.message) === JSON.stringify(note(4))),
      'a delivery on the late subscription',
    );
    expect(redis.errors.map((error) => error.message).join('\n')).toMatch(
      /Redis subscribe to session later \(retried on reconnect\) failed/,
    );
  });

  it('a command Redis never answers rejects after commandTimeoutMs instead of hanging', async () => {
    const { eventStore, sessionStore } = await redis.stores({ keyPrefix: 'frozen:', commandTimeoutMs: 500 });
    redis.server.freeze();
    try {
      const failure = eventStore.append('s', 'x', note(1));
      await expect(failure).rejects.toThrow(
        /^Redis append to SSE stream x of session s failed: Command timed out/,
      );
      // Marked as the store being unreachable: the HTTP handler answers 503 + Retry-After.
      await expect(failure).rejects.toMatchObject({ storeUnavailable: true });
    } finally {
      redis.server.thaw();
    }
    await until(async () => (await sessionStore.get('nobody')) === undefined, 'answers after SIGCONT');
  });

  it('createRedisStores fails within its timeout when nothing listens', async () => {
    await expect(redis.stores({ target: 'redis://127.0.0.1:1', connectTimeoutMs: 1000 })).rejects.toThrow(
      /^Redis connect failed: not ready within 1000 ms/,
    );
  });
});
