// After (mcpkit): `ctx.sample(params)` from the handler's context (it checks the client's sampling
// capability first).
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'summarizer', version: '1.0.0' });

server.tool('summarize', { inputSchema: { text: z.string() } }, async ({ text }, ctx) => {
  const answer = await ctx.sample({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
    systemPrompt: 'You write one-line summaries.',
    maxTokens: 100,
  });
  const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
  const summary = content?.type === 'text' ? content.text : '(no text)';
  return `Summary by ${answer.model}: ${summary}`;
});

await server.connect(new StdioServerTransport());
