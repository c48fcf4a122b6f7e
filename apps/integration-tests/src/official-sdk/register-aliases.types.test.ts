// Helper libraries typed against the official SDK's McpServer (`Pick<McpServer, 'registerTool'>`,
// v1 `@modelcontextprotocol/sdk` and v2 `@modelcontextprotocol/server`) accept mcpkit's McpServer:
// checked by `tsc` (the assignments below), and one such helper run for real.
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server/official-sdk';
import type { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer as V2McpServer } from '@modelcontextprotocol/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';

/** A helper as libraries built on the official SDK v1 write them. */
function registerGreeting(server: Pick<V1McpServer, 'registerTool'>) {
  return server.registerTool(
    'greet',
    { description: 'Greets', inputSchema: { name: z.string() }, annotations: { readOnlyHint: true } },
    async ({ name }, extra) => ({
      content: [{ type: 'text', text: `Hello ${name} (request ${String(extra.requestId)})` }],
    }),
  );
}

describe('the official SDKs type mcpkit McpServer as their own', () => {
  const server = new McpServer({ name: 's', version: '1' });

  it('is assignable to Pick<McpServer, registerTool | registerResource | registerPrompt> of v1 and v2', () => {
    expectTypeOf(server).toExtend<
      Pick<V1McpServer, 'registerTool' | 'registerResource' | 'registerPrompt'>
    >();
    expectTypeOf(server).toExtend<
      Pick<V2McpServer, 'registerTool' | 'registerResource' | 'registerPrompt'>
    >();
  });

  it('types mcpkit-side callbacks from the schema', () => {
    server.registerTool('typed', { inputSchema: { n: z.number() } }, (args, extra) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number }>();
      expectTypeOf(extra.signal).toEqualTypeOf<AbortSignal>();
      return { content: [] };
    });
    server.registerPrompt('p', { argsSchema: z.object({ code: z.string() }) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ code: string }>();
      return { messages: [] };
    });
  });

  it('runs a helper typed against the official SDK v1 on an mcpkit server', async () => {
    const greeting = new McpServer({ name: 'greeter', version: '1' });
    const handle = registerGreeting(greeting);
    const [clientSide, serverSide] = createInMemoryTransportPair();
    await greeting.connect(serverSide);
    const client = new McpClient({ name: 'c', version: '1' });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools.map(({ name, annotations }) => ({ name, annotations }))).toEqual([
        { name: 'greet', annotations: { readOnlyHint: true } },
      ]);
      const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(result.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^Hello Ada \(request \d+\)$/) },
      ]);
      handle.disable();
      expect((await client.listTools()).tools).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
