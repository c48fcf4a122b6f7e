import { connectClient } from '../client.js';
import { waitFor } from '../processes.js';
import { type Check, expect } from './types.js';

const OUTAGE_CALLS = 3;

/**
 * (d) Redis stops while a client works: its requests fail with an error naming Redis, no server
 * process dies, and once Redis is back on the same port requests succeed again. Redis keeps
 * nothing across the restart (no persistence), so the old session is gone: the client renews it
 * (a 404 makes it initialize again) and goes on.
 */
export const redisRestart: Check = {
  name: 'redis-restart',
  description:
    'Redis stops mid-run: requests fail naming Redis, no process crashes, all recover after it is back',
  async run({ topology, progress }) {
    const client = await connectClient(topology.url);
    try {
      await client.call('echo', { text: 'before' });
      const oldSession = client.sessionId();
      await topology.redis.stop();
      progress('  redis-server stopped');
      const failures: string[] = [];
      for (let i = 0; i < OUTAGE_CALLS; i++) {
        try {
          await client.call('echo', { text: `during ${i}` });
          failures.push('(succeeded)');
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      const unclear = failures.filter((message) => !/redis|store/i.test(message));
      expect(
        unclear.length === 0,
        `with Redis down, ${unclear.length} of ${OUTAGE_CALLS} calls did not fail with an error naming Redis or the store: ${unclear.join(' | ')}`,
      );
      const dead = topology.servers.filter((server) => !server.process.alive());
      expect(
        dead.length === 0,
        `server processes died while Redis was down: ${dead.map((s) => s.instanceId).join(', ')}`,
      );

      await topology.redis.start();
      progress('  redis-server started again on the same port');
      // The stores reconnect on their own (capped back-off, 2 s): poll with real calls.
      let recovered = '';
      await waitFor(
        async () => {
          try {
            await client.call('echo', { text: 'after' });
            recovered = client.sessionId();
            return true;
          } catch {
            return false;
          }
        },
        'calls to succeed again after Redis restarted',
        30_000,
      );
      for (let i = 0; i < 6; i++) await client.call('echo', { text: `after ${i}` });
      const fresh = await connectClient(topology.url);
      await fresh.call('echo', { text: 'new session' });
      await fresh.close();
      const stillDead = topology.servers.filter((server) => !server.process.alive());
      expect(
        stillDead.length === 0,
        `server processes died: ${stillDead.map((s) => s.instanceId).join(', ')}`,
      );
      const survived =
        recovered === oldSession ? 'the old session survived' : 'the old session was lost and renewed';
      const reason = /(redis|store).{0,70}/i.exec(failures[0]!)?.[0];
      return `${OUTAGE_CALLS} calls failed ("${reason}..."), ${topology.servers.length} processes alive, recovered; ${survived}`;
    } finally {
      await client.close();
    }
  },
};
