// Matrix peer: a stdio server on the official SDK v2 (@modelcontextprotocol/server), the documented way.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { PEER_GREETING, PEER_RESOURCE_URI } from './peer-content.js';

const server = new McpServer({ name: 'official-v2-peer', version: '0.0.0' });
server.registerTool(
  'echo',
  { description: 'Echoes the message back.', inputSchema: z.object({ message: z.string() }) },
  async ({ message }) => ({ content: [{ type: 'text', text: message }] }),
);
server.registerResource(
  'greeting',
  PEER_RESOURCE_URI,
  { description: 'A fixed greeting.', mimeType: 'text/plain' },
  async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: PEER_GREETING }] }),
);
await server.connect(new StdioServerTransport());
