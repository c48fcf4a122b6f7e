// After (mcpkit): the same prompt. `arguments` takes a zod object; a returned string is one user message.
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'reviewer', version: '1.0.0' });

server.prompt(
  'review',
  {
    title: 'Code review',
    description: 'Asks for a code review',
    arguments: z.object({ code: z.string().describe('The code'), focus: z.string().optional() }),
  },
  ({ code, focus }) => `Review this code${focus ? ` for ${focus}` : ''}:\n${code}`,
);

await server.connect(new StdioServerTransport());
