// Issue 37: a request's `_meta` (a W3C traceparent here) reaches the tool handler as `ctx._meta`,
// and a server middleware refuses with its own JSON-RPC error, across a real child process over
// stdio and over Streamable HTTP on 127.0.0.1, at 2025-11-25 and 2026-07-28.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./fixtures/meta-server.mjs', import.meta.url));
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

async function exercise(client: McpClient) {
  const result = await client.callTool({
    name: 'trace',
    arguments: {},
    _meta: { traceparent: TRACEPARENT, tracestate: 'vendor=1' },
  });
  expect(result.content).toEqual([
    {
      type: 'text',
      text: JSON.stringify({ traceparent: TRACEPARENT, tracestate: 'vendor=1', frozen: true }),
    },
  ]);
  const refused = await client.callTool({ name: 'trace', arguments: {}, _meta: { tenant: 'blocked' } }).then(
    () => undefined,
    (error: { code: number; message: string; data?: unknown }) => error,
  );
  expect(refused).toMatchObject({ code: -32001, message: 'tenant blocked', data: { tenant: 'blocked' } });
}

async function startHttpChild(): Promise<URL> {
  const child = spawn(process.execPath, [SCRIPT, 'http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  child.stdout!.setEncoding('utf8');
  let text = '';
  while (!text.includes('\n')) {
    const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [unknown];
    if (typeof chunk !== 'string')
      throw new Error(`the meta server exited (${String(chunk)}) before listening`);
    text += chunk;
  }
  return new URL('/mcp', text.trim());
}

describe('_meta and middleware over real processes', () => {
  for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
    it(`stdio at ${protocolVersion}`, { timeout: 60_000 }, async () => {
      const client = new McpClient({ name: 'meta-client', version: '1.0.0' }, { protocolVersion });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [SCRIPT, 'stdio'] }));
      try {
        expect(client.protocolVersion).toBe(protocolVersion);
        await exercise(client);
      } finally {
        await client.close();
      }
    });

    it(`Streamable HTTP at ${protocolVersion}`, { timeout: 60_000 }, async () => {
      const url = await startHttpChild();
      const client = new McpClient({ name: 'meta-client', version: '1.0.0' }, { protocolVersion });
      await client.connect(new StreamableHttpClientTransport(url, { messageHeaders: client.messageHeaders }));
      try {
        expect(client.protocolVersion).toBe(protocolVersion);
        await exercise(client);
      } finally {
        await client.close();
      }
    });
  }
});
