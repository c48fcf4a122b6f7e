import type { Task } from '@mcpkit/protocol';

/** Receives each `notifications/tasks/status` the server sends (the full task state). */
export type TaskStatusHandler = (task: Task) => void | Promise<void>;

/**
 * Routes `notifications/tasks/status` to the client-wide handler and to the handles waiting on
 * that task. Servers may send none at all (the spec makes them optional), so nothing here may be
 * needed for a task to finish: handles use notifications only to stop waiting sooner.
 */
export class TaskStatusHub {
  #handler: TaskStatusHandler | undefined;
  readonly #listeners = new Map<string, Set<(task: Task) => void>>();

  setHandler(handler: TaskStatusHandler | undefined): void {
    this.#handler = handler;
  }

  /** Calls `listener` on each notification about `taskId`; returns the function that stops it. */
  listen(taskId: string, listener: (task: Task) => void): () => void {
    let listeners = this.#listeners.get(taskId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(taskId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(taskId) === listeners) this.#listeners.delete(taskId);
    };
  }

  /** Delivers one notification; the handler's failure propagates so the caller can report it. */
  async deliver(task: Task): Promise<void> {
    for (const listener of [...(this.#listeners.get(task.taskId) ?? [])]) listener(task);
    await this.#handler?.(task);
  }

  /** The connection closed: handles of its tasks will hear nothing more. */
  clear(): void {
    this.#listeners.clear();
  }
}

const TERMINAL: ReadonlySet<Task['status']> = new Set(['completed', 'failed', 'cancelled']);

/** Whether a task reached `completed`, `failed` or `cancelled` (it never changes again). */
export function isTerminalTaskStatus(status: Task['status']): boolean {
  return TERMINAL.has(status);
}
