// After (mcpkit): `ctx.progress(progress, total, message)`, which does nothing when the request
// carried no progress token.
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'importer', version: '1.0.0' });

server.tool('import', { inputSchema: { files: z.array(z.string()) } }, async ({ files }, ctx) => {
  for (const [index, file] of files.entries())
    await ctx.progress(index + 1, files.length, `imported ${file}`);
  return `${files.length} files imported`;
});

await server.connect(new StdioServerTransport());
