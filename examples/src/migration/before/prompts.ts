// Before (official SDK v1): a prompt with a required and an optional argument.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'reviewer', version: '1.0.0' });

server.registerPrompt(
  'review',
  {
    title: 'Code review',
    description: 'Asks for a code review',
    argsSchema: { code: z.string().describe('The code'), focus: z.string().optional() },
  },
  ({ code, focus }) => ({
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: `Review this code${focus ? ` for ${focus}` : ''}:\n${code}` },
      },
    ],
  }),
);

await server.connect(new StdioServerTransport());
