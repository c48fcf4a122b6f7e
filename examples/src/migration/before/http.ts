// Before (official SDK v1): Streamable HTTP on node:http. One transport and one McpServer per
// session, kept in a map by the program and fed Node's req/res.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: message }],
  }));
  return server;
}

const transports = new Map<string, StreamableHTTPServerTransport>();
const http = createServer(async (req, res) => {
  if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') return void res.writeHead(404).end();
  const sessionId = req.headers['mcp-session-id'];
  let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
  if (!transport) {
    const created = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void transports.set(id, created),
    });
    created.onclose = () => {
      if (created.sessionId) transports.delete(created.sessionId);
    };
    await createMcpServer().connect(created);
    transport = created;
  }
  await transport.handleRequest(req, res);
});
http.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`MCP endpoint: http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
});
