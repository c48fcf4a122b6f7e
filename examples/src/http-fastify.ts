// The MCP endpoint mounted in Fastify 5 with the @mcpkit/fastify plugin: it makes the handler,
// lets it read request bodies itself (its own limits and JSON-RPC errors), writes SSE straight to
// the socket, and closes the handler when Fastify closes.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-fastify.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp
import { mcpPlugin } from '@mcpkit/fastify';
import Fastify from 'fastify';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();

const app = Fastify();
await app.register(mcpPlugin, { handlerOptions: { onSession: (transport) => server.connect(transport) } });

const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`MCP endpoint: ${address}/mcp`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close()); // the plugin's preClose hook closes the handler first
}
