// The MCP endpoint mounted in Koa 3, behind @koa/bodyparser: the handler takes the parsed body.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-koa.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp
import type { AddressInfo } from 'node:net';
import bodyParser from '@koa/bodyparser';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import Koa from 'koa';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
const nodeHandler = toNodeHandler(handler);

const app = new Koa();
app.use(bodyParser());
app.use(async (ctx, next) => {
  if (ctx.path !== '/mcp') return next();
  ctx.respond = false; // the handler writes the response itself
  await nodeHandler(ctx.req, ctx.res, ctx.request.body);
});

const listener = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { port } = listener.address() as AddressInfo;
  console.log(`MCP endpoint: http://127.0.0.1:${port}/mcp`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await handler.close();
    listener.close();
  });
}
