// The host's answers to an app, without a browser: a real McpServer (the counter of the example,
// registered with registerAppTool) reached by an McpClient over an in-memory pair, the relay installed
// on the host's JSON-RPC peer, and a second peer playing the app over another in-memory pair.
import { McpClient } from '@mcpkit/client';
import { JsonRpcPeer } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import type { Tool } from '@mcpkit/protocol/essentials';
import { McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { appsExtension, registerAppResource, registerAppTool } from '../server.js';
import type { UiHostContext } from '../shared/index.js';
import { installRelay, type RelayState } from './relay.js';
import type { MountAppOptions } from './types.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setup(options: Partial<MountAppOptions> = {}, hostContext: UiHostContext = {}) {
  const server = new McpServer(
    { name: 'counter', version: '1.0.0' },
    { capabilities: { extensions: appsExtension() } },
  );
  const view = registerAppResource(server, 'ui://counter/app.html', {
    name: 'Counter',
    html: '<p>counter</p>',
  });
  let count = 0;
  registerAppTool(server, 'show', { ui: { resource: view } }, () => `count ${count}`);
  registerAppTool(
    server,
    'increment',
    { inputSchema: { by: z.number() }, ui: { resource: view, visibility: ['app'] } },
    ({ by }) => {
      count += by;
      return `count ${count}`;
    },
  );
  registerAppTool(server, 'reset', { ui: { visibility: ['model'] } }, () => {
    count = 0;
    return `count ${count}`;
  });
  const [serverSide, clientSide] = createInMemoryTransportPair();
  await server.connect(serverSide);
  const client = new McpClient({ name: 'host', version: '1.0.0' });
  await client.connect(clientSide);

  const host = new JsonRpcPeer();
  const app = new JsonRpcPeer();
  const notified: Array<{ method: string; params: unknown }> = [];
  app.setNotificationHandler('ui/notifications/host-context-changed', (params) => {
    notified.push({ method: 'ui/notifications/host-context-changed', params });
  });
  const initialized: string[] = [];
  const state: RelayState = {
    hostContext,
    markInitialized: () => initialized.push('initialized'),
    hostCapabilities: { serverTools: {}, serverResources: {} },
    notifyHostContext: async (patch) => {
      state.hostContext = { ...state.hostContext, ...patch };
      await host.notify('ui/notifications/host-context-changed', patch as never);
    },
    resize: () => {},
  };
  const mountOptions = { client, tool: {} as Tool, ...options } as MountAppOptions;
  installRelay(host, mountOptions, state);
  const [hostSide, appSide] = createInMemoryTransportPair();
  await host.connect(hostSide);
  await app.connect(appSide);
  closers.push(async () => {
    await app.close();
    await client.close();
    await server.close();
  });
  const initialize = (appCapabilities: object = {}) =>
    app.request('ui/initialize', {
      appInfo: { name: 'test-app', version: '1.0.0' },
      appCapabilities: appCapabilities as never,
      protocolVersion: '2026-01-26',
    });
  return { app, state, notified, initialized, initialize };
}

describe('the host relay', () => {
  it('answers ui/initialize with its revision, info, capabilities and context, and records the app', async () => {
    const { app, state, initialized, initialize } = await setup(
      { hostInfo: { name: 'my-host', version: '2.0.0' } },
      { theme: 'dark', displayMode: 'inline' },
    );
    expect(await initialize({ availableDisplayModes: ['inline'] })).toEqual({
      protocolVersion: '2026-01-26',
      hostInfo: { name: 'my-host', version: '2.0.0' },
      hostCapabilities: { serverTools: {}, serverResources: {} },
      hostContext: { theme: 'dark', displayMode: 'inline' },
    });
    expect(state.app).toEqual({
      appInfo: { name: 'test-app', version: '1.0.0' },
      appCapabilities: { availableDisplayModes: ['inline'] },
      protocolVersion: '2026-01-26',
    });
    await app.notify('ui/notifications/initialized', {});
    await expect.poll(() => initialized).toEqual(['initialized']);
  });

  it('refuses a ui/initialize without appInfo, naming the field', async () => {
    const { app } = await setup();
    await expect(
      app.request('ui/initialize', { appCapabilities: {}, protocolVersion: '2026-01-26' }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('params.appInfo'),
    });
  });

  it('relays tools/call for tools the app may call, and refuses model-only and unknown tools', async () => {
    const { app } = await setup();
    expect(await app.request('tools/call', { name: 'increment', arguments: { by: 2 } })).toMatchObject({
      content: [{ type: 'text', text: 'count 2' }],
    });
    expect(await app.request('tools/call', { name: 'show' })).toMatchObject({
      content: [{ text: 'count 2' }],
    });
    await expect(app.request('tools/call', { name: 'reset' })).rejects.toMatchObject({
      code: -32602,
      message: 'tools/call: tool reset is not callable by apps (its _meta.ui.visibility has no "app")',
    });
    await expect(app.request('tools/call', { name: 'nope' })).rejects.toMatchObject({
      code: -32602,
      message: 'tools/call: the server has no tool nope',
    });
    // The refused reset did not run.
    expect(await app.request('tools/call', { name: 'show' })).toMatchObject({
      content: [{ text: 'count 2' }],
    });
  });

  it('relays resources/read to the server', async () => {
    const { app } = await setup();
    expect(await app.request('resources/read', { uri: 'ui://counter/app.html' })).toMatchObject({
      contents: [{ uri: 'ui://counter/app.html', text: '<p>counter</p>' }],
    });
  });

  it('refuses what it does not relay with -32601: other MCP methods, unknown ui/* methods, undeclared features', async () => {
    const { app } = await setup();
    for (const method of [
      'sampling/createMessage',
      'prompts/get',
      'ui/download-file',
      'ui/message',
      'ui/open-link',
    ]) {
      await expect(app.request(method, {}), method).rejects.toMatchObject({ code: -32601 });
    }
  });

  it('hands ui/message and http(s) ui/open-link to the host callbacks, refusing other URL schemes', async () => {
    const messages: unknown[] = [];
    const links: string[] = [];
    const { app } = await setup({
      onMessage: (params) => void messages.push(params),
      onOpenLink: (url) => void links.push(url),
    });
    const message = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    expect(await app.request('ui/message', message)).toEqual({});
    await expect(app.request('ui/message', { role: 'assistant', content: [] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('params.role'),
    });
    expect(await app.request('ui/open-link', { url: 'https://example.com/a' })).toEqual({});
    await expect(app.request('ui/open-link', { url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: -32602,
      message: 'ui/open-link: params.url must be an http(s) URL, got javascript:',
    });
    expect(messages).toEqual([message]);
    expect(links).toEqual(['https://example.com/a']);
  });

  it('changes the display mode only to one both sides offer, and tells the app through host-context-changed', async () => {
    const requested: string[] = [];
    const { app, notified, initialize } = await setup(
      {
        onRequestDisplayMode: (mode) => {
          requested.push(mode);
          return mode;
        },
      },
      { displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] },
    );
    await initialize({ availableDisplayModes: ['inline', 'fullscreen'] });
    expect(await app.request('ui/request-display-mode', { mode: 'pip' })).toEqual({ mode: 'inline' });
    expect(await app.request('ui/request-display-mode', { mode: 'fullscreen' })).toEqual({
      mode: 'fullscreen',
    });
    expect(requested).toEqual(['fullscreen']);
    await expect
      .poll(() => notified)
      .toEqual([{ method: 'ui/notifications/host-context-changed', params: { displayMode: 'fullscreen' } }]);
  });

  it('keeps an app that did not declare a mode in its current one', async () => {
    const { app, initialize } = await setup(
      { onRequestDisplayMode: (mode) => mode },
      { displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] },
    );
    await initialize({ availableDisplayModes: ['inline'] });
    expect(await app.request('ui/request-display-mode', { mode: 'fullscreen' })).toEqual({ mode: 'inline' });
  });
});
