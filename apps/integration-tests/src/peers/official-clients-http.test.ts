// The official SDK clients (v2 and v1) over Streamable HTTP against our HTTP server, stateful and
// stateless, and the v1 client over the legacy 2024-11-05 HTTP+SSE transport.

import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport as SseV1 } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'http-interop', version: '1.0.0' });
  server.tool(
    'echo',
    { description: 'Echoes', inputSchema: { message: z.string() } },
    ({ message }) => `echo: ${message}`,
  );
  server.tool('count', { description: 'Reports progress' }, async (_args, ctx) => {
    for (let step = 1; step <= 3; step++) await ctx.progress(step, 3);
    return 'counted';
  });
  return server;
}

// Wired with `server`, a stateless POST is answered by McpServer.answer directly (no transport,
// session or peer per request); with `onSession`, each POST gets a transport and a session.
const setups = [
  { stateless: false, wiring: 'onSession' },
  { stateless: true, wiring: 'onSession' },
  { stateless: false, wiring: 'server' },
  { stateless: true, wiring: 'server' },
] as const;

for (const { stateless, wiring } of setups) {
  describe(`official clients against the mcpkit HTTP server (${stateless ? 'stateless' : 'stateful'}, ${wiring})`, () => {
    let url: URL;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const server = buildServer();
      const handler = createStreamableHttpHandler(
        wiring === 'server'
          ? { stateless, server }
          : { stateless, onSession: (transport) => server.connect(transport) },
      );
      const served = await serve(handler, { port: 0, host: '127.0.0.1' });
      url = new URL('/mcp', served.url);
      close = served.close;
    });
    afterAll(() => close());

    const clients = [
      {
        name: 'v2',
        make: () => ({ client: new ClientV2({ name: 'v2', version: '1' }), transport: new HttpV2(url) }),
      },
      {
        name: 'v1',
        make: () => ({ client: new ClientV1({ name: 'v1', version: '1' }), transport: new HttpV1(url) }),
      },
    ];
    for (const { name, make } of clients) {
      it(`official ${name}: initialize, list, call with progress`, async () => {
        const { client, transport } = make() as { client: any; transport: any };
        await client.connect(transport);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((tool: { name: string }) => tool.name)).toEqual(
            expect.arrayContaining(['echo', 'count']),
          );
          const echoed = await client.callTool({ name: 'echo', arguments: { message: 'over http' } });
          expect(echoed.content).toEqual([{ type: 'text', text: 'echo: over http' }]);
          const progress: number[] = [];
          const options = { onprogress: (update: { progress: number }) => progress.push(update.progress) };
          // v2 dropped v1's result-schema argument: its request options come second.
          const counted =
            name === 'v2'
              ? await client.callTool({ name: 'count', arguments: {} }, options)
              : await client.callTool({ name: 'count', arguments: {} }, undefined, options);
          expect(counted.content).toEqual([{ type: 'text', text: 'counted' }]);
          expect(progress).toEqual([1, 2, 3]);
        } finally {
          await client.close();
        }
      });
    }
  });
}

describe('official v1 client over the legacy HTTP+SSE transport', () => {
  it('connects through /sse and calls a tool', async () => {
    const server = buildServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    const served = await serve(handler, { port: 0, host: '127.0.0.1' });
    const client = new ClientV1({ name: 'v1-legacy', version: '1' });
    try {
      await client.connect(new SseV1(new URL('/sse', served.url)));
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'legacy' } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'echo: legacy' }]);
    } finally {
      await client.close();
      await served.close();
    }
  });
});
