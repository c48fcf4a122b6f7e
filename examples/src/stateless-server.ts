// A server of the stateless 2026-07-28 revision over HTTP: no initialize, no session; every
// request carries what the server needs to know (`_meta`). A question to the user is an
// `input_required` result; the client answers and sends the call again (multi round-trip).
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/stateless-server.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp echo '{"message":"hi"}'
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import * as z from 'zod';

const server = new McpServer(
  { name: 'stateless-demo', version: '1.0.0' },
  { protocolVersions: ['2026-07-28'] },
);

server.tool('echo', { inputSchema: { message: z.string() } }, ({ message }) => `Echo: ${message}`);

server.tool('delete_file', { inputSchema: { path: z.string() } }, async ({ path }, ctx) => {
  // Under 2026-07-28 this ends the call with input_required; the retry carries the answer, and
  // the handler runs again from the start and gets it here.
  const answer = await ctx.elicit(`Really delete ${path}?`, { confirm: z.boolean() });
  return answer.action === 'accept' && answer.content.confirm ? `Deleted ${path}` : `Kept ${path}`;
});

// Each 2026-07-28 request gets its own short-lived transport; connecting it costs next to nothing.
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
const { url, close } = await serve(handler, { port: Number(process.env.PORT ?? 3000) });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());
