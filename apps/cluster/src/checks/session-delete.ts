import { connectClient, PROTOCOL_VERSION } from '../client.js';
import { waitFor } from '../processes.js';
import { type Check, expect, sessionLogs } from './types.js';

/**
 * (e) The client ends its session (DELETE, which nginx gives to one process): every process then
 * answers 404 for it, also those holding a copy of the session, which learn from the store that
 * the record is gone.
 */
export const sessionDelete: Check = {
  name: 'session-delete',
  description: 'a session ended through one process is gone on every process',
  async run({ topology }) {
    const client = await connectClient(topology.url);
    for (let i = 0; i < 3; i++) await client.call('echo', { text: `copy ${i}` });
    const sessionId = client.sessionId();
    await client.close();
    const deletes = () =>
      sessionLogs(topology, sessionId).filter((e) => e.event === 'http' && e.httpMethod === 'DELETE');
    await waitFor(() => deletes().length > 0, `the DELETE of session ${sessionId} in the logs`);
    const posts = () =>
      sessionLogs(topology, sessionId).filter((e) => e.event === 'http' && e.httpMethod === 'POST');
    const postsBefore = posts().length;
    const postsOn = (instance: string) => posts().filter((entry) => entry.instance === instance).length;
    const before = new Map(topology.servers.map((server) => [server.instanceId, postsOn(server.instanceId)]));
    const statuses: number[] = [];
    // Round-robin: as many requests as processes reach every one of them.
    for (let i = 0; i < topology.servers.length; i++) {
      const response = await fetch(topology.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': PROTOCOL_VERSION,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'ping' }),
      });
      statuses.push(response.status);
      await response.text();
    }
    await waitFor(() => posts().length >= postsBefore + statuses.length, 'the pings in the logs');
    const reached = topology.servers
      .map((server) => server.instanceId)
      .filter((instance) => postsOn(instance) > before.get(instance)!);
    expect(
      statuses.every((status) => status === 404),
      `after the DELETE on ${deletes()[0]!.instance}, pings of session ${sessionId} answered ${statuses.join(', ')}, expected 404 from every process`,
    );
    return `DELETE on ${deletes()[0]!.instance}; pings answered 404 on ${reached.join(', ')}`;
  },
};
