// The MCP endpoint in a Hono app. Hono speaks Web Request/Response, so it takes the handler as is;
// the same app runs on Bun, Deno or Workers (export `app`), and here on Node through `serve()`.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-hono.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { Hono } from 'hono';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.all('/mcp', (c) => handler(c.req.raw));

const { url, close } = await serve(async (request) => app.fetch(request), {
  port: Number(process.env.PORT ?? 3000),
});
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await handler.close(); // serve() closes only the http server here: the handler is inside Hono
    await close();
  });
}
