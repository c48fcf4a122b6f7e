// Our client against the official v2 server's multi-round-trip tools (2026-07-28 input_required),
// by default negotiation and pinned, and pinned to 2025-11-25 against the official v1 server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { McpServer as OfficialV1Server } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  McpServer as OfficialV2Server,
} from '@modelcontextprotocol/server';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { serveWebHandler } from '../http-client/test-helpers/node-adapter.js';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const confirmation = z.object({ confirm: z.boolean() });

function v2Server(): OfficialV2Server {
  const server = new OfficialV2Server({ name: 'official-v2', version: '2.4.0' });
  server.registerTool(
    'deploy',
    { description: 'Deploys after the user confirms', inputSchema: z.object({ env: z.string() }) },
    async ({ env }, ctx) => {
      const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmation);
      if (confirmed === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: confirmation }),
          },
        });
      }
      return { content: [{ type: 'text', text: confirmed.confirm ? `deployed to ${env}` : 'not deployed' }] };
    },
  );
  return server;
}

async function serveV1(): Promise<string> {
  const http: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const server = new OfficialV1Server({ name: 'official-v1', version: '1.32.2' });
    server.registerTool('add', { inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
      content: [{ type: 'text', text: `${a + b}` }],
    }));
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

function ourClient(asked: string[], protocolVersion?: string): McpClient {
  const client = new McpClient(
    { name: 'ours', version: '1.0.0' },
    {
      ...(protocolVersion ? { protocolVersion } : {}),
      elicitation: (params) => {
        asked.push(params.message);
        return { action: 'accept', content: { confirm: true } };
      },
    },
  );
  closers.push(() => client.close());
  return client;
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text?: string }).text;

describe('our client and official servers: multi-round-trip and pinned revisions', () => {
  it('answers the official v2 server input_required rounds, by default negotiation and pinned', async () => {
    const handler = createMcpHandler(() => v2Server());
    const served = await serveWebHandler((request) => handler.fetch(request));
    closers.push(async () => {
      await handler.close();
      await served.close();
    });
    const askedDefault: string[] = [];
    const askedPinned: string[] = [];
    const byDefault = ourClient(askedDefault);
    const pinned = ourClient(askedPinned, '2026-07-28');
    for (const client of [byDefault, pinned]) {
      await client.connect(
        new StreamableHttpClientTransport(served.url, { messageHeaders: client.messageHeaders }),
      );
      expect(client.protocolVersion).toBe('2026-07-28');
    }
    const [first, second] = await Promise.all([
      byDefault.callTool({ name: 'deploy', arguments: { env: 'prod' } }),
      pinned.callTool({ name: 'deploy', arguments: { env: 'staging' } }),
    ]);
    expect(text(first)).toBe('deployed to prod');
    expect(text(second)).toBe('deployed to staging');
    expect(askedDefault).toEqual(['Deploy to prod?']);
    expect(askedPinned).toEqual(['Deploy to staging?']);
  });

  it('pinned to 2025-11-25, speaks the stateful era to the official v1 server', async () => {
    const url = await serveV1();
    const client = ourClient([], '2025-11-25');
    await client.connect(new StreamableHttpClientTransport(url, { messageHeaders: client.messageHeaders }));
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(text(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }))).toBe('5');
  });
});
