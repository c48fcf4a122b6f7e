import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { describe, expect, it } from 'vitest';
import { fakeWindowPair } from '../../test/fake-windows.js';
import { App } from './app.js';
import { PostMessageTransport } from './post-message-transport.js';

// Our App inside the ext-apps SDK's host bridge (AppBridge, the reference host side), over postMessage
// between fake windows: the specification's main flows, as the reference host implements them.

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 200; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('App inside the ext-apps AppBridge', () => {
  it('completes the handshake, gets input and result, calls a server tool, sends a message, changes display mode and tears down', async () => {
    const windows = fakeWindowPair();
    const bridge = new AppBridge(
      null,
      { name: 'reference-host', version: '2.0.4' },
      { openLinks: {}, serverTools: {} },
      {
        hostContext: {
          theme: 'light',
          displayMode: 'inline',
          availableDisplayModes: ['inline', 'fullscreen'],
        },
      },
    );
    const seen: string[] = [];
    let initialized = false;
    bridge.oninitialized = () => {
      initialized = true;
    };
    bridge.oncalltool = async (params) => {
      seen.push(`tools/call ${params.name} ${JSON.stringify(params.arguments)}`);
      return { content: [{ type: 'text', text: 'refreshed' }], structuredContent: { total: 3 } };
    };
    bridge.onmessage = async (params) => {
      seen.push(`ui/message ${params.role} ${JSON.stringify(params.content)}`);
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      seen.push(`ui/request-display-mode ${mode}`);
      return { mode };
    };
    bridge.onsizechange = ({ width, height }) => {
      seen.push(`size ${width}x${height}`);
    };
    await bridge.connect(new PostMessageTransport({ target: windows.app, listenOn: windows.host }) as never);

    const app = new App(
      { name: 'our-app', version: '1.0.0' },
      { autoResize: false, capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } },
    );
    const received: unknown[] = [];
    app.ontoolinput = (params) => received.push(['input', params]);
    app.ontoolresult = (result) => received.push(['result', result]);
    let tornDown = false;
    app.onteardown = () => {
      tornDown = true;
    };
    await app.connect(new PostMessageTransport({ target: windows.host, listenOn: windows.app }));
    expect(app.hostInfo).toEqual({ name: 'reference-host', version: '2.0.4' });
    expect(app.hostContext.theme).toBe('light');
    await until(() => initialized, 'the bridge to see ui/notifications/initialized');
    expect(bridge.getAppVersion()).toEqual({ name: 'our-app', version: '1.0.0' });
    expect(bridge.getAppCapabilities()?.availableDisplayModes).toEqual(['inline', 'fullscreen']);

    await bridge.sendToolInput({ arguments: { city: 'Paris' } });
    await bridge.sendToolResult({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { t: 21 } });
    await until(() => received.length === 2, 'input and result');
    expect(received).toEqual([
      ['input', { arguments: { city: 'Paris' } }],
      ['result', { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { t: 21 } }],
    ]);

    const result = await app.callServerTool({ name: 'refresh', arguments: { city: 'Paris' } });
    expect(result.structuredContent).toEqual({ total: 3 });
    expect(await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi' }] })).toEqual({});
    expect(await app.requestDisplayMode('fullscreen')).toBe('fullscreen');
    await app.sendSizeChanged({ width: 400, height: 300 });
    await bridge.sendHostContextChange({ theme: 'dark' });
    await until(
      () => app.hostContext.theme === 'dark' && seen.length === 4,
      'the context change and the size',
    );
    expect(seen).toEqual([
      'tools/call refresh {"city":"Paris"}',
      'ui/message user [{"type":"text","text":"hi"}]',
      'ui/request-display-mode fullscreen',
      'size 400x300',
    ]);

    expect(await bridge.teardownResource({})).toEqual({});
    expect(tornDown).toBe(true);
    await app.close();
    await bridge.close();
    expect(windows.app.listeners + windows.host.listeners).toBe(0);
  });
});
