import { JsonRpcError, JsonRpcPeer } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWindowPair } from '../../test/fake-windows.js';
import { UiMethod } from '../shared/methods.js';
import { App } from './app.js';
import { AppError } from './errors.js';
import { PostMessageTransport } from './post-message-transport.js';

const HOST_RESULT = {
  protocolVersion: '2026-01-26',
  hostInfo: { name: 'test-host', version: '1.0.0' },
  hostCapabilities: { openLinks: {}, serverTools: {} },
  hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] },
};

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 200; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A host (a JsonRpcPeer over postMessage) and an App in its fake iframe. */
async function hostAndApp(options: { result?: JSONObject; app?: ConstructorParameters<typeof App>[1] } = {}) {
  const windows = fakeWindowPair();
  const host = new JsonRpcPeer();
  const received: { method: string; params: JSONObject | undefined }[] = [];
  host.setRequestHandler(UiMethod.Initialize, (params) => {
    received.push({ method: UiMethod.Initialize, params });
    return options.result ?? HOST_RESULT;
  });
  for (const method of [
    UiMethod.Initialized,
    UiMethod.SizeChanged,
    UiMethod.RequestTeardown,
    'notifications/message',
  ])
    host.setNotificationHandler(method, (params) => {
      received.push({ method, params });
    });
  await host.connect(new PostMessageTransport({ target: windows.app, listenOn: windows.host }));
  const app = new App({ name: 'chart-app', version: '1.0.0' }, { autoResize: false, ...options.app });
  const errors: Error[] = [];
  app.onerror = (error) => errors.push(error);
  const transport = new PostMessageTransport({ target: windows.host, listenOn: windows.app });
  return { windows, host, app, transport, received, errors };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('App handshake', () => {
  it('sends ui/initialize, keeps what the host answered, then sends ui/notifications/initialized', async () => {
    const { app, transport, received } = await hostAndApp({
      app: { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } },
    });
    await app.connect(transport);
    expect(received[0]).toEqual({
      method: UiMethod.Initialize,
      params: {
        appInfo: { name: 'chart-app', version: '1.0.0' },
        appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
        protocolVersion: '2026-01-26',
      },
    });
    expect(app.isConnected).toBe(true);
    expect(app.hostInfo).toEqual(HOST_RESULT.hostInfo);
    expect(app.hostCapabilities).toEqual(HOST_RESULT.hostCapabilities);
    expect(app.hostContext).toEqual(HOST_RESULT.hostContext);
    expect(app.protocolVersion).toBe('2026-01-26');
    await until(() => received.length === 2, 'ui/notifications/initialized');
    expect(received[1]).toEqual({ method: UiMethod.Initialized, params: {} });
  });

  it('refuses a host speaking another MCP Apps revision, and closes', async () => {
    const { app, transport, received, windows } = await hostAndApp({
      result: { ...HOST_RESULT, protocolVersion: '2099-01-01' },
    });
    const failure = await app.connect(transport).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('UNSUPPORTED_PROTOCOL_VERSION');
    expect((failure as Error).message).toBe(
      'The host answered ui/initialize with MCP Apps revision "2099-01-01"; this app speaks 2026-01-26',
    );
    expect(app.isConnected).toBe(false);
    expect(windows.app.listeners).toBe(0);
    expect(received.map((message) => message.method)).toEqual([UiMethod.Initialize]);
  });

  it('can connect again after a transport that failed to start', async () => {
    const { app, transport } = await hostAndApp();
    const broken = {
      start: () => Promise.reject(new Error('cannot listen')),
      send: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    await expect(app.connect(broken)).rejects.toThrow('cannot listen');
    await app.connect(transport);
    expect(app.isConnected).toBe(true);
  });

  it('refuses a malformed ui/initialize result, naming the field', async () => {
    const { app, transport } = await hostAndApp({
      result: { ...HOST_RESULT, hostContext: { theme: 'blue' } },
    });
    await expect(app.connect(transport)).rejects.toThrow(
      'Invalid ui/initialize result from the host: result.hostContext.theme: expected light or dark, got "blue"',
    );
  });
});

describe('App notifications from the host', () => {
  it('delivers partial input, input, result and cancellation, and reports malformed ones without delivering', async () => {
    const { app, transport, host, errors } = await hostAndApp();
    const seen: [string, unknown][] = [];
    app.ontoolinputpartial = (params) => seen.push(['partial', params]);
    app.ontoolinput = (params) => seen.push(['input', params]);
    app.ontoolresult = (result) => seen.push(['result', result]);
    app.ontoolcancelled = (params) => seen.push(['cancelled', params]);
    await app.connect(transport);
    await host.notify(UiMethod.ToolInputPartial, { arguments: { city: 'Par' } });
    await host.notify(UiMethod.ToolInput, { arguments: { city: 'Paris' } });
    await host.notify(UiMethod.ToolInputPartial, { arguments: { city: 'Pa' } });
    await host.notify(UiMethod.ToolResult, { content: 'not an array' } as never);
    await host.notify(UiMethod.ToolResult, {
      content: [{ type: 'text', text: 'Sunny' }],
      structuredContent: { t: 21 },
    });
    await host.notify(UiMethod.ToolCancelled, { reason: 'user stopped it' });
    await until(() => seen.length === 4, 'four notifications');
    expect(seen).toEqual([
      ['partial', { arguments: { city: 'Par' } }],
      ['input', { arguments: { city: 'Paris' } }],
      ['result', { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { t: 21 } }],
      ['cancelled', { reason: 'user stopped it' }],
    ]);
    expect(app.toolInput).toEqual({ arguments: { city: 'Paris' } });
    expect(app.toolResult?.structuredContent).toEqual({ t: 21 });
    expect(errors.map((error) => error.message)).toEqual([
      'Ignored ui/notifications/tool-input-partial from the host: it came after the complete tool input',
      'Ignored ui/notifications/tool-result from the host: params.content: expected an array of content blocks, got string',
    ]);
  });

  it('merges host context changes (theme, display mode) into hostContext', async () => {
    const { app, transport, host } = await hostAndApp();
    const changes: unknown[] = [];
    app.onhostcontextchanged = (context, changed) => changes.push({ context, changed });
    await app.connect(transport);
    await host.notify(UiMethod.HostContextChanged, { theme: 'dark' });
    await until(() => changes.length === 1, 'a context change');
    expect(changes[0]).toEqual({
      context: { ...HOST_RESULT.hostContext, theme: 'dark' },
      changed: { theme: 'dark' },
    });
    expect(app.hostContext.theme).toBe('dark');
    expect(app.hostContext.displayMode).toBe('inline');
  });

  it('answers ui/resource-teardown once onteardown settled, and answers ping', async () => {
    const { app, transport, host } = await hostAndApp();
    const order: string[] = [];
    app.onteardown = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      order.push('saved');
    };
    await app.connect(transport);
    expect(await host.request('ping')).toEqual({});
    expect(await host.request(UiMethod.ResourceTeardown, {})).toEqual({});
    order.push('answered');
    expect(order).toEqual(['saved', 'answered']);
  });
});

describe('App tools offered to the host', () => {
  it('declares appCapabilities.tools when it answers tools/call, and answers tools/list and tools/call', async () => {
    const { app, transport, host, received } = await hostAndApp();
    app.onlisttools = () => ({ tools: [{ name: 'select_bar', inputSchema: { type: 'object' } }] });
    app.oncalltool = ({ name, arguments: args }) => ({
      content: [{ type: 'text', text: `${name} ${JSON.stringify(args)}` }],
    });
    await app.connect(transport);
    expect(received[0]?.params?.appCapabilities).toEqual({ tools: {} });
    expect(await host.request('tools/list', {})).toEqual({
      tools: [{ name: 'select_bar', inputSchema: { type: 'object' } }],
    });
    expect(await host.request('tools/call', { name: 'select_bar', arguments: { month: 3 } })).toEqual({
      content: [{ type: 'text', text: 'select_bar {"month":3}' }],
    });
    await expect(host.request('tools/call', { arguments: {} })).rejects.toThrow(
      "Invalid params for 'tools/call': name: expected a string, got undefined",
    );
  });

  it('answers -32601 for tools/call when the app offers no tools', async () => {
    const { app, transport, host, received } = await hostAndApp();
    await app.connect(transport);
    expect(received[0]?.params?.appCapabilities).toEqual({});
    const failure = await host.request('tools/call', { name: 'x' }).catch((error: unknown) => error);
    expect((failure as JsonRpcError).code).toBe(-32601);
  });
});

describe('App requests to the host', () => {
  it('calls server tools, sends messages, opens links and updates model context through the host', async () => {
    const { app, transport, host } = await hostAndApp();
    const requests: [string, JSONObject | undefined][] = [];
    host.setRequestHandler('tools/call', (params) => {
      requests.push(['tools/call', params]);
      return { content: [{ type: 'text', text: '42' }], structuredContent: { answer: 42 } };
    });
    host.setRequestHandler(UiMethod.Message, (params) => {
      requests.push([UiMethod.Message, params]);
      return {};
    });
    host.setRequestHandler(UiMethod.OpenLink, (params) => {
      requests.push([UiMethod.OpenLink, params]);
      return { isError: true };
    });
    host.setRequestHandler(UiMethod.UpdateModelContext, (params) => {
      requests.push([UiMethod.UpdateModelContext, params]);
      return {};
    });
    await app.connect(transport);
    const result = await app.callServerTool({ name: 'compute', arguments: { x: 6 } });
    expect(result.structuredContent).toEqual({ answer: 42 });
    expect(
      await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Explain the chart' }] }),
    ).toEqual({});
    expect(await app.openLink('https://example.com/docs')).toEqual({ isError: true });
    await app.updateModelContext({ structuredContent: { selected: 'Q3' } });
    expect(requests).toEqual([
      ['tools/call', { name: 'compute', arguments: { x: 6 } }],
      [UiMethod.Message, { role: 'user', content: [{ type: 'text', text: 'Explain the chart' }] }],
      [UiMethod.OpenLink, { url: 'https://example.com/docs' }],
      [UiMethod.UpdateModelContext, { structuredContent: { selected: 'Q3' } }],
    ]);
  });

  it('rejects with the host error when the host refuses a tool call', async () => {
    const { app, transport, host } = await hostAndApp();
    host.setRequestHandler('tools/call', () => {
      throw new JsonRpcError(-32602, "Tool 'secret' is not visible to apps");
    });
    await app.connect(transport);
    const failure = await app.callServerTool({ name: 'secret' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JsonRpcError);
    expect((failure as JsonRpcError).message).toBe("Tool 'secret' is not visible to apps");
  });

  it('requests only display modes the host offers, and keeps the one granted', async () => {
    const { app, transport, host } = await hostAndApp();
    const asked: unknown[] = [];
    host.setRequestHandler(UiMethod.RequestDisplayMode, (params) => {
      asked.push(params);
      return { mode: 'fullscreen' };
    });
    await app.connect(transport);
    const failure = await app.requestDisplayMode('pip').catch((error: unknown) => error);
    expect((failure as AppError).code).toBe('DISPLAY_MODE_UNAVAILABLE');
    expect((failure as Error).message).toBe(
      'The host does not offer display mode pip; it offers inline, fullscreen',
    );
    expect(await app.requestDisplayMode('fullscreen')).toBe('fullscreen');
    expect(asked).toEqual([{ mode: 'fullscreen' }]);
    expect(app.hostContext.displayMode).toBe('fullscreen');
  });

  it('sends size changes, teardown requests and logs as notifications', async () => {
    const { app, transport, received } = await hostAndApp();
    await app.connect(transport);
    await app.sendSizeChanged({ width: 320, height: 240 });
    await app.requestTeardown();
    await app.log('info', { clicked: 'refresh' }, 'chart');
    await until(() => received.length === 5, 'three notifications');
    expect(received.slice(2)).toEqual([
      { method: UiMethod.SizeChanged, params: { width: 320, height: 240 } },
      { method: UiMethod.RequestTeardown, params: {} },
      {
        method: 'notifications/message',
        params: { level: 'info', data: { clicked: 'refresh' }, logger: 'chart' },
      },
    ]);
  });

  it('fails calls made before connecting or after closing, naming the call', async () => {
    const { app, transport, windows } = await hostAndApp();
    await expect(app.openLink('https://example.com')).rejects.toThrow(
      'Cannot send ui/open-link: the app is not connected to its host',
    );
    await app.connect(transport);
    let closed = 0;
    app.onclose = () => closed++;
    await app.close();
    expect(closed).toBe(1);
    expect(windows.app.listeners).toBe(0);
    await expect(app.callServerTool({ name: 'x' })).rejects.toThrow(
      'Cannot send tools/call: the app is not connected to its host',
    );
  });
});

describe('App auto-resize', () => {
  it('reports document size changes through a ResizeObserver, once per new size, until teardown', async () => {
    let height = 100;
    const observers: { callback: () => void; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        readonly record: { callback: () => void; disconnected: boolean };
        constructor(callback: () => void) {
          this.record = { callback, disconnected: false };
          observers.push(this.record);
        }
        observe() {
          this.record.callback();
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    vi.stubGlobal('document', {
      documentElement: { getBoundingClientRect: () => ({ width: 300.4, height }) },
    });
    const { app, transport, host, received } = await hostAndApp({ app: { autoResize: true } });
    await app.connect(transport);
    const observer = observers[0]!;
    observer.callback(); // same size: nothing sent
    height = 180;
    observer.callback();
    await until(
      () => received.filter((message) => message.method === UiMethod.SizeChanged).length === 2,
      'sizes',
    );
    expect(
      received.filter((message) => message.method === UiMethod.SizeChanged).map((message) => message.params),
    ).toEqual([
      { width: 301, height: 100 },
      { width: 301, height: 180 },
    ]);
    await host.request(UiMethod.ResourceTeardown, {});
    expect(observer.disconnected).toBe(true);
  });
});

describe('PostMessageTransport', () => {
  it('delivers only messages from its window, reports other origins and non-JSON-RPC data, and posts to the target origin', async () => {
    const windows = fakeWindowPair('https://host.example', 'https://sandbox.example');
    const transport = new PostMessageTransport({
      target: windows.app,
      listenOn: windows.host,
      targetOrigin: 'https://sandbox.example',
    });
    const messages: unknown[] = [];
    const errors: string[] = [];
    transport.onmessage = (message) => messages.push(message);
    transport.onerror = (error) => errors.push(error.message);
    await transport.start();
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    windows.host.receiveFrom({}, 'https://sandbox.example', ping); // another window: not ours, ignored
    windows.host.receiveFrom(windows.app, 'https://evil.example', ping);
    windows.host.receiveFrom(windows.app, 'https://sandbox.example', { type: 'devtools-hello' });
    windows.host.receiveFrom(windows.app, 'https://sandbox.example', ping);
    expect(messages).toEqual([ping]);
    expect(errors).toEqual([
      'Dropped a message from origin "https://evil.example": expected "https://sandbox.example"',
      'Dropped a message that is not JSON-RPC 2.0 (no "jsonrpc": "2.0" member)',
    ]);
    await transport.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} });
    expect(windows.app.posted).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} },
    ]);
  });

  it('closes once, removes its listener, and refuses to send afterwards', async () => {
    const windows = fakeWindowPair();
    const transport = new PostMessageTransport({ target: windows.host, listenOn: windows.app });
    let closes = 0;
    transport.onclose = () => closes++;
    await expect(transport.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(
      'PostMessageTransport cannot send: it is not started',
    );
    await transport.start();
    expect(windows.app.listeners).toBe(1);
    await transport.close();
    await transport.close();
    expect(closes).toBe(1);
    expect(windows.app.listeners).toBe(0);
    await expect(transport.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(
      'PostMessageTransport cannot send: it is closed',
    );
  });
});
