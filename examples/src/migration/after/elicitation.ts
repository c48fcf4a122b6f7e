// After (mcpkit): `ctx.elicit(message, schema)` takes a zod shape (or JSON Schema) and types and
// checks the answer's content against it.
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'bookings', version: '1.0.0' });

server.tool('book', { inputSchema: { restaurant: z.string() } }, async ({ restaurant }, ctx) => {
  const answer = await ctx.elicit(`Book a table at ${restaurant}?`, {
    guests: z.number().min(1),
    terrace: z.boolean().optional(),
  });
  if (answer.action !== 'accept') return 'Not booked';
  const { guests, terrace } = answer.content;
  return `Booked for ${guests}${terrace ? ' on the terrace' : ''}`;
});

await server.connect(new StdioServerTransport());
