import { JsonRpcError, type RequestHandler } from '@mcpkit/jsonrpc';
import type { JSONObject, ServerCapabilities, Task } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { connectPair, type FakeServerOptions, FULL_CAPABILITIES } from './test-helpers/fake-server.js';

// The client as a 2025-11-25 task requestor, against a fake server whose task moves through the
// statuses each test scripts (a task of our own McpServer is tested in apps/integration-tests).

const TASK_CAPABILITIES: ServerCapabilities = {
  ...FULL_CAPABILITIES,
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
};
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

function taskState(taskId: string, status: Task['status'], extra: Partial<Task> = {}): JSONObject {
  return {
    taskId,
    status,
    createdAt: '2025-11-25T10:00:00Z',
    lastUpdatedAt: new Date().toISOString(),
    ttl: 60_000,
    ...extra,
  } as JSONObject;
}

const listedTools = {
  tools: [
    { name: 'job', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } },
    { name: 'long', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
    { name: 'quick', inputSchema: { type: 'object' } },
  ],
};

/**
 * A server with one task 't1' whose tasks/get answers follow `statuses` (the last one repeats);
 * tasks/result answers `result` (or runs `onResult`, for input_required flows).
 */
function scriptedTask(
  statuses: Task['status'][],
  options: {
    pollInterval?: number;
    onResult?: RequestHandler;
    handlers?: Record<string, RequestHandler>;
  } = {},
): FakeServerOptions {
  let polls = 0;
  const extra = options.pollInterval === undefined ? {} : { pollInterval: options.pollInterval };
  return {
    capabilities: TASK_CAPABILITIES,
    handlers: {
      'tools/list': () => listedTools,
      'tools/call': (params) =>
        params?.task === undefined
          ? { content: [{ type: 'text', text: `direct ${params?.name}` }] }
          : { task: taskState('t1', 'working', extra) },
      'tasks/get': () => taskState('t1', statuses[Math.min(polls++, statuses.length - 1)]!, extra),
      'tasks/result':
        options.onResult ??
        (() => ({
          content: [{ type: 'text', text: 'report' }],
          _meta: { [RELATED_TASK]: { taskId: 't1' } },
        })),
      'tasks/cancel': () => taskState('t1', 'cancelled', { statusMessage: 'Cancelled by request' }),
      'tasks/list': () => ({ tasks: [taskState('t1', 'working')] }),
      ...options.handlers,
    },
  };
}

const pinned = { protocolVersion: '2025-11-25' };
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('tool calls as tasks (2025-11-25)', () => {
  it('creates the task, polls tasks/get at the pollInterval, then fetches the typed result', async () => {
    const { client, server } = await connectPair(
      scriptedTask(['working', 'working', 'completed'], { pollInterval: 40 }),
      pinned,
    );
    const handle = await client.callToolAsTask({ name: 'job', arguments: { n: 1 } }, { ttl: 5000 });
    expect(handle.taskId).toBe('t1');
    expect(handle.status).toBe('working');
    expect(server.requests('tools/call')[0]?.params).toEqual({
      name: 'job',
      arguments: { n: 1 },
      task: { ttl: 5000 },
    });
    const seen: string[] = [];
    handle.onStatus((task) => seen.push(task.status));
    const result = await handle.result();
    expect(result.content).toEqual([{ type: 'text', text: 'report' }]);
    expect(handle.status).toBe('completed');
    expect(seen.at(-1)).toBe('completed');
    expect(server.requests('tasks/get')).toHaveLength(3);
    expect(server.requests('tasks/result')).toHaveLength(1);
  });

  it('waits at least the pollInterval between polls', async () => {
    const stamps: number[] = [];
    const { client } = await connectPair(
      scriptedTask(['working', 'completed'], {
        pollInterval: 60,
        handlers: {
          'tasks/get': () => {
            stamps.push(Date.now());
            return taskState('t1', stamps.length < 2 ? 'working' : 'completed', { pollInterval: 60 });
          },
        },
      }),
      pinned,
    );
    const started = Date.now();
    await (await client.callToolAsTask({ name: 'job' })).result();
    expect(stamps).toHaveLength(2);
    expect(stamps[0]! - started).toBeGreaterThanOrEqual(55);
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(55);
  });

  it('on input_required fetches tasks/result at once and answers the elicitation it carries', async () => {
    const asked: JSONObject[] = [];
    const { client, server } = await connectPair(
      scriptedTask(['input_required'], {
        pollInterval: 10,
        onResult: async (_params, ctx) => {
          const answer = await ctx.sendRequest('elicitation/create', {
            message: 'Which one?',
            requestedSchema: { type: 'object', properties: { pick: { type: 'string' } } },
            _meta: { [RELATED_TASK]: { taskId: 't1' } },
          });
          return { content: [{ type: 'text', text: `picked ${(answer.content as JSONObject).pick}` }] };
        },
      }),
      {
        ...pinned,
        elicitation: (params) => {
          asked.push(params._meta as JSONObject);
          return { action: 'accept', content: { pick: 'b' } };
        },
      },
    );
    const result = await (await client.callToolAsTask({ name: 'job' })).result();
    expect(result.content).toEqual([{ type: 'text', text: 'picked b' }]);
    expect(asked).toEqual([{ [RELATED_TASK]: { taskId: 't1' } }]);
    expect(server.requests('tasks/get')).toHaveLength(1);
  });

  it('goes back to polling when tasks/result times out while the task runs on', async () => {
    let fetches = 0;
    const { client, server } = await connectPair(
      scriptedTask(['input_required', 'completed'], {
        pollInterval: 10,
        onResult: (_params, ctx) => {
          fetches++;
          if (fetches > 1) return { content: [{ type: 'text', text: 'late report' }] };
          // The first fetch outlives the client's timeout; the server lets it go when cancelled.
          return new Promise((_, reject) =>
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
          );
        },
      }),
      pinned,
    );
    const handle = await client.callToolAsTask({ name: 'job' });
    const result = await handle.result({ timeoutMs: 50 });
    expect(result.content).toEqual([{ type: 'text', text: 'late report' }]);
    expect(server.requests('tasks/get')).toHaveLength(2);
    expect(server.requests('tasks/result')).toHaveLength(2);
  });

  it('stops waiting as soon as a status notification says the task finished', async () => {
    const notified: Task[] = [];
    const { client, server } = await connectPair(scriptedTask(['working'], { pollInterval: 60_000 }), {
      ...pinned,
      onTaskStatus: (task) => void notified.push(task),
    });
    const handle = await client.callToolAsTask({ name: 'job' });
    const statuses: string[] = [];
    handle.onStatus((task) => statuses.push(task.status));
    const waiting = handle.result();
    await server.peer.notify('notifications/tasks/status', taskState('t1', 'completed'));
    await expect(waiting).resolves.toMatchObject({ content: [{ type: 'text', text: 'report' }] });
    expect(server.requests('tasks/get')).toHaveLength(0);
    expect(notified.map((task) => task.status)).toEqual(['completed']);
    expect(statuses).toEqual(['completed']);
  });

  it('cancels a task; waiting on a cancelled task throws TASK_CANCELLED without tasks/result', async () => {
    const { client, server } = await connectPair(scriptedTask(['working']), pinned);
    const handle = await client.callToolAsTask({ name: 'job' });
    const cancelled = await handle.cancel();
    expect(cancelled).toMatchObject({ taskId: 't1', status: 'cancelled' });
    expect(server.requests('tasks/cancel')[0]?.params).toEqual({ taskId: 't1' });
    const failure = (await failureOf(handle.result())) as McpClientError;
    expect(failure.code).toBe(McpClientErrorCode.TaskCancelled);
    expect(failure.message).toBe('Task t1 was cancelled (Cancelled by request), so it has no result');
    expect(server.requests('tasks/result')).toHaveLength(0);
  });

  it('throws the JSON-RPC error a failed task returns from tasks/result', async () => {
    const { client } = await connectPair(
      scriptedTask(['failed'], {
        pollInterval: 5,
        onResult: () => {
          throw JsonRpcError.invalidParams('bad topic');
        },
      }),
      pinned,
    );
    const failure = (await failureOf(
      (await client.callToolAsTask({ name: 'job' })).result(),
    )) as JsonRpcError;
    expect(failure).toBeInstanceOf(JsonRpcError);
    expect(failure.code).toBe(-32602);
    expect(failure.message).toContain('bad topic');
  });

  it('offers tasks/get, tasks/result, tasks/list and tasks/cancel by id', async () => {
    const { client, server } = await connectPair(scriptedTask(['completed']), pinned);
    expect(await client.getTask('t1')).toMatchObject({ taskId: 't1', status: 'completed' });
    expect((await client.getTaskResult('t1')).content).toEqual([{ type: 'text', text: 'report' }]);
    expect((await client.listTasks()).tasks.map((task) => task.taskId)).toEqual(['t1']);
    expect(await client.cancelTask('t1')).toMatchObject({ status: 'cancelled' });
    expect(server.requests('tasks/result')[0]?.params).toEqual({ taskId: 't1' });
  });

  it("runs a tool listed as taskSupport 'required' as a task from callTool; 'optional' ones run directly", async () => {
    const { client, server } = await connectPair(scriptedTask(['completed'], { pollInterval: 5 }), pinned);
    await client.listTools();
    expect((await client.callTool({ name: 'long' })).content).toEqual([{ type: 'text', text: 'report' }]);
    expect((await client.callTool({ name: 'job' })).content).toEqual([{ type: 'text', text: 'direct job' }]);
    expect((await client.callTool({ name: 'job', task: { ttl: 10 } })).content).toEqual([
      { type: 'text', text: 'report' },
    ]);
    expect(server.requests('tools/call').map((request) => request.params?.task)).toEqual([
      {},
      undefined,
      { ttl: 10 },
    ]);
  });

  it('cancels the task of a callTool whose caller aborts, since nobody else holds it', async () => {
    const { client, server } = await connectPair(scriptedTask(['working'], { pollInterval: 20 }), pinned);
    await client.listTools();
    const controller = new AbortController();
    const call = client.callTool({ name: 'long' }, { signal: controller.signal });
    await server.waitFor((message) => 'method' in message && message.method === 'tasks/get');
    controller.abort(new Error('user gave up'));
    await expect(call).rejects.toThrow('user gave up');
    await server.waitFor((message) => 'method' in message && message.method === 'tasks/cancel');
  });
});

describe('when tasks are not available', () => {
  it('says the negotiated revision has no tasks', async () => {
    const { client, server } = await connectPair(
      { ...scriptedTask(['working']), protocolVersion: '2025-06-18' },
      pinned,
    );
    const failure = (await failureOf(client.callToolAsTask({ name: 'job' }))) as McpClientError;
    expect(failure.code).toBe(McpClientErrorCode.TasksNotSupported);
    expect(failure.message).toBe(
      "Cannot call tool 'job' as a task: tasks need protocol revision 2025-11-25, but this connection " +
        "negotiated 2025-06-18. Pin protocolVersion: '2025-11-25' to use them.",
    );
    expect(server.requests('tools/call')).toHaveLength(0);
  });

  it('names the tasks capability the server did not declare', async () => {
    const { client, server } = await connectPair(
      { ...scriptedTask(['working']), capabilities: { ...FULL_CAPABILITIES, tasks: { list: {} } } },
      pinned,
    );
    const call = (await failureOf(client.callToolAsTask({ name: 'job' }))) as McpClientError;
    expect(call.code).toBe(McpClientErrorCode.CapabilityNotSupported);
    expect(call.message).toContain(
      "Cannot call tool 'job' as a task: the server did not declare the 'tasks.requests.tools.call' capability " +
        '(its tasks capability is {"list":{}})',
    );
    const cancel = (await failureOf(client.cancelTask('t1'))) as McpClientError;
    expect(cancel.message).toContain("the server did not declare the 'tasks.cancel' capability");
    expect(await client.listTasks()).toMatchObject({ tasks: [{ taskId: 't1' }] });
    expect(server.requests('tools/call')).toHaveLength(0);
  });

  it('refuses a listed tool whose taskSupport forbids tasks, and a required tool still goes out plainly', async () => {
    const { client, server } = await connectPair(
      { ...scriptedTask(['working']), capabilities: FULL_CAPABILITIES },
      { ...pinned, enforceStrictCapabilities: true },
    );
    await client.listTools();
    // No tasks capability at all: the required tool cannot run as a task, so it is sent as is.
    expect((await client.callTool({ name: 'long' })).content).toEqual([
      { type: 'text', text: 'direct long' },
    ]);
    const { client: strict } = await connectPair(scriptedTask(['working']), pinned);
    await strict.listTools();
    const failure = (await failureOf(strict.callToolAsTask({ name: 'quick' }))) as McpClientError;
    expect(failure).toBeInstanceOf(McpClientError);
    expect(failure.code).toBe(McpClientErrorCode.ToolForbidsTasks);
    expect(failure.message).toContain("its execution.taskSupport in tools/list is 'forbidden'");
    expect(server.requests('tools/call').map((request) => request.params?.task)).toEqual([undefined]);
  });
});
