// The MCP endpoint in a Hono app through the @mcpkit/hono middleware. Hono speaks Web
// Request/Response, so the same app runs on Bun, Deno or Workers (export `app`), and here on Node
// through @hono/node-server.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-hono.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp
import { serve } from '@hono/node-server';
import { mcp } from '@mcpkit/hono';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { Hono } from 'hono';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.all('/mcp', mcp(handler));

const listener = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' },
  (info) => console.log(`MCP endpoint: http://127.0.0.1:${info.port}/mcp`),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await handler.close(); // ends sessions and their streams first, so the server can close
    listener.close();
  });
}
