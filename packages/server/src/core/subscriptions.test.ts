import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import type { RequestContext } from './request-context.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function listenContext(requestId: number, sent: { method: string; params: Record<string, unknown> }[]) {
  const controller = new AbortController();
  const ctx: RequestContext = {
    protocolVersion: '2026-07-28',
    clientCapabilities: {},
    signal: controller.signal,
    requestId,
    sendNotification: async (method, params) => {
      sent.push({ method, params });
    },
    requestInput: async () => ({}),
  };
  return { ctx, cancel: () => controller.abort() };
}

function changingServer() {
  const server = new McpServer({ name: 't', version: '1' });
  server.tool('a', {}, () => '');
  server.prompt('p', {}, () => '');
  server.resource('file:///config.json', { name: 'config' }, () => '{}');
  return server;
}

describe('subscriptions/listen', () => {
  it('loses no change made while the acknowledgement is being sent, and keeps it behind the acknowledgement', async () => {
    const server = changingServer();
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const { ctx, cancel } = listenContext(8, sent);
    let releaseAck: () => void = () => {};
    const slowCtx: RequestContext = {
      ...ctx,
      sendNotification: async (method, params) => {
        if (method === 'notifications/subscriptions/acknowledged') {
          await new Promise<void>((resolve) => {
            releaseAck = resolve;
          });
        }
        sent.push({ method, params });
      },
    };
    const pending = server.handle(
      { method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } },
      slowCtx,
    );
    await settle();
    server.tool('added-meanwhile', {}, () => '');
    await settle();
    releaseAck();
    await settle();
    expect(sent.map((message) => message.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    cancel();
    await pending;
  });

  it('acknowledges first, then relays only the requested changes tagged with the subscription id', async () => {
    const server = changingServer();
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const { ctx, cancel } = listenContext(7, sent);
    const pending = server.handle(
      {
        method: 'subscriptions/listen',
        params: {
          _meta: META,
          notifications: {
            promptsListChanged: true,
            resourceSubscriptions: ['file:///config.json'],
            taskIds: ['x'],
          },
        },
      },
      ctx,
    );
    await settle();
    expect(sent).toEqual([
      {
        method: 'notifications/subscriptions/acknowledged',
        params: {
          _meta: { 'io.modelcontextprotocol/subscriptionId': 7 },
          notifications: { promptsListChanged: true, resourceSubscriptions: ['file:///config.json'] },
        },
      },
    ]);
    server.tool('b', {}, () => ''); // tools were not requested
    server.prompt('q', {}, () => '');
    server.notifyResourceUpdated('file:///config.json');
    server.notifyResourceUpdated('file:///other.json');
    await settle();
    expect(sent.slice(1)).toEqual([
      {
        method: 'notifications/resources/updated',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 }, uri: 'file:///config.json' },
      },
      {
        method: 'notifications/prompts/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
      },
    ]);
    cancel();
    await pending;
    server.prompt('r', {}, () => '');
    await settle();
    expect(sent).toHaveLength(3);
  });

  it('ends gracefully with a result when the server closes', async () => {
    const server = changingServer();
    const { ctx } = listenContext(3, []);
    const pending = server.handle(
      { method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } },
      ctx,
    );
    await settle();
    await server.close();
    expect(await pending).toEqual({
      type: 'result',
      result: {
        resultType: 'complete',
        _meta: {
          'io.modelcontextprotocol/serverInfo': { name: 't', version: '1' },
          'io.modelcontextprotocol/subscriptionId': 3,
        },
      },
    });
  });

  it('works over a connection for a stateless client and is absent for stateful sessions', async () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      { protocolVersions: ['2025-11-25', '2026-07-28'] },
    );
    server.tool('a', {}, () => '');
    const stateless = await connect(server, { initialize: false });
    const listening = stateless.client.request('subscriptions/listen', {
      _meta: META,
      notifications: { toolsListChanged: true },
    });
    await settle();
    server.tool('b', {}, () => '');
    await settle();
    expect(stateless.notifications.map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    expect(stateless.notifications[1]!.params).toEqual({
      _meta: { 'io.modelcontextprotocol/subscriptionId': 0 },
    });
    const stateful = await connect(server);
    await expect(stateful.request('subscriptions/listen', { notifications: {} })).rejects.toMatchObject({
      code: -32601,
    });
    await server.close();
    await expect(listening).resolves.toMatchObject({ resultType: 'complete' });
  });
});
