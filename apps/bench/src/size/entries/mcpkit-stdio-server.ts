// Size probe: the smallest stdio echo server on mcpkit.
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'echo', version: '1.0.0' });
server.tool('echo', { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
  content: [{ type: 'text', text }],
}));
await server.connect(new StdioServerTransport());
