// `@mcpkit/server/tasks`: the in-memory task store, an entry point of its own so only servers
// that enable 2025-11-25 tasks carry it:
//   new McpServer(info, { capabilities: { tasks: true }, tasks: inMemoryTasks() })
import type { TaskOptions, TaskStoreFactory } from '../core/tasks.js';
import { SessionTaskStore } from '../session/task-store.js';

export type { TaskOptions, TaskStore, TaskStoreFactory } from '../core/tasks.js';

/**
 * Keeps each session's tasks in memory, within `options`' limits (lifetimes, polling interval,
 * most live tasks per session). Tasks end with their session.
 */
export function inMemoryTasks(options: TaskOptions = {}): TaskStoreFactory {
  return ({ pageSize, channel }) => new SessionTaskStore(options, pageSize, channel);
}
