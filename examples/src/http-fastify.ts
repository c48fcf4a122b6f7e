// The MCP endpoint mounted in Fastify 5. Fastify reads (and so consumes) the request body before
// the route runs: pass `request.body` to the handler, which then does not read the stream again,
// and `reply.hijack()` so Fastify leaves the response to it.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-fastify.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import Fastify from 'fastify';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
const nodeHandler = toNodeHandler(handler);

const app = Fastify();
app.all('/mcp', async (request, reply) => {
  reply.hijack();
  await nodeHandler(request.raw, reply.raw, request.body);
});

const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`MCP endpoint: ${address}/mcp`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await handler.close();
    await app.close();
  });
}
