// Dual era: our client against official SDK servers of both eras, over real sockets on 127.0.0.1.
// The official v2 server (createMcpHandler) speaks 2026-07-28; the official v1 server only the
// stateful revisions, so a client offering 2026-07-28 must fall back to initialize.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { McpServer as OfficialV1Server } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpHandler, McpServer as OfficialV2Server } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type ServedHandler, serveWebHandler } from '../http-client/test-helpers/node-adapter.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function v2Server(): OfficialV2Server {
  const server = new OfficialV2Server({ name: 'official-v2', version: '2.4.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes', inputSchema: z.object({ message: z.string() }) },
    async ({ message }) => ({ content: [{ type: 'text', text: `v2: ${message}` }] }),
  );
  return server;
}

async function serveV2(): Promise<ServedHandler> {
  const handler = createMcpHandler(() => v2Server());
  const served = await serveWebHandler((request) => handler.fetch(request));
  closers.push(async () => {
    await handler.close();
    await served.close();
  });
  return served;
}

/** Official v1, stateless Streamable HTTP: a server and transport per POST, as its docs show. */
async function serveV1(): Promise<string> {
  const http: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const server = new OfficialV1Server({ name: 'official-v1', version: '1.32.2' });
    server.registerTool(
      'echo',
      { description: 'Echoes', inputSchema: { message: z.string() } },
      async ({ message }) => ({
        content: [{ type: 'text', text: `v1: ${message}` }],
      }),
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => http.close(() => resolve())));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

async function connect(url: string, protocolVersion?: string): Promise<McpClient> {
  const client = new McpClient(
    { name: 'dual-era', version: '1.0.0' },
    protocolVersion ? { protocolVersion } : {},
  );
  await client.connect(new StreamableHttpClientTransport(url, { messageHeaders: client.messageHeaders }));
  closers.push(() => client.close());
  return client;
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text?: string }).text;

describe('our client against official SDK servers of both eras', () => {
  it('official v2: a 2026-07-28 client and a 2025-11-25 client at once, calls interleaved', {
    timeout: 30_000,
  }, async () => {
    const { url } = await serveV2();
    const modern = await connect(url);
    const legacy = await connect(url, '2025-11-25');
    // By default the client probes server/discover and speaks 2026-07-28 to a server that has it.
    expect(modern.protocolVersion).toBe('2026-07-28');
    expect(legacy.protocolVersion).toBe('2025-11-25');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? legacy : modern).callTool({ name: 'echo', arguments: { message: `m${i}` } }),
      ),
    );
    expect(answers.map(text)).toEqual(Array.from({ length: 10 }, (_, i) => `v2: m${i}`));
  });

  it('official v1 (stateful revisions only): a default client probes, then falls back to initialize', {
    timeout: 30_000,
  }, async () => {
    const url = await serveV1();
    const client = await connect(url);
    expect(client.protocolVersion).not.toBe('2026-07-28');
    expect(['2025-03-26', '2025-06-18', '2025-11-25']).toContain(client.protocolVersion);
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'old' } }))).toBe('v1: old');
  });
});
