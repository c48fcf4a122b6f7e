import { connectClient } from '../client.js';
import { COUNTER_URI } from '../cluster-server.js';
import { waitFor } from '../processes.js';
import { type Check, expect, sessionLogs } from './types.js';

/**
 * (c) The client's GET stream is held by one process; a `touch` call served by another process
 * raises notifications/resources/updated for the subscribed resource, which must travel over the
 * message bus to the process holding the stream, and so to the client.
 */
export const resourceUpdatesAcrossProcesses: Check = {
  name: 'resource-updates',
  description: 'a resource update raised on one process reaches the GET stream held by another',
  async run({ topology }) {
    const updates: string[] = [];
    // The GET stream is ready for the bus once its response head arrived (the server registers
    // the stream before it writes the head): before that, an update published elsewhere would
    // find no stream to carry it.
    let getStreamsOpen = 0;
    const client = await connectClient(topology.url, undefined, undefined, {
      middleware: [
        (next) => async (url, init) => {
          const response = await next(url, init);
          if (init?.method === 'GET' && response.status === 200) getStreamsOpen++;
          return response;
        },
      ],
    });
    try {
      await client.client.subscribeResource(COUNTER_URI, (update) => {
        updates.push(update.uri);
      });
      const sessionId = client.sessionId();
      const gets = () =>
        sessionLogs(topology, sessionId).filter((e) => e.event === 'http' && e.httpMethod === 'GET');
      await waitFor(
        () => getStreamsOpen > 0 && gets().length > 0,
        `the GET stream of session ${sessionId} to open`,
      );
      const holder = gets()[0]!.instance;
      // Round-robin: within a few calls one lands on a process other than the stream's.
      const servedBy: string[] = [];
      for (let i = 0; i < 4 && !servedBy.some((instance) => instance !== holder); i++) {
        const answer = await client.call('touch');
        servedBy.push(answer.replace(/^touched on /, ''));
      }
      const elsewhere = servedBy.find((instance) => instance !== holder);
      expect(elsewhere !== undefined, `every touch ran on ${holder}, the process holding the GET stream`);
      try {
        await waitFor(() => updates.length >= servedBy.length, 'the resource updates', 20_000);
      } catch {
        throw new Error(
          `GET stream held by ${holder}; touches ran on ${servedBy.join(', ')}; the client received ${updates.length} of ${servedBy.length} notifications/resources/updated within 20 s (the update raised on ${elsewhere} did not cross the message bus to ${holder}'s GET stream)`,
        );
      }
      expect(
        updates.every((uri) => uri === COUNTER_URI),
        `updates named ${updates.join(', ')}, expected only ${COUNTER_URI}`,
      );
      return `GET stream on ${holder}, touches on ${servedBy.join(', ')}: ${updates.length} updates arrived`;
    } finally {
      await client.close();
    }
  },
};
