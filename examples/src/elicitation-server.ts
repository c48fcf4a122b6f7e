// A tool that asks the user a question in the middle of a call (form elicitation): the client
// shows the form, the user answers, the tool goes on with typed, validated answers.
//
// Run:  pnpm -C examples build && node examples/dist/elicitation-client.js   (it starts this server)
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'restaurant', version: '1.0.0' });

server.tool(
  'book_table',
  { description: 'Books a table', inputSchema: { restaurant: z.string() } },
  async ({ restaurant }, ctx) => {
    const answer = await ctx.elicit(`Booking at ${restaurant}: when, and for how many?`, {
      date: z.string().describe('Day, YYYY-MM-DD'),
      guests: z.number().int().min(1).max(12),
    });
    if (answer.action !== 'accept') return `No booking (the user chose ${answer.action})`;
    const { date, guests } = answer.content; // typed from the schema above
    return `Booked ${restaurant} on ${date} for ${guests}`;
  },
);

await server.connect(new StdioServerTransport());
