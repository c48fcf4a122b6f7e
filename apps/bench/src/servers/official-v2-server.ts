import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  bigResultText,
  SERVER_INFO,
  WIDE_TOOL_COUNT,
  wideToolDescription,
  wideToolName,
} from './fixtures.js';
import { echoShape, progressShape, wideToolShapes } from './zod-fixtures.js';

// The bench tools on the official SDK v2 (@modelcontextprotocol/server), written the documented way.

const echoInput = z.object(echoShape);
const progressInput = z.object(progressShape);
const emptyInput = z.object({});
let wideInputs: z.ZodObject[] | undefined;

export function createOfficialV2Server(tools: 'basic' | 'wide'): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
  if (tools === 'wide') {
    wideInputs ??= wideToolShapes().map((shape) => z.object(shape));
    for (let t = 0; t < WIDE_TOOL_COUNT; t++) {
      server.registerTool(
        wideToolName(t),
        { description: wideToolDescription(t), inputSchema: wideInputs[t]! },
        async () => ({ content: [{ type: 'text', text: 'ok' }] }),
      );
    }
    return server;
  }
  server.registerTool(
    'echo',
    { description: 'Echo the text back', inputSchema: echoInput },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  server.registerTool('big', { description: 'Return 1 MiB of text', inputSchema: emptyInput }, async () => ({
    content: [{ type: 'text', text: bigResultText() }],
  }));
  server.registerTool(
    'progress',
    { description: 'Send progress notifications', inputSchema: progressInput },
    async ({ count }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        for (let i = 1; i <= count; i++) {
          await ctx.mcpReq.notify({
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
