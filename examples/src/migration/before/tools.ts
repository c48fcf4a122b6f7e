// Before (official SDK v1): a tool with an input and an output schema, and one that fails.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'weather', version: '1.0.0' });

server.registerTool(
  'forecast',
  {
    title: 'Forecast',
    description: 'Temperatures for the next days',
    inputSchema: { city: z.string(), days: z.number().int().min(1).max(3) },
    outputSchema: { city: z.string(), temperatures: z.array(z.number()) },
    annotations: { readOnlyHint: true },
  },
  async ({ city, days }) => {
    const forecast = { city, temperatures: Array.from({ length: days }, (_, day) => 20 + day) };
    return { content: [{ type: 'text', text: JSON.stringify(forecast) }], structuredContent: forecast };
  },
);

server.registerTool(
  'alerts',
  { description: 'Weather alerts', inputSchema: { city: z.string() } },
  async ({ city }) => {
    throw new Error(`No alerts service for ${city}`);
  },
);

await server.connect(new StdioServerTransport());
