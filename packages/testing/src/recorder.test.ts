import type { Transport } from '@mcpkit/jsonrpc';
import { McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { callToolText, connectInProcess, type InProcessConnection, NotificationRecorder } from './index.js';

const open: InProcessConnection[] = [];
afterEach(async () => {
  for (const connection of open.splice(0)) await connection.close();
});

function chattyServer() {
  const server = new McpServer(
    { name: 'chatty', version: '1.0.0' },
    { capabilities: { resources: { subscribe: true } } },
  );
  server.tool('count', {}, async (_args, ctx) => {
    for (let step = 1; step <= 3; step++) await ctx.progress(step, 3, `step ${step}`);
    await ctx.log.info('counted');
    return 'done';
  });
  server.tool('half', {}, async (_args, ctx) => {
    await ctx.progress(1, 2);
    return 'half';
  });
  server.resource('memo://today', { name: 'today' }, () => 'nothing yet');
  return server;
}

async function connect(server = chattyServer()) {
  const connection = await connectInProcess(server);
  open.push(connection);
  return connection;
}

describe('NotificationRecorder', () => {
  it('records progress per request and the log messages of a call', async () => {
    const { client, notifications } = await connect();
    expect(await callToolText(client, 'count')).toBe('done');
    expect(await callToolText(client, 'half')).toBe('half');
    expect(
      notifications.progress('count').map(({ progress, total, message }) => [progress, total, message]),
    ).toEqual([
      [1, 3, 'step 1'],
      [2, 3, 'step 2'],
      [3, 3, 'step 3'],
    ]);
    expect(notifications.progress('half')).toEqual([
      { progress: 1, total: 2, request: expect.objectContaining({ method: 'tools/call', target: 'half' }) },
    ]);
    expect(notifications.progress()).toHaveLength(4);
    expect(notifications.logs()).toEqual([{ level: 'info', data: 'counted' }]);
  });

  it('attributes progress to its request at 2026-07-28 too', async () => {
    const server = new McpServer({ name: 'modern', version: '1.0.0' }, { protocolVersions: ['2026-07-28'] });
    server.tool('count', {}, async (_args, ctx) => {
      await ctx.progress(1, 1);
      return 'done';
    });
    const connection = await connectInProcess(server, { protocolVersion: '2026-07-28' });
    open.push(connection);
    expect(await callToolText(connection.client, 'count')).toBe('done');
    expect(connection.notifications.progress('count')).toEqual([
      { progress: 1, total: 1, request: expect.objectContaining({ method: 'tools/call', target: 'count' }) },
    ]);
  });

  it('records list_changed and resource updates, and waitFor resolves when one arrives later', async () => {
    const server = chattyServer();
    const { client, notifications } = await connect(server);
    await client.subscribeResource('memo://today', () => {});
    const updated = notifications.waitFor('notifications/resources/updated');
    server.notifyResourceUpdated('memo://today');
    expect((await updated).params).toEqual({ uri: 'memo://today' });
    server.tool('late', {}, () => 'late');
    await notifications.waitFor((n) => n.method.endsWith('/list_changed'));
    expect(notifications.listChanged()).toEqual(['tools']);
    expect(notifications.resourceUpdates()).toEqual(['memo://today']);
    expect(notifications.all.map((n) => n.method)).toEqual([
      'notifications/resources/updated',
      'notifications/tools/list_changed',
    ]);
  });

  it('waitFor returns a notification that already arrived, and clear forgets it', async () => {
    const { client, notifications } = await connect();
    await callToolText(client, 'half');
    expect((await notifications.waitFor('notifications/progress')).request?.target).toBe('half');
    notifications.clear();
    expect(notifications.all).toEqual([]);
  });

  it('waitFor fails after its timeout naming what it awaited and what arrived instead', async () => {
    const { client, notifications } = await connect();
    await callToolText(client, 'half');
    await expect(
      notifications.waitFor('notifications/tools/list_changed', { timeoutMs: 20 }),
    ).rejects.toThrow(
      "waitFor timed out after 20 ms waiting for a 'notifications/tools/list_changed' notification; received 1 notification(s): notifications/progress",
    );
    const isBigLog = (n: { method: string }) => n.method === 'notifications/message';
    await expect(notifications.waitFor(isBigLog, { timeoutMs: 20 })).rejects.toThrow(
      'waiting for a notification matching isBigLog',
    );
    await expect(
      notifications.waitFor(() => false, { timeoutMs: 20, description: 'the audit log entry' }),
    ).rejects.toThrow('waiting for the audit log entry');
  });

  it('a pending waitFor rejects when the connection closes', async () => {
    const connection = await connectInProcess(chattyServer());
    const waiting = connection.notifications.waitFor('notifications/message', { timeoutMs: 60_000 });
    await connection.close();
    await expect(waiting).rejects.toThrow(
      "waitFor(a 'notifications/message' notification): the connection closed first",
    );
  });

  it('wrap passes the wrapped transport’s own members through and records what it delivers', async () => {
    const versions: string[] = [];
    const inner: Transport & { url: string } = {
      url: 'http://127.0.0.1:1/mcp',
      sessionId: 'abc',
      legacyPeersMayStaySilent: true,
      setProtocolVersion: (version) => void versions.push(version),
      start: async () => {},
      send: async () => {},
      close: async () => {},
    };
    const recorder = new NotificationRecorder();
    const wrapped = recorder.wrap(inner) as Transport & { url?: unknown };
    wrapped.setProtocolVersion?.('2025-11-25');
    expect([wrapped.sessionId, wrapped.legacyPeersMayStaySilent, wrapped.url, versions]).toEqual([
      'abc',
      true,
      'http://127.0.0.1:1/mcp',
      ['2025-11-25'],
    ]);
    const delivered: string[] = [];
    wrapped.onmessage = (message) => void delivered.push('method' in message ? message.method : 'response');
    inner.onmessage?.({ jsonrpc: '2.0', method: 'notifications/custom' });
    inner.onmessage?.({ jsonrpc: '2.0', id: 1, result: {} });
    expect(delivered).toEqual(['notifications/custom', 'response']);
    expect(recorder.all).toEqual([{ method: 'notifications/custom', params: undefined }]);
  });
});
