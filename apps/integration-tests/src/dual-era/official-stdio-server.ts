// An official SDK server over stdio for the dual-era tests: `node official-stdio-server.js v2`
// serves the official v2 server (2026-07-28 and older), `... v1` the official v1 server (2025 era).
import { McpServer as V1Server } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport as V1Stdio } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpServer as V2Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const era = process.argv[2];
if (era === 'v2') {
  serveStdio(() => {
    const server = new V2Server({ name: 'official-v2-stdio', version: '2.4.0' });
    server.registerTool('echo', { inputSchema: z.object({ message: z.string() }) }, async ({ message }) => ({
      content: [{ type: 'text', text: `v2: ${message}` }],
    }));
    return server;
  });
} else if (era === 'v1') {
  const server = new V1Server({ name: 'official-v1-stdio', version: '1.32.2' });
  server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `v1: ${message}` }],
  }));
  await server.connect(new V1Stdio());
} else {
  process.stderr.write(`usage: official-stdio-server.js v1|v2 (got ${String(era)})\n`);
  process.exitCode = 2;
}
