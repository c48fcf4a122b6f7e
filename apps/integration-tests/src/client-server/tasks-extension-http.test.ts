// The 2026-07-28 tasks extension (SEP-2663) end to end over Streamable HTTP on 127.0.0.1: our
// client declares the extension, our server turns task-capable calls into tasks, and callTool
// still resolves with the tool result: it polls tasks/get (with the Mcp-Name routing header the
// server checks), answers the task's questions through tasks/update, and cancels on abort.

import { McpClient } from '@mcpkit/client';
import { tasksExtension } from '@mcpkit/client/tasks-extension';
import { JsonRpcError } from '@mcpkit/jsonrpc';
import { McpServer } from '@mcpkit/server';
import { inMemoryTasksExtension } from '@mcpkit/server/tasks';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const TASKS = 'io.modelcontextprotocol/tasks';
const handles: ServerHandle[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const handle of handles.splice(0)) await handle.close();
});

async function startServer() {
  const seen = { cancelled: false, requests: [] as string[] };
  const server = new McpServer(
    { name: 'tasks-ext', version: '1.0.0' },
    {
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tasksExtension: inMemoryTasksExtension({ pollIntervalMs: 20 }),
    },
  );
  const task = { taskSupport: 'optional' } as const;
  server.tool('confirm', { execution: task, inputSchema: { file: z.string() } }, async ({ file }, ctx) => {
    const answer = await ctx.elicit(`Delete ${file}?`, { ok: z.boolean() });
    return answer.action === 'accept' && answer.content.ok ? `deleted ${file}` : `kept ${file}`;
  });
  server.tool('broken', { execution: task }, () => {
    throw JsonRpcError.internalError('backend unavailable');
  });
  server.tool('forever', { execution: task }, (_args, ctx) => {
    return new Promise<string>((_resolve, reject) => {
      ctx.signal.addEventListener('abort', () => {
        seen.cancelled = true;
        reject(ctx.signal.reason);
      });
    });
  });
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
  });
  // Records the SEP-2243 routing headers of every request, then serves it as usual.
  const recording = Object.assign(
    (request: Request) => {
      seen.requests.push(`${request.headers.get('mcp-method')}|${request.headers.get('mcp-name')}`);
      return handler(request);
    },
    { close: () => handler.close() },
  );
  const handle = await serve(recording);
  handles.push(handle);
  return { url: new URL('/mcp', handle.url), seen };
}

async function connectClient(url: URL, declare: boolean) {
  const client = new McpClient(
    { name: 'tasks-client', version: '1.0.0' },
    {
      protocolVersion: '2026-07-28',
      ...(declare ? { tasksExtension: tasksExtension() } : {}),
      elicitation: () => ({ action: 'accept', content: { ok: true } }),
    },
  );
  clients.push(client);
  await client.connect(new StreamableHttpClientTransport(url, { messageHeaders: client.messageHeaders }));
  return client;
}

describe('tasks extension over Streamable HTTP, our client and server', () => {
  it('runs a task that asks a question and returns its result from callTool', async () => {
    const { url, seen } = await startServer();
    const client = await connectClient(url, true);
    expect(client.serverCapabilities?.extensions).toMatchObject({ [TASKS]: {} });
    const result = await client.callTool({ name: 'confirm', arguments: { file: 'a.txt' } });
    expect(result.content).toEqual([{ type: 'text', text: 'deleted a.txt' }]);
    const polls = seen.requests.filter((line) => line.startsWith('tasks/get|'));
    expect(polls.length).toBeGreaterThan(0);
    // Every poll names its task in Mcp-Name (SEP-2663 routing), one and the same task.
    expect(new Set(polls).size).toBe(1);
    expect(seen.requests.some((line) => line.startsWith('tasks/update|'))).toBe(true);
  });

  it('throws the JSON-RPC error of a failed task', async () => {
    const { url } = await startServer();
    const client = await connectClient(url, true);
    const error = await client.callTool({ name: 'broken' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32603, message: 'backend unavailable' });
  });

  it('cancels the task when the caller aborts', async () => {
    const { url, seen } = await startServer();
    const client = await connectClient(url, true);
    const controller = new AbortController();
    const call = client.callTool({ name: 'forever' }, { signal: controller.signal });
    for (let i = 0; i < 200 && !seen.requests.some((line) => line.startsWith('tasks/get|')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    controller.abort(new Error('caller gave up'));
    await expect(call).rejects.toThrow('caller gave up');
    for (let i = 0; i < 200 && !seen.cancelled; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.cancelled).toBe(true);
    expect(seen.requests.some((line) => line.startsWith('tasks/cancel|'))).toBe(true);
  });

  it('gets plain results when the client does not declare the extension', async () => {
    const { url, seen } = await startServer();
    const client = await connectClient(url, false);
    const result = await client.callTool({ name: 'confirm', arguments: { file: 'b.txt' } });
    expect(result.content).toEqual([{ type: 'text', text: 'deleted b.txt' }]);
    expect(seen.requests.some((line) => line.startsWith('tasks/'))).toBe(false);
    const error = await client.callTool({ name: 'broken' }).then(
      (r) => r,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ isError: true });
  });
});
