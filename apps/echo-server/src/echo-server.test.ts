// Spawns the built CLI (`node dist/bin.js --stdio`) and talks to it the way a real client does.
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function connectClient(args: string[] = ['--stdio']) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    onstderr: (text) => {
      stderr += text;
    },
  });
  const errors: Error[] = [];
  const client = new McpClient(
    { name: 'echo-test', version: '1.0.0' },
    { onerror: (error) => errors.push(error) },
  );
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport, errors, stderr: () => stderr };
}

describe('mcpkit-echo --stdio', () => {
  it('initializes and names itself, printing its banner to stderr only', async () => {
    const { client, stderr, errors } = await connectClient();
    expect(client.serverInfo).toMatchObject({ name: 'mcpkit-echo' });
    // A default client probes server/discover; the echo server speaks 2026-07-28, so no initialize.
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverCapabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(stderr()).toContain('MCP over stdio');
    expect(errors).toEqual([]);
  });

  it('lists the echo tool and calls it', async () => {
    const { client } = await connectClient();
    const tools = await client.listAllTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(tools[0]?.inputSchema).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
    const result = await client.callTool({ name: 'echo', arguments: { message: 'héllo wörld 😀' } });
    expect(result.content).toEqual([{ type: 'text', text: 'héllo wörld 😀' }]);
    expect(result.resultType).toBe('complete');
  });

  it('answers a call with a missing message as invalid, without crashing', async () => {
    const { client } = await connectClient();
    const outcome = await client.callTool({ name: 'echo', arguments: {} }).then(
      (result) => result,
      (error: Error) => error,
    );
    // Either a tool error result or a -32602 error is a correct report of the bad input.
    if (outcome instanceof Error) expect(outcome).toMatchObject({ code: -32602 });
    else expect(outcome.isError).toBe(true);
    const again = await client.callTool({ name: 'echo', arguments: { message: 'still here' } });
    expect(again.content).toEqual([{ type: 'text', text: 'still here' }]);
  });

  it('fails a request over the 16 MiB message limit at once, and goes on', async () => {
    const { client } = await connectClient();
    const huge = 'x'.repeat(17 * 1024 * 1024);
    const error = await client
      .callTool({ name: 'echo', arguments: { message: huge } }, { timeoutMs: 20_000 })
      .then(
        () => undefined,
        (reason: unknown) => reason as { code?: number; message: string },
      );
    expect(error?.code).toBe(-32600);
    expect(error?.message).toMatch(/larger than the limit of 16777216 bytes/);
    const after = await client.callTool({ name: 'echo', arguments: { message: 'small' } });
    expect(after.content).toEqual([{ type: 'text', text: 'small' }]);
  });

  it('reads echo:// resources through the template', async () => {
    const { client } = await connectClient();
    const templates = await client.listAllResourceTemplates();
    expect(templates).toEqual([expect.objectContaining({ uriTemplate: 'echo://{message}', name: 'echo' })]);
    expect((await client.readResource({ uri: 'echo://hello' })).contents).toEqual([
      { uri: 'echo://hello', mimeType: 'text/plain', text: 'hello' },
    ]);
    const spaced = await client.readResource({ uri: 'echo://hello%20there' });
    expect(spaced.contents[0]).toMatchObject({ text: 'hello there' });
  });

  it('gets the echo prompt with its message argument', async () => {
    const { client } = await connectClient();
    const prompts = await client.listAllPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: 'echo',
        arguments: [expect.objectContaining({ name: 'message', required: true })],
      }),
    ]);
    const prompt = await client.getPrompt({ name: 'echo', arguments: { message: 'say this' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'say this' } }]);
  });

  it('exits cleanly with code 0 when its stdin ends', async () => {
    const { client, transport } = await connectClient(['--stdio', '--quiet']);
    const pid = transport.pid!;
    await client.close();
    // close() ends stdin first; code 0 without a signal means it left before any SIGTERM.
    expect(transport.exitCode).toBe(0);
    expect(transport.exitSignal).toBeNull();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
