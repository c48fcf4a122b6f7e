// A 2025 client whose server process restarted: the new process answers 404 for the old session,
// and the client initializes a new one on the same transport, restores its subscriptions and log
// level, and sends the failed requests again, so the caller never sees the restart.
import type { ChildProcess } from 'node:child_process';
import { McpClient } from '@mcpkit/client';
import { findHttpTransportError, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { killed, trackedFixtures } from './fixture-process.js';

const { clients, startServer, cleanup } = trackedFixtures();
afterEach(cleanup);

async function restart(previous: { child: ChildProcess; url: URL }) {
  await killed(previous.child);
  return startServer(Number(previous.url.port));
}

describe('a 2025 client after its HTTP server process restarted', () => {
  it('initializes a new session, restores subscriptions and log level, and carries on', async () => {
    const first = await startServer();
    const logs: string[] = [];
    const client = new McpClient(
      { name: 'renewing', version: '0.0.0' },
      {
        onLogMessage: (entry) => {
          logs.push(String(entry.data));
        },
      },
    );
    clients.push(client);
    const transport = new StreamableHttpClientTransport(first.url);
    await client.connect(transport);
    const oldSession = transport.sessionId;
    await client.setLoggingLevel('info');
    const updates: string[] = [];
    await client.subscribeResource('note://a', (update) => {
      updates.push(update.uri);
    });

    await restart(first);
    const [one, two] = await Promise.all([
      client.callTool({ name: 'echo', arguments: { message: 'one' } }),
      client.callTool({ name: 'echo', arguments: { message: 'two' } }),
    ]);
    expect(one.content).toEqual([{ type: 'text', text: 'one' }]);
    expect(two.content).toEqual([{ type: 'text', text: 'two' }]);
    expect(transport.sessionId).toBeDefined();
    expect(transport.sessionId).not.toBe(oldSession);
    // The log level was restored on the new session: its echo calls logged.
    expect(logs).toEqual(expect.arrayContaining(['echoing one', 'echoing two']));
    // So was the subscription: an update on the new server reaches the old callback.
    await client.callTool({ name: 'touch', arguments: { uri: 'note://a' } });
    await expect.poll(() => updates).toEqual(['note://a']);
  }, 20_000);

  it('lets SESSION_EXPIRED (404) through when renewExpiredSession is false', async () => {
    const first = await startServer();
    const client = new McpClient({ name: 'strict', version: '0.0.0' }, { renewExpiredSession: false });
    clients.push(client);
    const transport = new StreamableHttpClientTransport(first.url);
    await client.connect(transport);
    const oldSession = transport.sessionId;
    const second = await restart(first);
    const failure = await client
      .callTool({ name: 'echo', arguments: { message: 'lost' } })
      .catch((error: unknown) => error);
    const httpError = findHttpTransportError(failure);
    expect(httpError?.code, String(failure)).toBe('SESSION_EXPIRED');
    expect(httpError?.status).toBe(404);

    // Reconnecting by hand starts a new session.
    await client.close();
    const fresh = new StreamableHttpClientTransport(second.url);
    await client.connect(fresh);
    expect(fresh.sessionId).not.toBe(oldSession);
    expect((await client.callTool({ name: 'echo', arguments: { message: 'back' } })).content).toEqual([
      { type: 'text', text: 'back' },
    ]);
  }, 20_000);
});
