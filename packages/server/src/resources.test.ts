import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { McpServer } from './server.js';
import { connect, settle } from './test-helpers/harness.js';

function resourceServer() {
  const server = new McpServer({ name: 'test', version: '1.0.0' });
  server.resource(
    'test://static-text',
    { name: 'static-text', description: 'text', mimeType: 'text/plain' },
    () => 'This is the content of the static text resource.',
  );
  server.resource(
    'test://static-binary',
    { name: 'static-binary', mimeType: 'image/png' },
    () => new Uint8Array([137, 80, 78, 71]),
  );
  server.resourceTemplate(
    'test://template/{id}/data',
    {
      name: 'template',
      mimeType: 'application/json',
      list: () => [{ uri: 'test://template/1/data', name: 'one' }],
      complete: { id: (value) => ['123', '124', '200'].filter((id) => id.startsWith(value)) },
    },
    (_uri, { id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
  );
  return server;
}

describe('resources', () => {
  it('lists static resources and the template list callback results in order', async () => {
    const { request } = await connect(resourceServer());
    expect(await request('resources/list')).toEqual({
      resources: [
        { uri: 'test://static-text', name: 'static-text', description: 'text', mimeType: 'text/plain' },
        { uri: 'test://static-binary', name: 'static-binary', mimeType: 'image/png' },
        { uri: 'test://template/1/data', name: 'one' },
      ],
    });
    expect(await request('resources/templates/list')).toEqual({
      resourceTemplates: [
        { uriTemplate: 'test://template/{id}/data', name: 'template', mimeType: 'application/json' },
      ],
    });
  });

  it('reads text and binary resources with their mime types', async () => {
    const { request } = await connect(resourceServer());
    expect(await request('resources/read', { uri: 'test://static-text' })).toEqual({
      contents: [
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ],
    });
    expect(await request('resources/read', { uri: 'test://static-binary' })).toEqual({
      contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: 'iVBORw==' }],
    });
  });

  it('reads through a template with the matched variables', async () => {
    const { request } = await connect(resourceServer());
    expect(await request('resources/read', { uri: 'test://template/123/data' })).toEqual({
      contents: [
        {
          uri: 'test://template/123/data',
          mimeType: 'application/json',
          text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
        },
      ],
    });
  });

  it('answers an unknown URI with -32002 and data.uri up to 2025-11-25', async () => {
    const { request } = await connect(resourceServer());
    const error = (await request('resources/read', { uri: 'test://nonexistent' }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(error.code).toBe(-32002);
    expect(error.message).toBe('Resource not found: test://nonexistent');
    expect(error.data).toEqual({ uri: 'test://nonexistent' });
  });

  it('answers an unknown URI with -32602 under 2026-07-28 (SEP-2164) through the core', async () => {
    const server = resourceServer();
    const outcome = await server.handle(
      { method: 'resources/read', params: { uri: 'test://nonexistent' } },
      {
        protocolVersion: '2026-07-28',
        clientCapabilities: {},
        signal: new AbortController().signal,
        sendNotification: async () => {},
        requestInput: async () => ({}),
      },
    );
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.code).toBe(-32602);
    expect(outcome.error.data).toEqual({ uri: 'test://nonexistent' });
  });

  it('answers not found when a template handler returns nothing', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const users: Record<string, string> = { ada: 'Ada Lovelace' };
    server.resourceTemplate('users://{id}', { name: 'user' }, (_uri, { id }) => users[String(id)]);
    const { request } = await connect(server);
    expect(await request('resources/read', { uri: 'users://ada' })).toEqual({
      contents: [{ uri: 'users://ada', text: 'Ada Lovelace' }],
    });
    const error = (await request('resources/read', { uri: 'users://bob' }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect([error.code, error.data]).toEqual([-32002, { uri: 'users://bob' }]);
  });

  it('accepts every read return shape', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    server.resource('a://full', { name: 'full' }, (uri) => ({
      contents: [{ uri, text: 'x' }],
      _meta: { m: 1 },
    }));
    server.resource('a://list', { name: 'list', mimeType: 'text/markdown' }, () => [
      { text: '# a' },
      { text: '# b' },
    ]);
    server.resource('a://one', { name: 'one' }, () => ({
      blob: 'AAAA',
      mimeType: 'application/octet-stream',
    }));
    const { request } = await connect(server);
    expect(await request('resources/read', { uri: 'a://full' })).toEqual({
      contents: [{ uri: 'a://full', text: 'x' }],
      _meta: { m: 1 },
    });
    expect(await request('resources/read', { uri: 'a://list' })).toEqual({
      contents: [
        { uri: 'a://list', text: '# a', mimeType: 'text/markdown' },
        { uri: 'a://list', text: '# b', mimeType: 'text/markdown' },
      ],
    });
    expect(await request('resources/read', { uri: 'a://one' })).toEqual({
      contents: [{ uri: 'a://one', blob: 'AAAA', mimeType: 'application/octet-stream' }],
    });
  });

  it('reports a read handler crash as -32603 with its message', async () => {
    const reported: string[] = [];
    const server = new McpServer(
      { name: 'test', version: '1.0.0' },
      { onerror: (e, info) => reported.push(`${info.method}: ${e.message}`) },
    );
    server.resource('a://boom', { name: 'boom' }, () => {
      throw new Error('disk on fire');
    });
    const { request } = await connect(server);
    const error = (await request('resources/read', { uri: 'a://boom' }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(error.code).toBe(-32603);
    expect(error.message).toBe('disk on fire');
    expect(reported).toEqual(['resources/read: disk on fire']);
  });
});

describe('subscriptions', () => {
  it('sends notifications/resources/updated only to subscribed sessions', async () => {
    const server = resourceServer();
    const subscribed = await connect(server);
    const other = await connect(server);
    expect(await subscribed.request('resources/subscribe', { uri: 'test://static-text' })).toEqual({});
    server.notifyResourceUpdated('test://static-text');
    server.notifyResourceUpdated('test://static-binary');
    expect(await subscribed.waitFor('notifications/resources/updated')).toEqual({
      uri: 'test://static-text',
    });
    await settle();
    expect(
      subscribed.notifications.filter((n) => n.method === 'notifications/resources/updated'),
    ).toHaveLength(1);
    expect(other.notifications).toEqual([]);

    expect(await subscribed.request('resources/unsubscribe', { uri: 'test://static-text' })).toEqual({});
    server.notifyResourceUpdated('test://static-text');
    await settle();
    expect(
      subscribed.notifications.filter((n) => n.method === 'notifications/resources/updated'),
    ).toHaveLength(1);
  });

  it('has no subscribe method when the capability is turned off', async () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      { capabilities: { resources: { subscribe: false } } },
    );
    server.resource('a://x', { name: 'x' }, () => 'x');
    const { request } = await connect(server);
    const error = (await request('resources/subscribe', { uri: 'a://x' }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(error.code).toBe(-32601);
  });
});
