// The server most examples serve: a tool, a resource template and a prompt. It knows no transport;
// stdio-server.ts and the http-*.ts examples each connect it to one.
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

export function createDemoServer(): McpServer {
  const server = new McpServer(
    { name: 'demo', version: '1.0.0' },
    { instructions: 'A demo server: echo, add, a greeting resource and a prompt.' },
  );

  server.tool(
    'echo',
    { description: 'Echoes a message', inputSchema: { message: z.string().describe('What to echo') } },
    ({ message }) => `Echo: ${message}`, // the arguments are typed from the schema
  );

  server.tool(
    'add',
    {
      description: 'Adds two numbers',
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { sum: z.number() },
    },
    ({ a, b }) => ({ sum: a + b }), // with an outputSchema, return the structured value
  );

  server.resourceTemplate(
    'greeting://{name}',
    { name: 'greeting', description: 'A greeting for a name', mimeType: 'text/plain' },
    (_uri, { name }) => `Hello, ${name}!`,
  );

  server.prompt(
    'review',
    { description: 'Asks the model to review some code', arguments: z.object({ code: z.string() }) },
    ({ code }) => `Please review this code:\n\n${code}`,
  );

  return server;
}
