// After (mcpkit): the same resources. The URI comes first, the name goes into the config, and a
// handler may return the text alone (sent with the URI and the config's mimeType).
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';

const users: Record<string, string> = { '1': 'Ada', '2': 'Grace' };
const server = new McpServer({ name: 'directory', version: '1.0.0' });

server.resource('config://app', { name: 'config', title: 'App config', mimeType: 'application/json' }, () =>
  JSON.stringify({ theme: 'dark' }),
);

server.resourceTemplate(
  'users://{id}/profile',
  {
    name: 'user',
    title: 'User profile',
    mimeType: 'text/plain',
    // Listed resources do not inherit the template's title and mimeType (v1 copies them): say them here.
    list: () =>
      Object.entries(users).map(([id, name]) => ({
        uri: `users://${id}/profile`,
        name,
        title: 'User profile',
        mimeType: 'text/plain',
      })),
  },
  (_uri, { id }) => `Profile of ${users[String(id)]}`,
);

await server.connect(new StdioServerTransport());
