// Our client as a 2025-11-25 task requestor against our own McpServer with tasks enabled, on an
// in-memory pair: task-augmented tools/call, polling, input_required with an elicitation tied to
// the task, failure, cancellation, listing, status notifications and taskSupport rules.

import { McpClient, McpClientError, McpClientErrorCode } from '@mcpkit/client';
import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { Task } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { inMemoryTasks } from '@mcpkit/server/tasks';
import { type ConnectInProcessOptions, connectInProcess } from '@mcpkit/testing';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

function taskServer(tasks = true) {
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    { capabilities: { tasks }, tasks: inMemoryTasks({ defaultTtlMs: 60_000, pollIntervalMs: 20 }) },
  );
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.tool(
    'slow',
    { execution: { taskSupport: 'optional' }, inputSchema: { n: z.number() } },
    async ({ n }, ctx) => {
      await Promise.race([
        gate,
        new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
      ]);
      return `done ${n}`;
    },
  );
  server.tool('required', { execution: { taskSupport: 'required' } }, () => 'ran as a task');
  server.tool('plain', {}, () => 'plain');
  server.tool('fails', { execution: { taskSupport: 'optional' } }, () => {
    throw new Error('broken job');
  });
  server.tool('asks', { execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    const answer = await ctx.elicit('Confirm?', { ok: z.boolean() });
    return answer.action === 'accept' ? `ok=${answer.content.ok}` : 'declined';
  });
  return { server, release: () => release() };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(server: McpServer, options: ConnectInProcessOptions = {}): Promise<McpClient> {
  const { client, close } = await connectInProcess(server, options);
  closers.push(close);
  return client;
}

describe('our client runs tools as tasks on our server (2025-11-25)', () => {
  it('creates a task, sees it in tasks/get and tasks/list, then waits for its result', async () => {
    const { server, release } = taskServer();
    const notified: Task[] = [];
    const client = await connect(server, { onTaskStatus: (task) => void notified.push(task) });
    expect(client.protocolVersion).toBe('2025-11-25');
    const handle = await client.callToolAsTask({ name: 'slow', arguments: { n: 7 } }, { ttl: 30_000 });
    expect(handle.task).toMatchObject({ status: 'working', ttl: 30_000, pollInterval: 20 });
    expect(await client.getTask(handle.taskId)).toMatchObject({ taskId: handle.taskId, status: 'working' });
    expect((await client.listTasks()).tasks.map((task) => task.taskId)).toEqual([handle.taskId]);
    const waiting = handle.result();
    release();
    const result = await waiting;
    expect(result.content).toEqual([{ type: 'text', text: 'done 7' }]);
    expect(result._meta?.[RELATED_TASK]).toEqual({ taskId: handle.taskId });
    expect(handle.status).toBe('completed');
    expect(notified.map((task) => task.status)).toContain('completed');
  });

  it('answers the elicitation the task asks during input_required', async () => {
    const { server } = taskServer();
    const questions: unknown[] = [];
    const client = await connect(server, {
      elicitation: (params) => {
        questions.push(params._meta?.[RELATED_TASK]);
        return { action: 'accept', content: { ok: true } };
      },
    });
    const handle = await client.callToolAsTask({ name: 'asks' });
    const statuses: string[] = [];
    handle.onStatus((task) => statuses.push(task.status));
    expect((await handle.result()).content).toEqual([{ type: 'text', text: 'ok=true' }]);
    expect(questions).toEqual([{ taskId: handle.taskId }]);
    expect(statuses.at(-1)).toBe('completed');
  });

  it("runs a tool listed with taskSupport 'required' as a task when called with callTool", async () => {
    const { server } = taskServer();
    const client = await connect(server);
    await client.listTools();
    const result = await client.callTool({ name: 'required' });
    expect(result.content).toEqual([{ type: 'text', text: 'ran as a task' }]);
    expect(result._meta?.[RELATED_TASK]).toBeDefined();
    expect((await client.listTasks()).tasks).toHaveLength(1);
  });

  it('reports a failing tool as a failed task whose result is the error result', async () => {
    const { server } = taskServer();
    const client = await connect(server);
    const handle = await client.callToolAsTask({ name: 'fails' });
    const result = await handle.result();
    expect(result.isError).toBe(true);
    expect(handle.status).toBe('failed');
    expect((await client.getTask(handle.taskId)).statusMessage).toContain('broken job');
  });

  it('cancels a running task; its result is TASK_CANCELLED and a second cancel is refused', async () => {
    const { server } = taskServer();
    const client = await connect(server);
    const handle = await client.callToolAsTask({ name: 'slow', arguments: { n: 1 } });
    expect(await handle.cancel()).toMatchObject({ status: 'cancelled' });
    const failure = await handle.result().catch((error: unknown) => error);
    expect((failure as McpClientError).code).toBe(McpClientErrorCode.TaskCancelled);
    const again = await client.cancelTask(handle.taskId).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(JsonRpcError);
    expect((again as JsonRpcError).code).toBe(-32602);
  });

  it('refuses a tool without task support locally once listed, and the server refuses it unlisted', async () => {
    const { server } = taskServer();
    const client = await connect(server);
    const unlisted = await client.callToolAsTask({ name: 'plain' }).catch((error: unknown) => error);
    expect((unlisted as JsonRpcError).code).toBe(-32601);
    await client.listTools();
    const listed = await client.callToolAsTask({ name: 'plain' }).catch((error: unknown) => error);
    expect((listed as McpClientError).code).toBe(McpClientErrorCode.ToolForbidsTasks);
  });

  it('explains why tasks are unavailable: no capability, or an older revision', async () => {
    const withoutTasks = await connect(taskServer(false).server);
    const missing = await withoutTasks.callToolAsTask({ name: 'slow' }).catch((error: unknown) => error);
    expect((missing as McpClientError).code).toBe(McpClientErrorCode.CapabilityNotSupported);
    expect((missing as Error).message).toContain(
      "the server did not declare the 'tasks.requests.tools.call' capability (it declared no tasks capability)",
    );
    const older = await connect(taskServer().server, { protocolVersion: '2025-06-18' });
    const old = await older.callToolAsTask({ name: 'slow' }).catch((error: unknown) => error);
    expect(old).toBeInstanceOf(McpClientError);
    expect((old as McpClientError).code).toBe(McpClientErrorCode.TasksNotSupported);
    // Without tasks in the revision, a required tool is just called.
    await older.listTools();
    expect((await older.callTool({ name: 'required' })).content).toEqual([
      { type: 'text', text: 'ran as a task' },
    ]);
  });

  it('polls and fetches results over Streamable HTTP', async () => {
    const { server, release } = taskServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    const served = await serve(handler, { port: 0, host: '127.0.0.1' });
    closers.push(() => served.close());
    const client = new McpClient({ name: 'tasks-http', version: '1.0.0' }, { protocolVersion: '2025-11-25' });
    await client.connect(new StreamableHttpClientTransport(new URL('/mcp', served.url)));
    closers.unshift(() => client.close());
    await client.listTools();
    expect((await client.callTool({ name: 'required' })).content).toEqual([
      { type: 'text', text: 'ran as a task' },
    ]);
    const slow = await client.callToolAsTask({ name: 'slow', arguments: { n: 2 } });
    expect((await client.getTask(slow.taskId)).status).toBe('working');
    release();
    expect((await slow.result()).content).toEqual([{ type: 'text', text: 'done 2' }]);
    expect(slow.status).toBe('completed');
  });
});
