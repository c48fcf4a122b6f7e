// The MCP endpoint mounted in an Express 5 app, next to the app's own routes.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-express.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp
import type { AddressInfo } from 'node:net';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import express from 'express';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
const nodeHandler = toNodeHandler(handler);

const app = express();
app.use(express.json()); // fine: the handler takes the body Express already parsed
app.get('/health', (_req, res) => void res.send('ok'));
app.all('/mcp', (req, res) => void nodeHandler(req, res));

const listener = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { port } = listener.address() as AddressInfo;
  console.log(`MCP endpoint: http://127.0.0.1:${port}/mcp`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await handler.close(); // ends sessions and their streams first, so listener.close() can finish
    listener.close();
  });
}
