// Before (official SDK v1): a long tool that reports progress when the client asked for it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'importer', version: '1.0.0' });

server.registerTool('import', { inputSchema: { files: z.array(z.string()) } }, async ({ files }, extra) => {
  const progressToken = extra._meta?.progressToken;
  for (const [index, file] of files.entries()) {
    if (progressToken !== undefined) {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: index + 1, total: files.length, message: `imported ${file}` },
      });
    }
  }
  return { content: [{ type: 'text', text: `${files.length} files imported` }] };
});

await server.connect(new StdioServerTransport());
