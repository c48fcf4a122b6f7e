import type { RequestOptions } from '@mcpkit/jsonrpc';
import type { CallToolResult, CreateTaskResult, Task, TaskStatus } from '@mcpkit/protocol';
import { asError } from './subscriptions.js';
import { isTerminalTaskStatus, type TaskStatusHub } from './task-status.js';
import { waitForTaskResult } from './task-wait.js';

/** Options of `ToolTask.result()`. */
export interface TaskResultOptions extends RequestOptions {
  /** Polling interval when the server suggests none (default 1000 ms); the server's `pollInterval` wins. */
  pollIntervalMs?: number;
  /** Override the client's `validateToolOutput` for this result. */
  validateOutput?: boolean;
}

/** What a handle needs from the client: the tasks/* round trips and the output check. */
export interface ToolTaskDeps {
  get(taskId: string, options?: RequestOptions): Promise<Task>;
  result(taskId: string, options?: RequestOptions): Promise<CallToolResult>;
  cancel(taskId: string, options?: RequestOptions): Promise<Task>;
  checkOutput(toolName: string, result: CallToolResult, validateOutput: boolean | undefined): void;
  hub: TaskStatusHub;
  reportError(error: Error): void;
}

/**
 * A tool call running as a 2025-11-25 task. `task` is the latest state the handle knows, from the
 * CreateTaskResult, its own polls and the server's status notifications.
 */
export class ToolTask {
  readonly taskId: string;
  readonly toolName: string;
  /** The server's CreateTaskResult, `_meta` included (e.g. `io.modelcontextprotocol/model-immediate-response`). */
  readonly created: CreateTaskResult;
  readonly #deps: ToolTaskDeps;
  readonly #listeners = new Set<(task: Task) => void>();
  #task: Task;
  #stopHub: (() => void) | undefined;

  constructor(toolName: string, created: CreateTaskResult, deps: ToolTaskDeps) {
    this.toolName = toolName;
    this.created = created;
    this.taskId = created.task.taskId;
    this.#task = created.task;
    this.#deps = deps;
    if (!isTerminalTaskStatus(this.#task.status)) {
      this.#stopHub = deps.hub.listen(this.taskId, (task) => this.#learn(task));
    }
  }

  get task(): Task {
    return this.#task;
  }

  get status(): TaskStatus {
    return this.#task.status;
  }

  /** Asks the server for the current state (`tasks/get`). */
  async get(options?: RequestOptions): Promise<Task> {
    const task = await this.#deps.get(this.taskId, options);
    this.#learn(task);
    return task;
  }

  /**
   * Waits for the tool's result: polls `tasks/get` at the server's `pollInterval`, then fetches
   * `tasks/result`. The server's questions on the way (elicitation, sampling) reach the client's
   * handlers. A failed tool is a result with `isError: true`; an error the call would have got is
   * thrown as that `JsonRpcError`; a cancelled task throws TASK_CANCELLED. `timeoutMs` applies to
   * each request; abort `signal` to stop waiting (the task runs on: call `cancel()` to stop it).
   */
  async result(options: TaskResultOptions = {}): Promise<CallToolResult> {
    const { validateOutput, ...waitOptions } = options;
    const result = (await waitForTaskResult(
      {
        taskId: this.taskId,
        current: () => this.#task,
        poll: (requestOptions) => this.get(requestOptions),
        fetchResult: (requestOptions) => this.#deps.result(this.taskId, requestOptions),
        listen: (listener) => this.#deps.hub.listen(this.taskId, listener),
      },
      waitOptions,
    )) as CallToolResult;
    this.#deps.checkOutput(this.toolName, result, validateOutput);
    return result;
  }

  /** Cancels the task (`tasks/cancel`); the server refuses (-32602) once the task is terminal. */
  async cancel(options?: RequestOptions): Promise<Task> {
    const task = await this.#deps.cancel(this.taskId, options);
    this.#learn(task);
    return task;
  }

  /**
   * Calls `listener` whenever the handle learns a newer state of the task, whether from a status
   * notification or a poll (notifications are optional for servers). Returns the function that stops it.
   */
  onStatus(listener: (task: Task) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #learn(task: Task): void {
    const known = this.#task;
    // Once terminal a task never changes: a late or reordered notification must not undo that.
    if (isTerminalTaskStatus(known.status)) return;
    const changed =
      task.status !== known.status ||
      task.statusMessage !== known.statusMessage ||
      task.lastUpdatedAt !== known.lastUpdatedAt;
    if (!changed) return;
    this.#task = task;
    if (isTerminalTaskStatus(task.status)) {
      this.#stopHub?.();
      this.#stopHub = undefined;
    }
    for (const listener of [...this.#listeners]) {
      try {
        listener(task);
      } catch (error) {
        this.#deps.reportError(asError(error, `task ${this.taskId} status listener failed`));
      }
    }
  }
}
