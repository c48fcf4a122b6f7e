import { describe, expect, it } from 'vitest';
import type { TaskStore, TaskStoreFactory } from '../core/tasks.js';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import { inMemoryTasks } from './index.js';

// Tasks are opt-in by import: `capabilities.tasks` needs a store factory, `inMemoryTasks()` from
// `@mcpkit/server/tasks` or any other TaskStoreFactory.

describe('choosing a task store', () => {
  it('refuses capabilities.tasks without a store, saying what to import and pass', () => {
    expect(() => new McpServer({ name: 't', version: '1' }, { capabilities: { tasks: true } })).toThrow(
      new TypeError(
        'capabilities.tasks is on but no task store was given. Pass one as the tasks option: ' +
          "import { inMemoryTasks } from '@mcpkit/server/tasks'; " +
          'new McpServer(info, { capabilities: { tasks: true }, tasks: inMemoryTasks() })',
      ),
    );
  });

  it('runs tasks in the in-memory store with the limits given', async () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      { capabilities: { tasks: true }, tasks: inMemoryTasks({ pollIntervalMs: 123, maxTasks: 1 }) },
    );
    server.tool('job', { execution: { taskSupport: 'optional' } }, () => new Promise<string>(() => {}));
    const h = await connect(server);
    const created = (await h.request('tools/call', { name: 'job', task: {} })).task as {
      status: string;
      pollInterval: number;
    };
    expect(created).toMatchObject({ status: 'working', pollInterval: 123 });
    await expect(h.request('tools/call', { name: 'job', task: {} })).rejects.toThrow(/Too many tasks/);
  });

  it('builds one store per session from any factory, and closes it with the session', async () => {
    const sessions: { closed: boolean }[] = [];
    const countingTasks: TaskStoreFactory = (session) => {
      const inner: TaskStore = inMemoryTasks()(session);
      const record = { closed: false };
      sessions.push(record);
      return {
        start: (ttl, run) => inner.start(ttl, run),
        get: (taskId) => inner.get(taskId),
        result: (taskId, requestId) => inner.result(taskId, requestId),
        list: (cursor) => inner.list(cursor),
        cancel: (taskId) => inner.cancel(taskId),
        closeAll() {
          record.closed = true;
          inner.closeAll();
        },
      };
    };
    const server = new McpServer(
      { name: 't', version: '1' },
      { capabilities: { tasks: true }, tasks: countingTasks },
    );
    server.tool('quick', { execution: { taskSupport: 'optional' } }, () => 'done');
    const first = await connect(server);
    const second = await connect(server);
    for (const h of [first, second, first]) await h.request('tools/call', { name: 'quick', task: {} });
    expect(sessions).toEqual([{ closed: false }, { closed: false }]);
    await first.session.close();
    await settle();
    expect(sessions).toEqual([{ closed: true }, { closed: false }]);
  });
});
