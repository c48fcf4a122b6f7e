// A client that answers a server's questions (elicitation). A real client shows the form to the
// user; this one fills it in from fixed answers, so it runs unattended.
//
// Run:  pnpm -C examples build && node examples/dist/elicitation-client.js
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';

const client = new McpClient(
  { name: 'elicitation-client', version: '1.0.0' },
  {
    // Declares the elicitation capability; called for each elicitation/create.
    elicitation: async (params) => {
      console.log(`server asks: ${params.message}`);
      return { action: 'accept', content: { date: '2026-08-01', guests: 4 } };
    },
  },
);

const serverScript = fileURLToPath(new URL('./elicitation-server.js', import.meta.url));
await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverScript] }));
const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Chez Nous' } });
for (const block of result.content) if (block.type === 'text') console.log(block.text);
await client.close();
