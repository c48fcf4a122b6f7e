// Our client drives real third-party stdio servers from npm, spawned as processes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

function binOf(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]!;
  return join(dirname(manifestPath), bin);
}

describe('mcpkit client against @modelcontextprotocol/server-everything (stdio)', () => {
  it('lists every tool, resource and prompt, calls echo and add, reads a resource, gets a prompt', async () => {
    const client = new McpClient(
      { name: 'mcpkit-interop', version: '1.0.0' },
      {
        sampling: async () => ({
          role: 'assistant',
          content: { type: 'text', text: 'sampled' },
          model: 'test',
        }),
        elicitation: async () => ({ action: 'decline' }),
        roots: [{ uri: 'file:///tmp', name: 'tmp' }],
      },
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
      }),
    );
    try {
      expect(client.serverInfo?.name).toBeTruthy();
      const tools = await client.listAllTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['echo']));
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'from mcpkit' } });
      expect(JSON.stringify(echoed.content)).toContain('from mcpkit');
      const sumTool = names.find((name) => /add|sum/i.test(name));
      if (sumTool) {
        const summed = await client.callTool({ name: sumTool, arguments: { a: 2, b: 3 } });
        expect(JSON.stringify(summed.content)).toContain('5');
      }
      const resources = await client.listAllResources();
      expect(resources.length).toBeGreaterThan(0);
      const read = await client.readResource({ uri: resources[0]!.uri });
      expect(read.contents.length).toBeGreaterThan(0);
      const prompts = await client.listAllPrompts();
      expect(prompts.length).toBeGreaterThan(0);
      const simple = prompts.find((prompt) => !(prompt.arguments ?? []).some((arg) => arg.required));
      if (simple) {
        const got = await client.getPrompt({ name: simple.name });
        expect(got.messages.length).toBeGreaterThan(0);
      }
      await client.ping();
    } finally {
      await client.close();
    }
  });
});

describe('mcpkit client against @modelcontextprotocol/server-memory (stdio)', () => {
  it('creates entities and reads the graph back', async () => {
    const client = new McpClient({ name: 'mcpkit-interop', version: '1.0.0' });
    const memoryFile = join(
      (await import('node:os')).tmpdir(),
      `mcpkit-memory-${process.pid}-${Date.now()}.jsonl`,
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [binOf('@modelcontextprotocol/server-memory')],
        env: { MEMORY_FILE_PATH: memoryFile },
      }),
    );
    try {
      const names = (await client.listAllTools()).map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['create_entities', 'read_graph']));
      await client.callTool({
        name: 'create_entities',
        arguments: { entities: [{ name: 'mcpkit', entityType: 'sdk', observations: ['speaks MCP'] }] },
      });
      const graph = await client.callTool({ name: 'read_graph', arguments: {} });
      expect(JSON.stringify(graph)).toContain('speaks MCP');
    } finally {
      await client.close();
      await (await import('node:fs/promises')).rm(memoryFile, { force: true });
    }
  });
});
