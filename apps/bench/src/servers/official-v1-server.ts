import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  bigResultText,
  SERVER_INFO,
  WIDE_TOOL_COUNT,
  wideToolDescription,
  wideToolName,
} from './fixtures.js';
import { echoShape, progressShape, wideToolShapes } from './zod-fixtures.js';

// The bench tools on the official SDK v1 (@modelcontextprotocol/sdk), written the documented way.

export function createOfficialV1Server(tools: 'basic' | 'wide'): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
  if (tools === 'wide') {
    const shapes = wideToolShapes();
    for (let t = 0; t < WIDE_TOOL_COUNT; t++) {
      server.registerTool(
        wideToolName(t),
        { description: wideToolDescription(t), inputSchema: shapes[t]! },
        async () => ({ content: [{ type: 'text', text: 'ok' }] }),
      );
    }
    return server;
  }
  server.registerTool(
    'echo',
    { description: 'Echo the text back', inputSchema: echoShape },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  server.registerTool('big', { description: 'Return 1 MiB of text', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: bigResultText() }],
  }));
  server.registerTool(
    'progress',
    { description: 'Send progress notifications', inputSchema: progressShape },
    async ({ count }, extra) => {
      const progressToken = extra._meta?.progressToken;
      if (progressToken !== undefined) {
        for (let i = 1; i <= count; i++) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: i, total: count },
          });
        }
      }
      return { content: [{ type: 'text', text: `sent ${count}` }] };
    },
  );
  return server;
}
