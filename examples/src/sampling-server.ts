// A tool that asks the client's language model for a completion (sampling): the server needs no
// model or API key of its own.
//
// Run:  pnpm -C examples build && node examples/dist/sampling-client.js   (it starts this server)
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'summarizer', version: '1.0.0' });

server.tool(
  'summarize',
  { description: 'Summarizes a text with the client’s model', inputSchema: { text: z.string() } },
  async ({ text }, ctx) => {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one line:\n\n${text}` } }],
      maxTokens: 100,
    });
    const blocks = Array.isArray(answer.content) ? answer.content : [answer.content]; // one or several
    const summary = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return `Summary by ${answer.model}: ${summary}`;
  },
);

await server.connect(new StdioServerTransport());
