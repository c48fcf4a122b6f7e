// Tasks across real server processes sharing one redis-server: a task started on process A is
// answered on process C (2025-11-25 tasks/get + tasks/result; the 2026-07-28 extension, where any
// request may land anywhere), and a task whose process is killed (SIGKILL) turns failed, with why,
// once the process's liveness lapses, instead of staying working forever.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { until, useRedis } from './test-helpers/fixtures.js';
import { openSession, stateless } from './test-helpers/task-client.js';

const SCRIPT = fileURLToPath(new URL('./test-helpers/task-process.mjs', import.meta.url));
const LIVENESS_TTL_MS = 1500;
const redis = useRedis();
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
});

async function spawnServer(name: string, keyPrefix: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(
    process.execPath,
    [SCRIPT, redis.server.url, keyPrefix, name, String(LIVENESS_TTL_MS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  child.stdout!.setEncoding('utf8');
  let text = '';
  while (!text.includes('\n')) {
    const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [
      string | number,
    ];
    if (typeof chunk !== 'string')
      throw new Error(`server process ${name} exited (${chunk}) before listening`);
    text += chunk;
  }
  return { child, url: new URL(text.trim()) };
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('tasks across server processes (Redis)', () => {
  it('2025-11-25: a task started on A is answered by tasks/get and tasks/result on C', async () => {
    const [a, c] = await Promise.all([spawnServer('A', 'p25:'), spawnServer('C', 'p25:')]);
    const session = await openSession(a.url);
    const created = await session.call(a.url, 'tools/call', { name: 'slow', task: {} });
    const taskId = created.result.task.taskId as string;
    expect((await session.call(c.url, 'tasks/get', { taskId })).result).toMatchObject({
      taskId,
      status: 'working',
    });
    const result = await session.call(c.url, 'tasks/result', { taskId });
    expect(result.result.content).toEqual([{ type: 'text', text: `slow done on A (pid ${a.child.pid})` }]);
    expect((await session.call(c.url, 'tasks/get', { taskId })).result.status).toBe('completed');
  });

  it('2026-07-28 extension: created on A, followed to its result on C', async () => {
    const [a, c] = await Promise.all([spawnServer('A', 'p26:'), spawnServer('C', 'p26:')]);
    const created = await stateless(a.url, 'tools/call', { name: 'slow', arguments: {} });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = created.result.taskId as string;
    expect((await stateless(c.url, 'tasks/get', { taskId })).result.status).toBe('working');
    let task: Record<string, any> = {};
    await until(async () => {
      task = (await stateless(c.url, 'tasks/get', { taskId })).result;
      return task.status !== 'working';
    }, 'the task to end');
    expect(task).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: `slow done on A (pid ${a.child.pid})` }] },
    });
  });

  it('kill -9 of the process running a task: C reports it failed, with why, in both eras', async () => {
    const [a, c] = await Promise.all([spawnServer('A', 'pkill:'), spawnServer('C', 'pkill:')]);
    const session = await openSession(a.url);
    const old = (await session.call(a.url, 'tools/call', { name: 'held', task: {} })).result.task.taskId;
    const fresh = (await stateless(a.url, 'tools/call', { name: 'held', arguments: {} })).result.taskId;
    // A waiting tasks/result on C must end when A dies, not hang.
    const waiting = session.call(c.url, 'tasks/result', { taskId: old });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await session.call(c.url, 'tasks/get', { taskId: old })).result.status).toBe('working');
    await kill9(a.child);

    const why = (taskId: string) =>
      `The server process running task ${taskId} (instance A) stopped before the task finished: its liveness lapsed (killed, crashed or cut off from the store)`;
    expect((await waiting).error).toEqual({
      code: -32603,
      message: `Task ${old} is failed without a result: ${why(old)}`,
      data: { taskId: old },
    });
    expect((await session.call(c.url, 'tasks/get', { taskId: old })).result).toMatchObject({
      status: 'failed',
      statusMessage: why(old),
    });
    let task: Record<string, any> = {};
    await until(async () => {
      task = (await stateless(c.url, 'tasks/get', { taskId: fresh })).result;
      return task.status !== 'working';
    }, 'the extension task to fail');
    expect(task).toMatchObject({ status: 'failed', statusMessage: why(fresh) });
  });
});
