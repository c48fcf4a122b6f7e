import { McpServer } from '@mcpkit/server';
import {
  bigResultText,
  SERVER_INFO,
  WIDE_TOOL_COUNT,
  wideToolDescription,
  wideToolName,
} from './fixtures.js';
import { echoShape, progressShape, wideToolShapes } from './zod-fixtures.js';

// The bench tools on mcpkit. One McpServer is a registry built once; every connection (a stdio
// pipe, an HTTP session, or one stateless POST) gets its own cheap session from `connect`.

export function createMcpkitServer(tools: 'basic' | 'wide'): McpServer {
  const server = new McpServer(SERVER_INFO);
  if (tools === 'wide') {
    const shapes = wideToolShapes();
    for (let t = 0; t < WIDE_TOOL_COUNT; t++) {
      server.tool(wideToolName(t), { description: wideToolDescription(t), inputSchema: shapes[t]! }, () => ({
        content: [{ type: 'text', text: 'ok' }],
      }));
    }
    return server;
  }
  server.tool('echo', { description: 'Echo the text back', inputSchema: echoShape }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  server.tool('big', { description: 'Return 1 MiB of text' }, () => ({
    content: [{ type: 'text', text: bigResultText() }],
  }));
  server.tool(
    'progress',
    { description: 'Send progress notifications', inputSchema: progressShape },
    async ({ count }, ctx) => {
      for (let i = 1; i <= count; i++) await ctx.progress(i, count);
      return { content: [{ type: 'text', text: `sent ${count}` }] };
    },
  );
  return server;
}
