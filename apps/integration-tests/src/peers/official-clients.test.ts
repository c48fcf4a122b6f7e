// The official SDK clients (v2 and v1) drive our stdio echo server as a real process.
import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../workspace/repo.js';

const echoBin = join(repoRoot, 'apps/echo-server/dist/bin.js');
const serverParams = { command: process.execPath, args: [echoBin, '--stdio', '--quiet'] };

const clients = [
  {
    name: 'official SDK v2',
    connect: async () => connectWith(new ClientV2({ name: 'v2', version: '1' }), new StdioV2(serverParams)),
  },
  {
    name: 'official SDK v1',
    connect: async () => connectWith(new ClientV1({ name: 'v1', version: '1' }), new StdioV1(serverParams)),
  },
];

async function connectWith(client: any, transport: any) {
  await client.connect(transport);
  return client;
}

describe.each(clients)('$name client against the mcpkit stdio echo server', ({ connect }) => {
  it('lists and calls the echo tool, reads the template resource, gets the prompt', async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()?.name).toBeTruthy();
      const { tools } = await client.listTools();
      expect(tools.map((tool: { name: string }) => tool.name)).toContain('echo');
      const called = await client.callTool({ name: 'echo', arguments: { message: 'interop' } });
      expect(called.isError ?? false).toBe(false);
      expect(JSON.stringify(called.content)).toContain('interop');
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toContain(
        'echo://{message}',
      );
      const read = await client.readResource({ uri: 'echo://hello' });
      expect(JSON.stringify(read.contents)).toContain('hello');
      const prompt = await client.getPrompt({ name: 'echo', arguments: { message: 'hi there' } });
      expect(JSON.stringify(prompt.messages)).toContain('hi there');
      await client.ping();
    } finally {
      await client.close();
    }
  });

  it('gets a precise error for an unknown tool', async () => {
    const client = await connect();
    try {
      const outcome = await client.callTool({ name: 'no-such-tool', arguments: {} }).then(
        (result: { isError?: boolean; content: unknown }) => ({ result }),
        (error: { code?: number; message: string }) => ({ error }),
      );
      if ('error' in outcome) {
        expect(outcome.error.code).toBe(-32602);
        expect(outcome.error.message).toContain('no-such-tool');
      } else {
        expect(outcome.result.isError).toBe(true);
        expect(JSON.stringify(outcome.result.content)).toContain('no-such-tool');
      }
    } finally {
      await client.close();
    }
  });
});
