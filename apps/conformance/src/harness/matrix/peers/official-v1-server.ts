// Matrix peer: a stdio server on the official SDK v1 (@modelcontextprotocol/sdk), the documented way.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { PEER_GREETING, PEER_RESOURCE_URI } from './peer-content.js';

const server = new McpServer({ name: 'official-v1-peer', version: '0.0.0' });
server.registerTool(
  'echo',
  { description: 'Echoes the message back.', inputSchema: { message: z.string() } },
  async ({ message }) => ({ content: [{ type: 'text', text: message }] }),
);
server.registerResource(
  'greeting',
  PEER_RESOURCE_URI,
  { description: 'A fixed greeting.', mimeType: 'text/plain' },
  async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: PEER_GREETING }] }),
);
await server.connect(new StdioServerTransport());
