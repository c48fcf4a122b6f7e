// The handler mounted in the frameworks people use, over real 127.0.0.1 sockets: Express 5 (its
// JSON parser ran, the router is mounted under a prefix), Fastify 5 (`request.raw`/`reply.raw`,
// its parsed body passed in), Koa 3 (with @koa/bodyparser) and Hono (its Web `Request`). Each
// serves a session: initialize, a call answered as JSON, a call answered as SSE, then DELETE.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import bodyParser from '@koa/bodyparser';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '../handler.js';
import { connectFakeServer, type FakeServer } from '../test-helpers/fake-server.js';
import { ACCEPT_BOTH, initializeMessage, messagesOf, request, SseReader } from '../test-helpers/http.js';
import { serve, toNodeHandler } from './index.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function mcpHandler(): { handler: StreamableHttpHandler; servers: FakeServer[] } {
  const servers: FakeServer[] = [];
  const handler = createStreamableHttpHandler({
    onSession: async (transport) => {
      await connectFakeServer(transport, servers);
    },
  });
  cleanups.push(() => handler.close({ timeoutMs: 100 }));
  return { handler, servers };
}

function listen(server: Server): Promise<string> {
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A whole session at `url`: JSON answers, an SSE answer with progress, resumption headers, DELETE. */
async function exerciseSession(url: string, servers: FakeServer[]): Promise<void> {
  const init = await post(url, initializeMessage());
  expect(init.status).toBe(200);
  const sessionId = init.headers.get('mcp-session-id')!;
  expect(await init.json()).toMatchObject({ result: { serverInfo: { name: 'fake' } } });
  const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
  expect((await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(
    202,
  );
  const echo = await post(url, request('echo', 1, { hi: 'there' }), headers);
  expect(await echo.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { hi: 'there' } } });
  const progress = await post(url, request('progress', 2), headers);
  expect(progress.headers.get('content-type')).toBe('text/event-stream');
  expect(messagesOf(await new SseReader(progress).rest())).toEqual([
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 2 } },
    { jsonrpc: '2.0', id: 2, result: { done: true } },
  ]);
  expect(servers[0]!.received.at(-1)?.extra?.requestHeaders?.get('mcp-session-id')).toBe(sessionId);
  const deleted = await fetch(url, { method: 'DELETE', headers });
  expect(deleted.status).toBe(200);
  expect(servers[0]!.closed).toBe(true);
}

describe('mounted in frameworks', () => {
  it('Express 5: after express.json(), in a router mounted at /api', async () => {
    const { handler, servers } = mcpHandler();
    const nodeHandler = toNodeHandler(handler);
    const app = express();
    const router = express.Router();
    router.all('/mcp', (req, res) => void nodeHandler(req, res));
    app.use(express.json());
    app.use('/api', router);
    const base = await listen(createServer(app));
    await exerciseSession(`${base}/api/mcp`, servers);
  });

  it('Fastify 5: request.raw and reply.raw, with the body Fastify parsed passed in', async () => {
    const { handler, servers } = mcpHandler();
    const nodeHandler = toNodeHandler(handler);
    const app = Fastify();
    cleanups.push(() => app.close());
    app.all('/mcp', async (request, reply) => {
      reply.hijack();
      await nodeHandler(request.raw, reply.raw, request.body);
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await exerciseSession(`${base}/mcp`, servers);
  });

  it('Koa 3: ctx.req and ctx.res after @koa/bodyparser, with ctx.request.body passed in', async () => {
    const { handler, servers } = mcpHandler();
    const nodeHandler = toNodeHandler(handler);
    const app = new Koa();
    app.use(bodyParser());
    app.use(async (ctx) => {
      ctx.respond = false;
      await nodeHandler(ctx.req, ctx.res, (ctx.request as { body?: unknown }).body);
    });
    const base = await listen(createServer(app.callback()));
    await exerciseSession(`${base}/mcp`, servers);
  });

  it('Hono: the Web handler with c.req.raw, served by serve()', async () => {
    const { handler, servers } = mcpHandler();
    const app = new Hono();
    app.all('/mcp', (c) => handler(c.req.raw));
    const handle = await serve((request) => Promise.resolve(app.fetch(request)));
    cleanups.push(() => handle.close());
    await exerciseSession(`${handle.url.origin}/mcp`, servers);
  });
});
