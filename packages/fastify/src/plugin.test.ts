// The plugin mounted in a real Fastify 5 server on 127.0.0.1: our client (2026-07-28 stateless,
// and a 2025-11-25 session with SSE progress), the official client, and the DNS-rebinding
// protection serve() has, unchanged.

import { demoServer, initializeWith, officialClientRound, ourClientRound } from '@mcpkit/test-support';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpPlugin } from './index.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function listen(register: (app: FastifyInstance) => PromiseLike<unknown>): Promise<string> {
  const app = Fastify();
  apps.push(app);
  await register(app);
  app.get('/health', async () => 'ok');
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe('@mcpkit/fastify', () => {
  it('serves our client at 2026-07-28 and 2025-11-25 and the official client at /mcp', async () => {
    const server = demoServer();
    const base = await listen((app) =>
      app.register(mcpPlugin, { handlerOptions: { onSession: (transport) => server.connect(transport) } }),
    );
    const url = new URL('/mcp', base);
    await ourClientRound(url);
    await ourClientRound(url, '2025-11-25');
    await officialClientRound(url);
    // The app's own JSON routes keep Fastify's parsers: the plugin's are encapsulated.
    expect(await (await fetch(new URL('/health', base))).text()).toBe('ok');
  });

  it('takes a handler you made, under a prefix, and leaves closing it to you', async () => {
    const { createStreamableHttpHandler } = await import('@mcpkit/transport-http-server');
    const server = demoServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    const base = await listen((app) => app.register(mcpPlugin, { handler, prefix: '/api' }));
    await ourClientRound(new URL('/api/mcp', base), '2025-11-25');
    await officialClientRound(new URL('/api/mcp', base));
    await handler.close();
  });

  it('refuses a foreign Host or Origin with 403, as serve() does', async () => {
    const server = demoServer();
    const base = await listen((app) =>
      app.register(mcpPlugin, { handlerOptions: { onSession: (transport) => server.connect(transport) } }),
    );
    const url = new URL('/mcp', base);
    const evilHost = await initializeWith(url, { host: 'evil.example' });
    expect(evilHost.status).toBe(403);
    expect(JSON.parse(evilHost.body).error.message).toContain('Host "evil.example" is not allowed');
    const evilOrigin = await initializeWith(url, { origin: 'https://evil.example' });
    expect(evilOrigin.status).toBe(403);
    expect((await initializeWith(url, {})).status).toBe(200);
  });

  it("answers a malformed body with the handler's JSON-RPC parse error, not Fastify's", async () => {
    const server = demoServer();
    const base = await listen((app) =>
      app.register(mcpPlugin, { handlerOptions: { onSession: (transport) => server.connect(transport) } }),
    );
    const response = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('closes the handler it made before Fastify waits for connections: an open SSE stream ends', async () => {
    const server = demoServer();
    const app = Fastify();
    await app.register(mcpPlugin, {
      handlerOptions: { onSession: (transport) => server.connect(transport) },
    });
    const url = new URL('/mcp', await app.listen({ port: 0, host: '127.0.0.1' }));
    const init = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });
    const headers = {
      'mcp-session-id': init.headers.get('mcp-session-id')!,
      'mcp-protocol-version': '2025-11-25',
    };
    await init.text();
    const stream = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reading = stream.text(); // resolves when the server ends the stream
    await app.close();
    await reading;
  });

  it('says what is missing when neither handler nor handlerOptions is given', async () => {
    const app = Fastify();
    apps.push(app);
    await expect(app.register(mcpPlugin, {}).ready()).rejects.toThrow(/`handler`.*or `handlerOptions`/);
  });
});
