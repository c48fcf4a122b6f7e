import { connectClient } from '../client.js';
import { COUNTER_URI } from '../cluster-server.js';
import { waitFor } from '../processes.js';
import { type Check, expect } from './types.js';

const TOUCHES = 4;

/**
 * 2026-07-28, where no request names a session: a client's subscriptions/listen stream is held by
 * one process while its `touch` calls land round-robin on the others; each update raised there is
 * published on the bus (`broadcastChanges`) and must reach the listen stream exactly once.
 */
export const listenUpdatesAcrossProcesses: Check = {
  name: 'listen-updates',
  description:
    'at 2026-07-28, resource updates raised on any process reach a subscriptions/listen stream once',
  async run({ topology }) {
    const client = await connectClient(topology.url, undefined, { protocolVersion: '2026-07-28' });
    try {
      const updates: string[] = [];
      const before = topology.logs().length;
      await client.client.subscribeResource(COUNTER_URI, (update) => void updates.push(update.uri));
      const listens = () =>
        topology
          .logs()
          .slice(before)
          .filter((entry) => entry.event === 'message' && entry.method === 'subscriptions/listen');
      await waitFor(() => listens().length > 0, 'a process to log the subscriptions/listen request');
      const holder = listens()[0]!.instance;
      const servedBy: string[] = [];
      for (let i = 0; i < TOUCHES; i++)
        servedBy.push((await client.call('touch')).replace(/^touched on /, ''));
      expect(
        servedBy.some((instance) => instance !== holder),
        `every touch ran on ${holder}, the process holding the listen stream`,
      );
      try {
        await waitFor(() => updates.length >= TOUCHES, `${TOUCHES} resource updates`, 20_000);
      } catch {
        throw new Error(
          `listen stream on ${holder}; touches ran on ${servedBy.join(', ')}; ${updates.length} of ${TOUCHES} updates arrived within 20 s`,
        );
      }
      // A duplicate would come right behind: give it a moment to show.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        updates.length === TOUCHES && updates.every((uri) => uri === COUNTER_URI),
        `expected ${TOUCHES} updates of ${COUNTER_URI}, got ${updates.length}: ${updates.join(', ')}`,
      );
      return `listen stream on ${holder}, touches on ${servedBy.join(', ')}: ${TOUCHES} updates, each once`;
    } finally {
      await client.close();
    }
  },
};
