// After (mcpkit): one Web handler keeps the sessions (and checks Host and Origin); `serve` runs it on
// node:http bound to 127.0.0.1. One McpServer serves every session.
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import * as z from 'zod';

const server = new McpServer({ name: 'echo', version: '1.0.0' });
server.tool('echo', { inputSchema: { message: z.string() } }, ({ message }) => message);

const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
const { url } = await serve(handler, { port: Number(process.env.PORT ?? 3000) });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);
