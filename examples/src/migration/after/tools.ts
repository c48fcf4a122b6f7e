// After (mcpkit): the same tools. A handler returns the structured value itself (also sent as JSON
// text); a thrown error becomes an `isError` result, as before.
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'weather', version: '1.0.0' });

server.tool(
  'forecast',
  {
    title: 'Forecast',
    description: 'Temperatures for the next days',
    inputSchema: { city: z.string(), days: z.number().int().min(1).max(3) },
    outputSchema: { city: z.string(), temperatures: z.array(z.number()) },
    annotations: { readOnlyHint: true },
  },
  ({ city, days }) => ({ city, temperatures: Array.from({ length: days }, (_, day) => 20 + day) }),
);

server.tool('alerts', { description: 'Weather alerts', inputSchema: { city: z.string() } }, ({ city }) => {
  throw new Error(`No alerts service for ${city}`);
});

await server.connect(new StdioServerTransport());
