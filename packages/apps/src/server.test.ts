import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { toolUiResourceUri, toolVisibleTo, UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';
import { appsExtension, clientSupportsApps, registerAppResource, registerAppTool } from './server.js';

const HTML = '<!doctype html><html><body>chart</body></html>';
const RESOURCE_META = {
  ui: {
    csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
    permissions: { clipboardWrite: {} },
    domain: 'chart.example-host.com',
    prefersBorder: true,
  },
};

function chartServer(protocolVersions?: readonly string[]) {
  const server = new McpServer(
    { name: 'chart-server', version: '1.0.0' },
    { capabilities: { extensions: appsExtension() }, ...(protocolVersions ? { protocolVersions } : {}) },
  );
  const view = registerAppResource(server, 'ui://chart/view.html', {
    name: 'Chart',
    description: 'An interactive chart',
    html: async () => HTML,
    ...RESOURCE_META.ui,
  });
  registerAppTool(
    server,
    'show_chart',
    { description: 'Shows a chart', inputSchema: { series: z.array(z.number()) }, ui: { resource: view } },
    ({ series }, ctx) =>
      clientSupportsApps(ctx.client.capabilities)
        ? `chart of ${series.length} points`
        : `points: ${series.join(', ')}`,
  );
  registerAppTool(
    server,
    'refresh_chart',
    { description: 'Reloads the data', inputSchema: {}, ui: { resource: view, visibility: ['app'] } },
    () => 'refreshed',
  );
  return server;
}

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connectInMemory(server: McpServer, options: ConstructorParameters<typeof McpClient>[1] = {}) {
  const [clientTransport, serverTransport] = createInMemoryTransportPair();
  await server.connect(serverTransport);
  const client = new McpClient({ name: 'host', version: '1.0.0' }, options);
  clients.push(client);
  await client.connect(clientTransport);
  return client;
}

const HOST_CAPABILITIES = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_RESOURCE_MIME_TYPE] } } };

async function expectAppServed(client: McpClient) {
  const { tools } = await client.listTools();
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  expect(byName.show_chart?._meta).toEqual({
    ui: { resourceUri: 'ui://chart/view.html' },
    'ui/resourceUri': 'ui://chart/view.html',
  });
  // App-only tools stay listed: the host needs them to let the app call them, and hides them from the model.
  expect(byName.refresh_chart?._meta).toEqual({
    ui: { resourceUri: 'ui://chart/view.html', visibility: ['app'] },
    'ui/resourceUri': 'ui://chart/view.html',
  });
  expect(tools.filter((tool) => toolVisibleTo(tool, 'model')).map((tool) => tool.name)).toEqual([
    'show_chart',
  ]);
  expect(toolUiResourceUri(byName.refresh_chart!)).toBe('ui://chart/view.html');
  const { resources } = await client.listResources();
  expect(resources).toEqual([
    {
      uri: 'ui://chart/view.html',
      name: 'Chart',
      description: 'An interactive chart',
      mimeType: UI_RESOURCE_MIME_TYPE,
      _meta: RESOURCE_META,
    },
  ]);
  const read = await client.readResource({ uri: 'ui://chart/view.html' });
  expect(read.contents).toEqual([
    { uri: 'ui://chart/view.html', mimeType: UI_RESOURCE_MIME_TYPE, text: HTML, _meta: RESOURCE_META },
  ]);
}

describe('MCP Apps on an mcpkit server', () => {
  it('serves linked tools and the UI resource with its metadata, and declares the extension (2025-11-25)', async () => {
    const client = await connectInMemory(chartServer(), { capabilities: HOST_CAPABILITIES });
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.serverCapabilities?.extensions).toEqual({ [UI_EXTENSION_ID]: {} });
    await expectAppServed(client);
    const result = await client.callTool({ name: 'show_chart', arguments: { series: [1, 2, 3] } });
    expect(result.content).toEqual([{ type: 'text', text: 'chart of 3 points' }]);
  });

  it('serves the same to a 2026-07-28 client, whose capabilities travel per request', async () => {
    const client = await connectInMemory(chartServer(['2025-11-25', '2026-07-28']), {
      capabilities: HOST_CAPABILITIES,
    });
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverCapabilities?.extensions?.[UI_EXTENSION_ID]).toEqual({});
    await expectAppServed(client);
    const result = await client.callTool({ name: 'show_chart', arguments: { series: [1, 2] } });
    expect(result.content).toEqual([{ type: 'text', text: 'chart of 2 points' }]);
  });

  it('serves tools and resources to an older revision too, and text to a client without MCP Apps', async () => {
    const client = await connectInMemory(chartServer(), { protocolVersion: '2025-06-18' });
    expect(client.protocolVersion).toBe('2025-06-18');
    // That revision has no capabilities.extensions; the tools and the resource carry everything.
    expect(client.serverCapabilities?.extensions).toBeUndefined();
    await expectAppServed(client);
    const result = await client.callTool({ name: 'show_chart', arguments: { series: [1, 2] } });
    expect(result.content).toEqual([{ type: 'text', text: 'points: 1, 2' }]);
  });

  it('serves the app over a real stdio process', async () => {
    const client = new McpClient({ name: 'host', version: '1.0.0' }, { capabilities: HOST_CAPABILITIES });
    clients.push(client);
    const script = fileURLToPath(new URL('../test/fixtures/app-server.mjs', import.meta.url));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [script] }));
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverCapabilities?.extensions?.[UI_EXTENSION_ID]).toEqual({});
    const { tools } = await client.listTools();
    expect(tools[0]?._meta?.ui).toEqual({ resourceUri: 'ui://chart/view.html' });
    const read = await client.readResource({ uri: 'ui://chart/view.html' });
    expect(read.contents[0]).toMatchObject({
      mimeType: UI_RESOURCE_MIME_TYPE,
      _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
    });
  });

  it('serves the app over Streamable HTTP on a real socket, to a 2025-11-25 session and a 2026-07-28 client', async () => {
    const server = chartServer(['2025-11-25', '2026-07-28']);
    const http = await serve(createStreamableHttpHandler({ server }), { port: 0 });
    try {
      const endpoint = new URL('/mcp', http.url);
      for (const protocolVersion of ['2025-11-25', undefined]) {
        const client = new McpClient(
          { name: 'host', version: '1.0.0' },
          {
            capabilities: HOST_CAPABILITIES,
            negotiationCache: false,
            ...(protocolVersion ? { protocolVersion } : {}),
          },
        );
        clients.push(client);
        await client.connect(new StreamableHttpClientTransport(endpoint));
        expect(client.protocolVersion).toBe(protocolVersion ?? '2026-07-28');
        expect(client.serverCapabilities?.extensions?.[UI_EXTENSION_ID]).toEqual({});
        await expectAppServed(client);
        const result = await client.callTool({ name: 'show_chart', arguments: { series: [4, 5, 6, 7] } });
        expect(result.content).toEqual([{ type: 'text', text: 'chart of 4 points' }]);
        await client.close();
      }
    } finally {
      await http.close();
    }
  });

  it('refuses what the specification forbids at registration, naming it', () => {
    const server = new McpServer({ name: 's', version: '1.0.0' });
    expect(() =>
      registerAppResource(server, 'https://example.com/view.html', { name: 'v', html: '' }),
    ).toThrow('MCP App resource URI must use the ui:// scheme, got "https://example.com/view.html"');
    expect(() =>
      registerAppResource(server, 'ui://v', {
        name: 'v',
        html: '',
        csp: { connectDomains: 'https://x' as never },
      }),
    ).toThrow('resource ui://v: _meta.ui.csp.connectDomains: expected an array of strings, got string');
    expect(() =>
      registerAppTool(server, 't', { ui: { resource: 'ui://v', visibility: ['user' as never] } }, () => ''),
    ).toThrow(`tool 't': _meta.ui.visibility[0]: expected model or app, got "user"`);
    expect(() =>
      registerAppTool(server, 't', { ui: { resource: 'ui://v', visibility: [] } }, () => ''),
    ).toThrow(`tool 't': _meta.ui.visibility is empty`);
    expect(() => registerAppTool(server, 't', { ui: { resource: 'file:///v.html' } }, () => '')).toThrow(
      `tool 't': _meta.ui.resourceUri: expected a ui:// URI, got "file:///v.html"`,
    );
  });

  it('tells whether a client renders MCP Apps', () => {
    expect(clientSupportsApps(HOST_CAPABILITIES)).toBe(true);
    expect(clientSupportsApps({ extensions: { [UI_EXTENSION_ID]: {} } } as never)).toBe(false);
    expect(clientSupportsApps({})).toBe(false);
    expect(clientSupportsApps(undefined)).toBe(false);
  });
});
