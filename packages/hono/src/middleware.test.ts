// The middleware in a Hono app, two ways: served on Node by @hono/node-server over 127.0.0.1
// sockets, and as a Web app (`app.fetch`, as Bun, Deno and Workers call it) driven by our client
// through a fetch function. Our client at 2026-07-28 and 2025-11-25 (a session, SSE progress),
// the official client, and serve()'s DNS-rebinding protection.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { demoServer, initializeWith, officialClientRound, ourClientRound } from '@mcpkit/test-support';
import type { FetchLike } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '@mcpkit/transport-http-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { mcp } from './index.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function appWithMcp(handlerOptions: { maxSessionsPerAddress?: number } = {}): {
  app: Hono;
  handler: StreamableHttpHandler;
} {
  const server = demoServer();
  const handler = createStreamableHttpHandler({
    ...handlerOptions,
    onSession: (transport) => server.connect(transport),
  });
  cleanups.push(() => handler.close({ timeoutMs: 1000 }));
  const app = new Hono();
  app.get('/health', (c) => c.text('ok'));
  app.all('/mcp', mcp(handler));
  return { app, handler };
}

async function onNode(app: Hono): Promise<string> {
  const listening = new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    cleanups.push(
      () =>
        new Promise((done) => {
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          server.close(() => done());
        }),
    );
  });
  return listening;
}

describe('@mcpkit/hono', () => {
  it('on Node (@hono/node-server): our client at both revisions and the official client', async () => {
    const { app } = appWithMcp();
    const base = await onNode(app);
    const url = new URL('/mcp', base);
    await ourClientRound(url);
    await ourClientRound(url, '2025-11-25');
    await officialClientRound(url);
    expect(await (await fetch(new URL('/health', base))).text()).toBe('ok');
  });

  it('on Node: a foreign Host or Origin is refused with 403, as under serve()', async () => {
    const { app } = appWithMcp();
    const url = new URL('/mcp', await onNode(app));
    const evilHost = await initializeWith(url, { host: 'evil.example' });
    expect(evilHost.status).toBe(403);
    expect(JSON.parse(evilHost.body).error.message).toContain('Host "evil.example" is not allowed');
    expect((await initializeWith(url, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await initializeWith(url, {})).status).toBe(200);
  });

  it("on Node: the socket's address reaches the handler (maxSessionsPerAddress)", async () => {
    const { app } = appWithMcp({ maxSessionsPerAddress: 1 });
    const url = new URL('/mcp', await onNode(app));
    expect((await initializeWith(url, {})).status).toBe(200);
    const second = await initializeWith(url, {});
    expect(second.status).toBe(429);
  });

  it('as a Web app (app.fetch): our client at both revisions, through a fetch function', async () => {
    const { app } = appWithMcp();
    const viaApp: FetchLike = async (url, init) =>
      app.fetch(new Request(url, init as RequestInit)) as Promise<Response>;
    const url = new URL('http://localhost/mcp');
    await ourClientRound(url, undefined, viaApp);
    await ourClientRound(url, '2025-11-25', viaApp);
  });

  it('as a Web app: a foreign Host is refused with 403', async () => {
    const { app } = appWithMcp();
    const response = await app.fetch(
      new Request('http://evil.example/mcp', {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    );
    expect(response.status).toBe(403);
  });

  it('says what it expected when given no handler', () => {
    expect(() => mcp(undefined as unknown as StreamableHttpHandler)).toThrow(/createStreamableHttpHandler/);
  });
});
