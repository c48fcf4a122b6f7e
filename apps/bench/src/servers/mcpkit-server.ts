import { PROTOCOL_VERSIONS } from '@mcpkit/protocol/essentials';
import { McpServer } from '@mcpkit/server';
import {
  bigResultText,
  SERVER_INFO,
  WIDE_TOOL_COUNT,
  type Wire,
  wideToolDescription,
  wideToolName,
} from './fixtures.js';
import { echoShape, progressShape, wideToolShapes } from './zod-fixtures.js';

// The bench tools on mcpkit. One McpServer is a registry built once; every connection (a stdio
// pipe, an HTTP session, or one stateless POST) gets its own cheap session from `connect`.

export function createMcpkitServer(tools: 'basic' | 'wide', wire: Wire = '2025'): McpServer {
  // 2026-07-28 is opt-in; a server that opts in serves both eras on one connection or endpoint.
  const server = new McpServer(SERVER_INFO, wire === '2026' ? { protocolVersions: PROTOCOL_VERSIONS } : {});
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
