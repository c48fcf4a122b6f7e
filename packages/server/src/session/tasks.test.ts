import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { inMemoryTasks } from '../tasks/index.js';
import { connect, settle } from '../test-helpers/harness.js';

type Task = { taskId: string; status: string; ttl: number; pollInterval: number; statusMessage?: string };

function taskServer() {
  const server = new McpServer(
    { name: 't', version: '1' },
    { capabilities: { tasks: true }, tasks: inMemoryTasks({ defaultTtlMs: 60_000, pollIntervalMs: 250 }) },
  );
  let release: () => void = () => {};
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
  server.tool('required', { execution: { taskSupport: 'required' } }, () => 'ran');
  server.tool('plain', {}, () => 'plain');
  server.tool('fails', { execution: { taskSupport: 'optional' } }, () => {
    throw new Error('broken job');
  });
  server.tool('asks', { execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    const answer = await ctx.elicit('Confirm?', { ok: z.boolean() });
    return answer.action === 'accept' ? `ok=${answer.content.ok}` : 'no';
  });
  return { server, release: () => release() };
}

describe('tasks (2025-11-25)', () => {
  it('declares the capability only to 2025-11-25 sessions', async () => {
    const { server } = taskServer();
    const h = await connect(server, { initialize: false });
    const init = await h.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect((init.capabilities as Record<string, unknown>).tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const old = await connect(server, { initialize: false });
    const oldInit = await old.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(oldInit.capabilities).not.toHaveProperty('tasks');
    // Without tasks in the revision, a task param is ignored and required tools just run.
    expect(await old.request('tools/call', { name: 'required', task: {} })).toEqual({
      content: [{ type: 'text', text: 'ran' }],
    });
  });

  it('runs a task-augmented call, reports its status and hands over the result', async () => {
    const { server, release } = taskServer();
    const h = await connect(server);
    const created = (await h.request('tools/call', {
      name: 'slow',
      arguments: { n: 7 },
      task: { ttl: 5000 },
    })) as { task: Task };
    expect(created.task).toMatchObject({ status: 'working', ttl: 5000, pollInterval: 250 });
    const { taskId } = created.task;
    expect(await h.request('tasks/get', { taskId })).toMatchObject({ taskId, status: 'working' });
    const listed = (await h.request('tasks/list')) as { tasks: Task[] };
    expect(listed.tasks.map((task) => task.taskId)).toEqual([taskId]);
    const result = h.request('tasks/result', { taskId });
    release();
    expect(await result).toEqual({
      content: [{ type: 'text', text: 'done 7' }],
      _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
    });
    expect(await h.request('tasks/get', { taskId })).toMatchObject({ status: 'completed' });
    await settle();
    const statuses = h.notifications
      .filter((n) => n.method === 'notifications/tasks/status')
      .map((n) => n.params?.status);
    expect(statuses).toContain('completed');
  });

  it('marks a failing tool failed and still returns its isError result', async () => {
    const { server } = taskServer();
    const h = await connect(server);
    const { task } = (await h.request('tools/call', { name: 'fails', task: {} })) as { task: Task };
    const result = await h.request('tasks/result', { taskId: task.taskId });
    expect(result.isError).toBe(true);
    expect(await h.request('tasks/get', { taskId: task.taskId })).toMatchObject({
      status: 'failed',
      statusMessage: 'broken job',
    });
  });

  it('cancels a running task and refuses to cancel it twice', async () => {
    const { server } = taskServer();
    const h = await connect(server);
    const { task } = (await h.request('tools/call', { name: 'slow', arguments: { n: 1 }, task: {} })) as {
      task: Task;
    };
    expect(await h.request('tasks/cancel', { taskId: task.taskId })).toMatchObject({ status: 'cancelled' });
    await settle();
    expect(await h.request('tasks/get', { taskId: task.taskId })).toMatchObject({ status: 'cancelled' });
    const again = (await h
      .request('tasks/cancel', { taskId: task.taskId })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect([again.code, again.message]).toEqual([
      -32602,
      `Cannot cancel task ${task.taskId}: it is already cancelled`,
    ]);
  });

  it('enforces taskSupport and reports unknown tasks', async () => {
    const { server } = taskServer();
    const h = await connect(server);
    const forbidden = (await h
      .request('tools/call', { name: 'plain', task: {} })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(forbidden.code).toBe(-32601);
    const required = (await h
      .request('tools/call', { name: 'required' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect([required.code, required.message]).toEqual([
      -32601,
      "Tool 'required' must be called as a task (add a task param)",
    ]);
    const unknown = (await h
      .request('tasks/get', { taskId: 'nope' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect([unknown.code, unknown.message]).toEqual([-32602, 'Task not found: nope']);
  });

  it('keeps tasks per session', async () => {
    const { server } = taskServer();
    const a = await connect(server);
    const b = await connect(server);
    const { task } = (await a.request('tools/call', { name: 'required', task: {} })) as { task: Task };
    const other = (await b
      .request('tasks/get', { taskId: task.taskId })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(other.code).toBe(-32602);
    expect(((await b.request('tasks/list')) as { tasks: Task[] }).tasks).toEqual([]);
  });

  it('asks the client with related-task metadata and shows input_required meanwhile', async () => {
    const { server } = taskServer();
    let answer: (value: Record<string, unknown>) => void = () => {};
    const seen: unknown[] = [];
    const h = await connect(server, {
      capabilities: { elicitation: {} },
      handlers: {
        'elicitation/create': (params) => {
          seen.push(params?._meta);
          return new Promise((resolve) => {
            answer = resolve;
          });
        },
      },
    });
    const { task } = (await h.request('tools/call', { name: 'asks', task: {} })) as { task: Task };
    await settle();
    expect(await h.request('tasks/get', { taskId: task.taskId })).toMatchObject({ status: 'input_required' });
    expect(seen).toEqual([{ 'io.modelcontextprotocol/related-task': { taskId: task.taskId } }]);
    answer({ action: 'accept', content: { ok: true } });
    expect((await h.request('tasks/result', { taskId: task.taskId })).content).toEqual([
      { type: 'text', text: 'ok=true' },
    ]);
  });

  it('has no tasks methods when the capability is off', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('x', { execution: { taskSupport: 'required' } }, () => 'x');
    const h = await connect(server);
    expect(((await h.request('tasks/list').catch((e: unknown) => e)) as JsonRpcError).code).toBe(-32601);
    expect(await h.request('tools/call', { name: 'x', task: {} })).toEqual({
      content: [{ type: 'text', text: 'x' }],
    });
  });
});
