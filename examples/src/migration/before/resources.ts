// Before (official SDK v1): a static resource and a resource template that lists its resources.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const users: Record<string, string> = { '1': 'Ada', '2': 'Grace' };
const server = new McpServer({ name: 'directory', version: '1.0.0' });

server.registerResource(
  'config',
  'config://app',
  { title: 'App config', mimeType: 'application/json' },
  async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ theme: 'dark' }) }],
  }),
);

server.registerResource(
  'user',
  new ResourceTemplate('users://{id}/profile', {
    list: async () => ({
      resources: Object.entries(users).map(([id, name]) => ({ uri: `users://${id}/profile`, name })),
    }),
  }),
  { title: 'User profile', mimeType: 'text/plain' },
  async (uri, { id }) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Profile of ${users[String(id)]}` }],
  }),
);

await server.connect(new StdioServerTransport());
