import { McpkitError, McpkitErrorCode, type RequestOptions } from '@mcpkit/jsonrpc';
import type { Task } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { isTerminalTaskStatus } from './task-status.js';

/** Polling interval when the server suggests none (2025-11-25 makes `pollInterval` optional). */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1000;

/** What waiting for one task needs from its handle. */
export interface TaskWaitContext {
  taskId: string;
  /** The latest known state. */
  current(): Task;
  /** `tasks/get`, recording the answer as the latest state. */
  poll(options: RequestOptions): Promise<Task>;
  /** `tasks/result` (blocks on the server until the task is terminal). */
  fetchResult(options: RequestOptions): Promise<unknown>;
  /** Calls `listener` on each status notification about the task until the returned function runs. */
  listen(listener: (task: Task) => void): () => void;
}

/**
 * Waits for a task's result the way 2025-11-25 asks of a requestor: poll `tasks/get` at the
 * server's `pollInterval` until the task is terminal, then fetch `tasks/result`. On
 * `input_required` it fetches `tasks/result` at once, since servers deliver the task's questions
 * (elicitation, sampling) on that request; if that request times out while the task runs on,
 * polling resumes. A status notification ends a pause early; without notifications the polls
 * alone get there. Aborting `options.signal` stops waiting (it does not cancel the task).
 */
export async function waitForTaskResult(
  context: TaskWaitContext,
  options: RequestOptions & { pollIntervalMs?: number },
): Promise<unknown> {
  const { pollIntervalMs, ...requestOptions } = options;
  let task = context.current();
  for (;;) {
    options.signal?.throwIfAborted();
    if (task.status === 'cancelled') throw cancelledError(task);
    const terminal = isTerminalTaskStatus(task.status);
    if (terminal || task.status === 'input_required') {
      try {
        return await context.fetchResult(requestOptions);
      } catch (error) {
        if (terminal || !isTimeout(error)) throw error;
      }
    }
    const interval = task.pollInterval ?? pollIntervalMs ?? DEFAULT_TASK_POLL_INTERVAL_MS;
    const notified = await pause(interval, context, task.status, options.signal);
    task = notified ?? (await context.poll(requestOptions));
  }
}

function cancelledError(task: Task): McpClientError {
  const reason = task.statusMessage === undefined ? '' : ` (${task.statusMessage})`;
  return new McpClientError(
    McpClientErrorCode.TaskCancelled,
    `Task ${task.taskId} was cancelled${reason}, so it has no result`,
    { data: { task } },
  );
}

function isTimeout(error: unknown): boolean {
  return error instanceof McpkitError && error.code === McpkitErrorCode.RequestTimeout;
}

/**
 * Sleeps `ms`, or until a notification moves the task to a status worth acting on (terminal or
 * input_required) other than `status`, which it returns. Rejects with the signal's reason on abort.
 */
function pause(
  ms: number,
  context: TaskWaitContext,
  status: Task['status'],
  signal: AbortSignal | undefined,
): Promise<Task | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      stopListening();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      cleanup();
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      cleanup();
      resolve(undefined);
    }, ms);
    const stopListening = context.listen((task) => {
      const actionable = isTerminalTaskStatus(task.status) || task.status === 'input_required';
      if (!actionable || task.status === status) return;
      cleanup();
      resolve(task);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
