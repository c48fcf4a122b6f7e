import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { inMemoryTasksExtension } from '../tasks/index.js';
import { connect, type HarnessOptions, settle } from '../test-helpers/harness.js';
import type { TasksExtensionOptions } from './task-extension.js';

const TASKS = 'io.modelcontextprotocol/tasks';

function meta(extensions: boolean, capabilities: JSONObject = {}): JSONObject {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {
      ...capabilities,
      ...(extensions ? { extensions: { [TASKS]: {} } } : {}),
    },
  };
}
const WITH_TASKS = meta(true, { elicitation: {} });

/** A promise with its resolver, to hold a handler until the test lets it finish. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function taskServer(options: { store?: TasksExtensionOptions | false } = {}) {
  const release = gate<string>();
  const seen: { aborted?: boolean } = {};
  const server = new McpServer(
    { name: 't', version: '1' },
    {
      protocolVersions: ['2025-11-25', '2026-07-28'],
      ...(options.store === false ? {} : { tasksExtension: inMemoryTasksExtension(options.store ?? {}) }),
    },
  );
  server.tool('sync', {}, () => 'sync done');
  server.tool('held', { execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    ctx.signal.addEventListener('abort', () => {
      seen.aborted = true;
    });
    return release.promise;
  });
  server.tool('only_task', { execution: { taskSupport: 'required' } }, () => 'ran as a task');
  server.tool('tool_error', { execution: { taskSupport: 'optional' } }, () => {
    throw new Error('disk full');
  });
  server.tool('protocol_error', { execution: { taskSupport: 'optional' } }, () => {
    throw JsonRpcError.internalError('backend gone');
  });
  server.tool('two_questions', { execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    const [a, b] = await Promise.all([
      ctx.elicit('A?', { a: z.string() }, { key: 'a' }),
      ctx.elicit('B?', { b: z.string() }, { key: 'b' }),
    ]);
    return `${a.content?.a}+${b.content?.b}`;
  });
  server.tool('same_key_twice', { execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    await ctx.elicit('A?', { a: z.string() }, { key: 'a' });
    await ctx.elicit('A again?', { a: z.string() }, { key: 'a' });
    return 'unreachable';
  });
  server.tool(
    'asks_then_task',
    { execution: { taskSupport: 'required' }, taskStart: 'by-handler' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('Name?', { name: z.string() }, { key: 'user_name' });
      expect(await ctx.startTask()).toBe(true);
      return `Hello, ${answer.content?.name}!`;
    },
  );
  return { server, release, seen };
}

async function open(server: McpServer, options: HarnessOptions = {}) {
  const h = await connect(server, { initialize: false, ...options });
  const call = (name: string, m: JSONObject = WITH_TASKS, extra: JSONObject = {}) =>
    h.request('tools/call', { name, arguments: {}, _meta: m, ...extra });
  const tasks = (method: string, params: JSONObject, m: JSONObject = WITH_TASKS) =>
    h.request(`tasks/${method}`, { ...params, _meta: m });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: JsonRpcError) => e,
    );
  async function until(taskId: string, status: string) {
    for (let i = 0; i < 100; i++) {
      const task = await tasks('get', { taskId });
      if (task.status === status) return task;
      await settle();
    }
    throw new Error(`task ${taskId} never reached ${status}`);
  }
  return { h, call, tasks, failure, until };
}

describe('tasks extension (SEP-2663)', () => {
  it('advertises the extension in server/discover only', async () => {
    const { h } = await open(taskServer().server);
    const discovered = await h.request('server/discover', { _meta: WITH_TASKS });
    expect(discovered.capabilities).toMatchObject({ extensions: { [TASKS]: {} } });
    expect((discovered.capabilities as JSONObject).tasks).toBeUndefined();
    const stateful = await connect(taskServer().server, { initialize: false });
    const init = await stateful.client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect((init.capabilities as JSONObject).extensions).toBeUndefined();
  });

  it('answers a task-capable call with a flat task, then inlines the result', async () => {
    const { server, release } = taskServer();
    const { call, tasks } = await open(server);
    const created = await call('held');
    expect(created).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 3_600_000,
      pollIntervalMs: 500,
    });
    expect(Object.keys(created)).not.toContain('task');
    expect(Number.isNaN(Date.parse(created.createdAt as string))).toBe(false);
    const taskId = created.taskId as string;
    expect(await tasks('get', { taskId })).toMatchObject({
      resultType: 'complete',
      taskId,
      status: 'working',
    });
    release.open('finished');
    await settle();
    const done = await tasks('get', { taskId });
    expect(done).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'finished' }] },
    });
    expect((done.result as JSONObject)._meta).toBeUndefined();
    expect(await call('sync')).toMatchObject({ resultType: 'complete', content: [{ text: 'sync done' }] });
  });

  it('completes with isError for a tool error and fails with the error for a JSON-RPC error', async () => {
    const { call, until } = await open(taskServer().server);
    const toolError = await until((await call('tool_error')).taskId as string, 'completed');
    expect(toolError.result).toMatchObject({ isError: true, content: [{ text: 'disk full' }] });
    const failed = await until((await call('protocol_error')).taskId as string, 'failed');
    expect(failed.error).toEqual({ code: -32603, message: 'backend gone' });
    expect(failed.result).toBeUndefined();
  });

  it('asks through tasks/get and takes answers through tasks/update, one key at a time', async () => {
    const { call, tasks, until } = await open(taskServer().server);
    const taskId = (await call('two_questions')).taskId as string;
    const asking = await until(taskId, 'input_required');
    expect(Object.keys(asking.inputRequests as JSONObject).sort()).toEqual(['a', 'b']);
    expect((asking.inputRequests as Record<string, JSONObject>).a).toMatchObject({
      method: 'elicitation/create',
    });
    const ack = await tasks('update', {
      taskId,
      inputResponses: { a: { action: 'accept', content: { a: 'x' } }, stray: { ignored: true } },
    });
    expect(ack).toMatchObject({ resultType: 'complete' });
    expect(Object.keys(ack)).not.toContain('status');
    await settle();
    const partly = await tasks('get', { taskId });
    expect(partly.status).toBe('input_required');
    expect(Object.keys(partly.inputRequests as JSONObject)).toEqual(['b']);
    await tasks('update', { taskId, inputResponses: { b: { action: 'accept', content: { b: 'y' } } } });
    expect(await until(taskId, 'completed')).toMatchObject({ result: { content: [{ text: 'x+y' }] } });
  });

  it('never reuses an input key within a task', async () => {
    const { call, tasks, until } = await open(taskServer().server);
    const taskId = (await call('same_key_twice')).taskId as string;
    await until(taskId, 'input_required');
    await tasks('update', { taskId, inputResponses: { a: { action: 'accept', content: { a: 'x' } } } });
    const done = await until(taskId, 'completed');
    expect(done.result).toMatchObject({ isError: true });
    expect(JSON.stringify(done.result)).toContain("Input key 'a' was already used");
  });

  it('cancels a running task, acks a finished one, and refuses an unknown id with -32602', async () => {
    const { server, seen } = taskServer();
    const { call, tasks, failure } = await open(server);
    const taskId = (await call('held')).taskId as string;
    expect(await tasks('cancel', { taskId })).toMatchObject({ resultType: 'complete' });
    expect(await tasks('get', { taskId })).toMatchObject({ status: 'cancelled' });
    expect(seen.aborted).toBe(true);
    expect(await tasks('cancel', { taskId })).toMatchObject({ resultType: 'complete' });
    const unknown = await failure(tasks('get', { taskId: 'nope' }));
    expect(unknown).toMatchObject({ code: -32602, data: { taskId: 'nope' } });
    expect((await failure(tasks('update', { taskId: 'nope', inputResponses: {} })))?.code).toBe(-32602);
  });

  it('gates on the client declaring the extension, per request', async () => {
    const { call, tasks, failure } = await open(taskServer().server);
    const bare = meta(false);
    for (const method of ['get', 'cancel']) {
      const refused = await failure(tasks(method, { taskId: 'x' }, bare));
      expect(refused).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
      });
    }
    expect(await call('tool_error', bare)).toMatchObject({ resultType: 'complete', isError: true });
    const required = await failure(call('only_task', bare));
    expect(required).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
    expect((await call('only_task')).resultType).toBe('task');
  });

  it('answers tasks/* with -32601 on a server without the extension, and tasks/update in sessions', async () => {
    const { tasks, failure } = await open(taskServer({ store: false }).server);
    expect((await failure(tasks('get', { taskId: 'x' })))?.code).toBe(-32601);
    const session = await connect(taskServer().server);
    const update = await session.request('tasks/update', { taskId: 'x', inputResponses: {} }).catch((e) => e);
    expect(update.code).toBe(-32601);
    const get = await session.request('tasks/get', { taskId: 'x' }).catch((e) => e);
    expect(get.code).toBe(-32601);
  });

  it('gathers input by multi-round-trip before a by-handler tool becomes a task', async () => {
    const { call, until } = await open(taskServer().server);
    const round1 = await call('asks_then_task');
    expect(round1).toMatchObject({ resultType: 'input_required', inputRequests: { user_name: {} } });
    expect(round1.taskId).toBeUndefined();
    const round2 = await call('asks_then_task', WITH_TASKS, {
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
    });
    expect(round2).toMatchObject({ resultType: 'task' });
    expect(round2.requestState).toBeUndefined();
    const done = await until(round2.taskId as string, 'completed');
    expect(done.result).toMatchObject({ content: [{ text: 'Hello, Alice!' }] });
  });

  it('shows a task only to the principal that created it', async () => {
    const { server } = taskServer();
    const alice = await open(server, { authInfo: { token: 't1', clientId: 'alice', scopes: [] } });
    const bob = await open(server, { authInfo: { token: 't2', clientId: 'bob', scopes: [] } });
    const taskId = (await alice.call('tool_error')).taskId as string;
    expect((await alice.tasks('get', { taskId })).taskId).toBe(taskId);
    expect((await bob.failure(bob.tasks('get', { taskId })))?.code).toBe(-32602);
    expect((await bob.failure(bob.tasks('cancel', { taskId })))?.code).toBe(-32602);
  });

  it('shows a task only to the user that created it, not to another user of the same OAuth client', async () => {
    const { server } = taskServer();
    const shared = { clientId: 'shared-client', scopes: [] };
    const carol = await open(server, { authInfo: { ...shared, token: 't1', subject: 'carol' } });
    const dave = await open(server, { authInfo: { ...shared, token: 't2', subject: 'dave' } });
    const taskId = (await carol.call('tool_error')).taskId as string;
    expect((await carol.tasks('get', { taskId })).taskId).toBe(taskId);
    expect((await dave.failure(dave.tasks('get', { taskId })))?.code).toBe(-32602);
    expect((await dave.failure(dave.tasks('cancel', { taskId })))?.code).toBe(-32602);
  });

  it('forgets tasks after ttlMs, aborting unfinished work, and bounds the number of live tasks', async () => {
    const { server, seen } = taskServer({ store: { ttlMs: 300, maxTasks: 1 } });
    const { call, tasks, failure } = await open(server);
    const taskId = (await call('held')).taskId as string;
    const full = await failure(call('held'));
    expect(full).toMatchObject({ code: -32603 });
    expect(full?.message).toContain('Too many tasks');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await failure(tasks('get', { taskId })))?.code).toBe(-32602);
    expect(seen.aborted).toBe(true);
    expect((await call('held')).resultType).toBe('task');
  });

  it('relays the status of listed tasks on a subscriptions/listen stream', async () => {
    const { server, release } = taskServer();
    const { h, call, failure } = await open(server);
    const taskId = (await call('held')).taskId as string;
    const controller = new AbortController();
    const listening = h.client
      .request(
        'subscriptions/listen',
        { _meta: WITH_TASKS, notifications: { taskIds: [taskId, 'gone'] } },
        {
          signal: controller.signal,
        },
      )
      .catch(() => 'ended');
    const ack = await h.waitFor('notifications/subscriptions/acknowledged');
    expect(ack?.notifications).toEqual({ taskIds: [taskId] });
    release.open('finished');
    const status = await h.waitFor('notifications/tasks');
    expect(status).toMatchObject({
      taskId,
      status: 'completed',
      result: { content: [{ text: 'finished' }] },
    });
    expect(status?._meta).toHaveProperty(['io.modelcontextprotocol/subscriptionId']);
    controller.abort();
    await listening;
    const bare = await failure(
      h.request('subscriptions/listen', { _meta: meta(false), notifications: { taskIds: [taskId] } }),
    );
    expect(bare).toMatchObject({ code: -32021 });
  });

  it('rejects limits that are not positive integers', () => {
    expect(() => inMemoryTasksExtension({ ttlMs: 0 })).toThrow('ttlMs must be a positive integer, got 0');
    expect(() => inMemoryTasksExtension({ pollIntervalMs: 1.5 })).toThrow('pollIntervalMs');
  });
});
