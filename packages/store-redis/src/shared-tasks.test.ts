// Tasks shared by three handlers (A, B, C: each with its own Redis connections and task backend, as
// three processes would have): a task started on A is answered by tasks/get, tasks/list,
// tasks/result and tasks/cancel on C, in both task eras, and never shown to another session or
// principal.
import { McpClient } from '@mcpkit/client';
import { tasksExtension } from '@mcpkit/client/tasks-extension';
import type { TaskBackend } from '@mcpkit/server/tasks';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { until, useRedis } from './test-helpers/fixtures.js';
import { SseEvents } from './test-helpers/sse.js';
import { listenRequest, openSession, stateless } from './test-helpers/task-client.js';
import { serveTaskInstance } from './test-helpers/task-server.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(name: string, prefix: string) {
  const stores = await redis.stores({ keyPrefix: prefix, tasks: { instanceId: name } });
  const instance = await serveTaskInstance(name, stores);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= instance.handle.close();
    return stopping;
  };
  cleanups.push(stop);
  return { ...instance, stores, stop };
}

function cluster(prefix: string) {
  return Promise.all([start('A', prefix), start('B', prefix), start('C', prefix)]);
}

describe('2025-11-25 tasks across processes (Redis task backend)', () => {
  it('a task started on A: tasks/get, tasks/list and a waiting tasks/result on C', async () => {
    const [a, b, c] = await cluster('tasks25:');
    const session = await openSession(a.url, 'alice');
    const created = await session.call(a.url, 'tools/call', { name: 'held', task: { ttl: 60_000 } });
    const taskId = created.result.task.taskId as string;
    expect(created.result.task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 50 });

    expect((await session.call(c.url, 'tasks/get', { taskId })).result).toMatchObject({
      taskId,
      status: 'working',
    });
    const listed = await session.call(b.url, 'tasks/list');
    expect(listed.result.tasks.map((task: { taskId: string }) => task.taskId)).toEqual([taskId]);

    const result = session.call(c.url, 'tasks/result', { taskId });
    // C waits; A finishes the work; the record turns terminal and C answers.
    await new Promise((resolve) => setTimeout(resolve, 200));
    a.seen.release('done');
    expect((await result).result).toMatchObject({
      content: [{ type: 'text', text: 'done (ran on A)' }],
      _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
    });
    expect((await session.call(b.url, 'tasks/get', { taskId })).result.status).toBe('completed');
  });

  it('tasks/cancel on C aborts the work on A; a failed tool fails the task everywhere', async () => {
    const [a, , c] = await cluster('tasks25c:');
    const session = await openSession(a.url);
    const created = await session.call(a.url, 'tools/call', { name: 'held', task: {} });
    const taskId = created.result.task.taskId as string;
    const cancelled = await session.call(c.url, 'tasks/cancel', { taskId });
    expect(cancelled.result).toMatchObject({
      taskId,
      status: 'cancelled',
      statusMessage: 'Cancelled by the client',
    });
    await until(() => a.seen.aborted.length === 1, 'the work on A to be aborted');
    expect(a.seen.aborted).toEqual([`Error: Task ${taskId} was cancelled`]);
    const again = await session.call(c.url, 'tasks/cancel', { taskId });
    expect(again.error).toMatchObject({
      code: -32602,
      message: `Cannot cancel task ${taskId}: it is already cancelled`,
    });

    const broken = await session.call(a.url, 'tools/call', { name: 'broken', task: {} });
    const brokenId = broken.result.task.taskId as string;
    const answer = await session.call(c.url, 'tasks/result', { taskId: brokenId });
    expect(answer.result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'disk full' }] });
    expect((await session.call(c.url, 'tasks/get', { taskId: brokenId })).result).toMatchObject({
      status: 'failed',
      statusMessage: 'disk full',
    });
  });

  it('another session sees none of the tasks, another principal not even the session', async () => {
    const [a, , c] = await cluster('tasks25s:');
    const alice = await openSession(a.url, 'alice');
    const created = await alice.call(a.url, 'tools/call', { name: 'held', task: {} });
    const taskId = created.result.task.taskId as string;
    const other = await openSession(c.url, 'alice');
    expect((await other.call(c.url, 'tasks/get', { taskId })).error).toEqual({
      code: -32602,
      message: `Task not found: ${taskId}`,
      data: { taskId },
    });
    expect((await other.call(c.url, 'tasks/list')).result.tasks).toEqual([]);
    expect((await other.call(c.url, 'tasks/cancel', { taskId })).error.code).toBe(-32602);
    const mallory = await alice.call(c.url, 'tasks/get', { taskId }, 'mallory');
    expect(mallory.status).toBe(403);
    a.seen.release('done');
  });

  it('the per-session cap counts live tasks in Redis; tasks/list pages through them', async () => {
    const [a, b] = await cluster('tasks25p:');
    const session = await openSession(a.url);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const to = i % 2 === 0 ? a.url : b.url;
      ids.push((await session.call(to, 'tools/call', { name: 'held', task: {} })).result.task.taskId);
    }
    const refused = await session.call(b.url, 'tools/call', { name: 'held', task: {} });
    expect(refused.error).toMatchObject({
      code: -32603,
      message: 'Too many tasks in this session (3); wait for some to finish or expire',
    });
    const backend: TaskBackend = b.stores.taskBackend;
    const scope = `session:${session.sessionId}`;
    const first = await backend.list(scope, undefined, 2);
    expect(first?.records.map((record) => record.taskId)).toEqual(ids.slice(0, 2));
    const second = await backend.list(scope, first?.nextCursor, 2);
    expect(second).toEqual({ records: [expect.objectContaining({ taskId: ids[2] })] });
    expect(await backend.list(scope, 'not-a-cursor', 2)).toBeUndefined();
    const invalid = await session.call(a.url, 'tasks/list', { cursor: 'not-a-cursor' });
    expect(invalid.error).toMatchObject({ code: -32602 });
    a.seen.release('done');
    b.seen.release('done');
  });
});

describe('our client behind a round-robin balancer (no sticky sessions)', () => {
  it('runs a 2025-11-25 task whose every request lands on the next process', async () => {
    const instances = await cluster('tasks25rr:');
    let next = 0;
    const landed: string[] = [];
    const client = new McpClient({ name: 'rr', version: '1' }, { protocolVersion: '2025-11-25' });
    cleanups.push(() => client.close());
    await client.connect(
      new StreamableHttpClientTransport(instances[0].url, {
        fetch: (_url, init) => {
          const instance = instances[next++ % instances.length]!;
          landed.push(instance.url.port);
          return fetch(instance.url, init as RequestInit);
        },
      }),
    );
    const handle = await client.callToolAsTask({ name: 'held' }, { ttl: 60_000 });
    expect((await client.getTask(handle.taskId)).status).toBe('working');
    const result = handle.result({ timeoutMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const instance of instances) instance.seen.release('balanced');
    expect((await result).content).toEqual([
      { type: 'text', text: expect.stringMatching(/^balanced \(ran on [ABC]\)$/) },
    ]);
    expect(new Set(landed).size).toBe(3);
  });

  it('runs a 2026-07-28 extension task that asks a question, each request on the next process', async () => {
    const instances = await cluster('tasks26rr:');
    let next = 0;
    const client = new McpClient(
      { name: 'rr', version: '1' },
      {
        protocolVersion: '2026-07-28',
        tasksExtension: tasksExtension(),
        elicitation: () => ({ action: 'accept', content: { ok: true } }),
      },
    );
    cleanups.push(() => client.close());
    await client.connect(
      new StreamableHttpClientTransport(instances[0].url, {
        messageHeaders: client.messageHeaders,
        fetch: (_url, init) => fetch(instances[next++ % instances.length]!.url, init as RequestInit),
      }),
    );
    const result = await client.callTool({ name: 'confirm' });
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^ok=true \(ran on [ABC]\)$/) },
    ]);
    expect(next).toBeGreaterThanOrEqual(3);
  });
});

describe('a process shutting down cleanly', () => {
  it('fails the 2025 tasks it runs at once, saying why; C reports it and a waiting tasks/result ends', async () => {
    const [a, , c] = await cluster('tasks25d:');
    const session = await openSession(a.url);
    const taskId = (await session.call(a.url, 'tools/call', { name: 'held', task: {} })).result.task.taskId;
    const waiting = session.call(c.url, 'tasks/result', { taskId });
    await a.stop();
    const why = `Task ${taskId} stopped: its session closed on the server process running it (instance A)`;
    expect((await waiting).error).toEqual({
      code: -32603,
      message: `Task ${taskId} is failed without a result: ${why}`,
      data: { taskId },
    });
    expect((await session.call(c.url, 'tasks/get', { taskId })).result).toMatchObject({
      status: 'failed',
      statusMessage: why,
    });
    expect(a.seen.aborted).toEqual(['Error: The session closed']);
  });
});

describe('the 2026-07-28 tasks extension across processes (Redis task backend)', () => {
  it('created on A: get on B, the question answered on C reaches A, the result read on B', async () => {
    const [a, b, c] = await cluster('tasks26:');
    const created = await stateless(a.url, 'tools/call', { name: 'confirm', arguments: {} }, 'alice');
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 50 });
    const taskId = created.result.taskId as string;
    let task: Record<string, any> = {};
    await until(async () => {
      task = (await stateless(b.url, 'tasks/get', { taskId }, 'alice')).result;
      return task.status === 'input_required';
    }, 'the question to show on B');
    expect(Object.keys(task.inputRequests)).toEqual(['elicitation']);
    const key = 'elicitation';
    expect(
      await stateless(
        c.url,
        'tasks/update',
        { taskId, inputResponses: { [key]: { action: 'accept', content: { ok: true } } } },
        'alice',
      ),
    ).toMatchObject({ result: {} });
    await until(async () => {
      task = (await stateless(b.url, 'tasks/get', { taskId }, 'alice')).result;
      return task.status === 'completed';
    }, 'the task to complete');
    expect(task.result).toMatchObject({ content: [{ type: 'text', text: 'ok=true (ran on A)' }] });
  });

  it('cancel on C aborts the work on A; another principal never sees the task', async () => {
    const [a, , c] = await cluster('tasks26c:');
    const created = await stateless(a.url, 'tools/call', { name: 'held', arguments: {} }, 'alice');
    const taskId = created.result.taskId as string;
    const unknown = {
      code: -32602,
      message: `Unknown task: '${taskId}' (it never existed, expired, or is not yours)`,
      data: { taskId },
    };
    expect((await stateless(c.url, 'tasks/get', { taskId }, 'mallory')).error).toEqual(unknown);
    expect((await stateless(c.url, 'tasks/get', { taskId })).error).toEqual(unknown);
    expect((await stateless(c.url, 'tasks/cancel', { taskId }, 'mallory')).error).toEqual(unknown);
    expect(await stateless(c.url, 'tasks/cancel', { taskId }, 'alice')).toMatchObject({ result: {} });
    await until(() => a.seen.aborted.length === 1, 'the work on A to be aborted');
    expect((await stateless(c.url, 'tasks/get', { taskId }, 'alice')).result).toMatchObject({
      status: 'cancelled',
      statusMessage: 'Cancelled by the client',
    });
  });

  it('subscriptions/listen on C relays the changes of a task running on A', async () => {
    const [a, , c] = await cluster('tasks26l:');
    const created = await stateless(a.url, 'tools/call', { name: 'held', arguments: {} }, 'alice');
    const taskId = created.result.taskId as string;
    const abort = new AbortController();
    cleanups.push(async () => abort.abort());
    const listening = await fetch(c.url, {
      ...listenRequest({ taskIds: [taskId, 'not-a-task'] }, 'alice'),
      signal: abort.signal,
    });
    expect(listening.status).toBe(200);
    const events = new SseEvents(listening);
    const ack = JSON.parse((await events.next()).data);
    expect(ack).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { taskIds: [taskId] } },
    });
    a.seen.release('listened');
    const change = JSON.parse((await events.next()).data);
    expect(change).toMatchObject({
      method: 'notifications/tasks',
      params: {
        taskId,
        status: 'completed',
        result: { content: [{ type: 'text', text: 'listened (ran on A)' }] },
      },
    });
    await events.cancel();
  });
});

describe('Redis down', () => {
  it('a task-augmented call fails with an error naming Redis, and works again once Redis is back', async () => {
    const [a] = await cluster('tasksdown:');
    redis.server.freeze();
    try {
      const refused = await stateless(a.url, 'tools/call', { name: 'held', arguments: {} }, 'alice');
      expect(refused.error).toMatchObject({ code: -32603 });
      expect(refused.error.message).toMatch(/Redis liveness refresh of instance A failed/);
    } finally {
      redis.server.thaw();
    }
    await until(async () => {
      const created = await stateless(a.url, 'tools/call', { name: 'held', arguments: {} }, 'alice');
      return created.result?.status === 'working';
    }, 'a task to start again');
    a.seen.release('done');
  });
});
