// `@mcpkit/server/tasks`: the in-memory task stores, an entry point of its own so only servers
// that enable tasks carry them. 2025-11-25 tasks:
//   new McpServer(info, { capabilities: { tasks: true }, tasks: inMemoryTasks() })
// The 2026-07-28 tasks extension:
//   new McpServer(info, { tasksExtension: inMemoryTasksExtension() })

import type { TasksExtension, TasksExtensionOptions } from '../core/task-extension.js';
import type { TaskOptions, TaskStoreFactory } from '../core/tasks.js';
import { SessionTaskStore } from '../session/task-store.js';
import { tasksExtension } from './extension.js';
import { InMemoryTasksExtension } from './extension-store.js';
import { localTasksOf, type TaskBackend } from './shared-backend.js';
import { SharedTasksExtension } from './shared-extension-store.js';
import { SharedSessionTaskStore } from './shared-session-store.js';

export type { TaskOptions, TaskSession, TaskStore, TaskStoreFactory } from '../core/tasks.js';

/**
 * Keeps each session's tasks in memory, within `options`' limits (lifetimes, polling interval,
 * most live tasks per session). Tasks end with their session.
 */
export function inMemoryTasks(options: TaskOptions = {}): TaskStoreFactory {
  return ({ pageSize, channel }) => new SessionTaskStore(options, pageSize, channel);
}

export type {
  TasksExtension,
  TasksExtensionOptions,
  TasksExtensionStore,
} from '../core/task-extension.js';
export { tasksExtension } from './extension.js';
export { InMemoryTasksExtension } from './extension-store.js';

/**
 * The 2026-07-28 tasks extension (SEP-2663) with its tasks in memory for the whole server, within
 * `options`' limits: `new McpServer(info, { tasksExtension: inMemoryTasksExtension() })`.
 */
export function inMemoryTasksExtension(options: TasksExtensionOptions = {}): TasksExtension {
  return tasksExtension(new InMemoryTasksExtension(options));
}

export type { SharedTaskRecord, TaskBackend, TaskRunnerMessage } from './shared-backend.js';

/**
 * 2025-11-25 tasks whose records live in `backend` (e.g. `RedisTaskBackend` of `@mcpkit/store-redis`),
 * so every server process serving a session answers tasks/get, tasks/list, tasks/result and
 * tasks/cancel for its tasks; the work runs where it started. Same limits as `inMemoryTasks`.
 */
export function sharedTasks(backend: TaskBackend, options: TaskOptions = {}): TaskStoreFactory {
  const tasks = localTasksOf(backend);
  return (session) => new SharedSessionTaskStore(tasks, options, session);
}

/**
 * The 2026-07-28 tasks extension with its records in `backend`: any process answers for any task;
 * `maxTasks` bounds each principal's live tasks. `new McpServer(info, { tasksExtension: sharedTasksExtension(backend) })`.
 */
export function sharedTasksExtension(
  backend: TaskBackend,
  options: TasksExtensionOptions = {},
): TasksExtension {
  return tasksExtension(new SharedTasksExtension(localTasksOf(backend), options));
}
