// The MCP Apps server helper of @modelcontextprotocol/ext-apps, written against the official SDK
// (`Pick<McpServer, 'registerTool'>`, `Pick<McpServer, 'registerResource'>`), registers an app tool
// and its UI resource on an mcpkit server unchanged; an mcpkit client lists the tool with its
// `_meta.ui`, calls it, and reads the resource. Before registerTool/registerResource existed on
// mcpkit's McpServer this failed with "registerTool is not a function".
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server/official-sdk';
import {
  RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const VIEW_URI = 'ui://weather/view.html';
const VIEW_HTML = '<!doctype html><title>Weather</title><div id="app"></div>';

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function weatherServer() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  const seenUris: unknown[] = [];
  const tool = registerAppTool(
    server,
    'get-weather',
    {
      title: 'Get weather',
      description: 'Shows the weather in a city',
      inputSchema: z.object({ city: z.string() }),
      _meta: { ui: { resourceUri: VIEW_URI } },
    },
    // Typed by ext-apps with the official SDK v2 ServerContext: mcpkit's extra carries its mcpReq.
    async ({ city }, ctx) => ({
      content: [{ type: 'text', text: `Sunny in ${city} (${ctx.mcpReq.method})` }],
      structuredContent: { city, sky: 'sunny' },
    }),
  );
  const resource = registerAppResource(
    server,
    'Weather view',
    VIEW_URI,
    { description: 'The weather app' },
    async (uri) => {
      seenUris.push(uri);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: RESOURCE_MIME_TYPE,
            text: VIEW_HTML,
            _meta: { ui: { prefersBorder: true } },
          },
        ],
      };
    },
  );
  return { server, tool, resource, seenUris };
}

async function connect(server: McpServer): Promise<McpClient> {
  const [clientSide, serverSide] = createInMemoryTransportPair();
  await server.connect(serverSide);
  const client = new McpClient({ name: 'host', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

describe('@modelcontextprotocol/ext-apps server helper on an mcpkit server', () => {
  it('registers the app tool with its _meta.ui and the UI resource with the MCP Apps MIME type', async () => {
    const { server, seenUris } = weatherServer();
    const client = await connect(server);

    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: 'get-weather',
        title: 'Get weather',
        description: 'Shows the weather in a city',
        inputSchema: expect.objectContaining({ type: 'object', required: ['city'] }),
        // The helper mirrors ui.resourceUri under the legacy flat key.
        _meta: { ui: { resourceUri: VIEW_URI }, [RESOURCE_URI_META_KEY]: VIEW_URI },
      },
    ]);

    expect(await client.callTool({ name: 'get-weather', arguments: { city: 'Lyon' } })).toEqual({
      content: [{ type: 'text', text: 'Sunny in Lyon (tools/call)' }],
      structuredContent: { city: 'Lyon', sky: 'sunny' },
    });

    const { resources } = await client.listResources();
    expect(resources).toEqual([
      { uri: VIEW_URI, name: 'Weather view', description: 'The weather app', mimeType: RESOURCE_MIME_TYPE },
    ]);
    expect(await client.readResource({ uri: VIEW_URI })).toEqual({
      contents: [
        {
          uri: VIEW_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: VIEW_HTML,
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    });
    // The read callback got the URI as a URL, as the official SDK passes it.
    expect(seenUris).toHaveLength(1);
    expect(seenUris[0]).toBeInstanceOf(URL);
    expect((seenUris[0] as URL).href).toBe(VIEW_URI);
  });

  it('returns handles that disable and remove the app tool and resource', async () => {
    const { server, tool, resource } = weatherServer();
    const client = await connect(server);
    tool.disable();
    expect((await client.listTools()).tools).toEqual([]);
    tool.enable();
    expect((await client.listTools()).tools.map((listed) => listed.name)).toEqual(['get-weather']);
    resource.remove();
    expect(server.resources.size).toBe(0);
  });
});
