// The mountings without an adapter package, over 127.0.0.1 sockets: node:http (toNodeHandler),
// Express 5 (after express.json()) and Koa 3 (after @koa/bodyparser). Each serves our client at
// 2026-07-28 and as a 2025-11-25 session with SSE progress, and keeps serve()'s DNS-rebinding
// protection: a foreign Host or Origin gets 403.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import bodyParser from '@koa/bodyparser';
import { demoServer, initializeWith, ourClientRound } from '@mcpkit/test-support';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import express from 'express';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function mcpHandler(): StreamableHttpHandler {
  const server = demoServer();
  const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
  cleanups.push(() => handler.close({ timeoutMs: 1000 }));
  return handler;
}

async function listen(listener: RequestListener): Promise<URL> {
  const server: Server = createServer(listener);
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

const mountings: Record<string, (handler: StreamableHttpHandler) => RequestListener> = {
  'node:http': (handler) => {
    const nodeHandler = toNodeHandler(handler);
    return (req, res) => void nodeHandler(req, res);
  },
  'Express 5': (handler) => {
    const nodeHandler = toNodeHandler(handler);
    const app = express();
    app.use(express.json());
    app.all('/mcp', (req, res) => void nodeHandler(req, res));
    return app;
  },
  Koa: (handler) => {
    const nodeHandler = toNodeHandler(handler);
    const app = new Koa();
    app.use(bodyParser());
    app.use(async (ctx, next) => {
      if (ctx.path !== '/mcp') return next();
      ctx.respond = false;
      await nodeHandler(ctx.req, ctx.res, (ctx.request as { body?: unknown }).body);
    });
    return app.callback();
  },
};

describe.each(Object.entries(mountings))('mounted in %s', (_name, mount) => {
  it('serves our client at 2026-07-28 and as a 2025-11-25 session with SSE progress', async () => {
    const url = await listen(mount(mcpHandler()));
    await ourClientRound(url);
    await ourClientRound(url, '2025-11-25');
  });

  it('refuses a foreign Host or Origin with 403, as serve() does', async () => {
    const url = await listen(mount(mcpHandler()));
    expect((await initializeWith(url, { host: 'evil.example' })).status).toBe(403);
    expect((await initializeWith(url, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await initializeWith(url, { host: `localhost:${url.port}` })).status).not.toBe(403);
  });
});
