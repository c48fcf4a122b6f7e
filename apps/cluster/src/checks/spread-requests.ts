import { connectClient } from '../client.js';
import { waitFor } from '../processes.js';
import { type Check, countByInstance, expect, sessionLogs } from './types.js';

const CALLS = 12;

/** (a) One session's requests, sent through nginx round-robin, are served by several processes. */
export const spreadRequests: Check = {
  name: 'spread-requests',
  description: `one session's ${CALLS} tools/call requests land on several processes and all succeed`,
  async run({ topology }) {
    const client = await connectClient(topology.url);
    try {
      for (let i = 0; i < CALLS; i++) {
        const text = `call ${i}`;
        const echoed = await client.call('echo', { text });
        expect(
          echoed === text,
          `echo ${i} answered ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`,
        );
      }
      const sessionId = client.sessionId();
      const calls = () =>
        sessionLogs(topology, sessionId).filter(
          (entry) => entry.event === 'message' && entry.method === 'tools/call',
        );
      // The processes' stderr arrives on its own schedule: wait until every call is logged.
      await waitFor(() => calls().length >= CALLS, `${CALLS} tools/call log entries of session ${sessionId}`);
      const instances = new Set(calls().map((entry) => entry.instance));
      expect(
        instances.size >= 2,
        `all ${CALLS} calls of session ${sessionId} were served by ${[...instances].join(', ')}: nginx did not spread them`,
      );
      return `${CALLS} calls of one session served by ${instances.size} processes (${countByInstance(calls())})`;
    } finally {
      await client.close();
    }
  },
};
