// Before (official SDK v1): a tool that asks the user a form question (elicitation), with a JSON Schema.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'bookings', version: '1.0.0' });

server.registerTool('book', { inputSchema: { restaurant: z.string() } }, async ({ restaurant }) => {
  const answer = await server.server.elicitInput({
    message: `Book a table at ${restaurant}?`,
    requestedSchema: {
      type: 'object',
      properties: { guests: { type: 'number', minimum: 1 }, terrace: { type: 'boolean' } },
      required: ['guests'],
    },
  });
  if (answer.action !== 'accept' || !answer.content)
    return { content: [{ type: 'text', text: 'Not booked' }] };
  const { guests, terrace } = answer.content;
  return { content: [{ type: 'text', text: `Booked for ${guests}${terrace ? ' on the terrace' : ''}` }] };
});

await server.connect(new StdioServerTransport());
