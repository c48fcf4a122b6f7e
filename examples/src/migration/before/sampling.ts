// Before (official SDK v1): a tool that asks the client's model (sampling) through the low-level server.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'summarizer', version: '1.0.0' });

server.registerTool('summarize', { inputSchema: { text: z.string() } }, async ({ text }) => {
  const answer = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
    systemPrompt: 'You write one-line summaries.',
    maxTokens: 100,
  });
  const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
  const summary = content?.type === 'text' ? content.text : '(no text)';
  return { content: [{ type: 'text', text: `Summary by ${answer.model}: ${summary}` }] };
});

await server.connect(new StdioServerTransport());
