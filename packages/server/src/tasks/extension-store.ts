import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { InputRequest, InputRequestOptions } from '../core/input-request.js';
import type { TaskOwner, TasksExtensionOptions, TasksExtensionStore } from '../core/task-extension.js';
import type { TaskOutcome, TaskStatus, TaskWork } from '../core/tasks.js';

interface PendingInput {
  request: InputRequest;
  resolve(answer: JSONObject): void;
  reject(reason: unknown): void;
}

interface ExtensionTask {
  taskId: string;
  owner: TaskOwner;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: number;
  lastUpdatedAt: number;
  controller: AbortController;
  result?: JSONObject;
  error?: JSONObject;
  /** Questions the client has not answered yet, by key. */
  pending: Map<string, PendingInput>;
  /** Every key ever asked: SEP-2663 forbids reusing one within a task. */
  asked: Set<string>;
  /** Listeners of subscriptions/listen streams that asked for this task's notifications. */
  watchers: Set<(task: JSONObject) => void>;
}

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

const KEY_PREFIX: Record<InputRequest['method'], string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * Keeps the server's extension tasks in memory. Every task lives `ttlMs` from its creation, so the
 * map is in expiry order and a sweep on each use stops at the first live task (no timers: an idle
 * process stays idle). Expiry and cancellation abort the work's signal.
 */
export class InMemoryTasksExtension implements TasksExtensionStore {
  readonly #tasks = new Map<string, ExtensionTask>();
  readonly #ttlMs: number;
  readonly #pollIntervalMs: number;
  readonly #maxTasks: number;

  constructor(options: TasksExtensionOptions = {}) {
    this.#ttlMs = positiveInteger(options.ttlMs ?? 3_600_000, 'ttlMs');
    this.#pollIntervalMs = positiveInteger(options.pollIntervalMs ?? 500, 'pollIntervalMs');
    this.#maxTasks = positiveInteger(options.maxTasks ?? 1000, 'maxTasks');
  }

  create(owner: TaskOwner, run: (work: TaskWork) => Promise<TaskOutcome>): JSONObject {
    this.#sweep();
    if (this.#tasks.size >= this.#maxTasks) {
      throw JsonRpcError.internalError(
        `Too many tasks on this server (${this.#maxTasks}); wait for some to expire and call again`,
      );
    }
    const now = Date.now();
    const task: ExtensionTask = {
      taskId: crypto.randomUUID(),
      owner,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      controller: new AbortController(),
      pending: new Map(),
      asked: new Set(),
      watchers: new Set(),
    };
    this.#tasks.set(task.taskId, task);
    const work: TaskWork = {
      taskId: task.taskId,
      signal: task.controller.signal,
      // SEP-2663: no progress or log notifications for tasks.
      sendNotification: async () => {},
      requestInput: (request, options) => this.#ask(task, request, options),
    };
    run(work).then(
      (outcome) => this.#finish(task, outcome),
      (error: unknown) => this.#finish(task, { error: JsonRpcError.internalError(String(error)) }),
    );
    const created = this.#view(task);
    created.resultType = 'task';
    return created;
  }

  get(taskId: string, owner: TaskOwner): JSONObject | undefined {
    const task = this.#find(taskId, owner);
    return task === undefined ? undefined : this.#detailed(task);
  }

  watch(taskId: string, owner: TaskOwner, listener: (task: JSONObject) => void): (() => void) | undefined {
    const task = this.#find(taskId, owner);
    if (task === undefined) return undefined;
    task.watchers.add(listener);
    return () => task.watchers.delete(listener);
  }

  #detailed(task: ExtensionTask): JSONObject {
    const view = this.#view(task);
    if (task.status === 'input_required') {
      const inputRequests: JSONObject = {};
      for (const [key, pending] of task.pending)
        inputRequests[key] = pending.request as unknown as JSONObject;
      view.inputRequests = inputRequests;
    } else if (task.status === 'completed' && task.result !== undefined) {
      view.result = task.result;
    } else if (task.status === 'failed' && task.error !== undefined) {
      view.error = task.error;
    }
    return view;
  }

  update(taskId: string, owner: TaskOwner, inputResponses: Record<string, JSONObject>): boolean {
    const task = this.#find(taskId, owner);
    if (task === undefined) return false;
    // Answers to keys that are not outstanding (never asked, already answered) are ignored.
    let changed = false;
    for (const [key, answer] of Object.entries(inputResponses)) {
      const pending = task.pending.get(key);
      if (pending === undefined) continue;
      task.pending.delete(key);
      pending.resolve(answer);
      changed = true;
    }
    if (task.status === 'input_required' && task.pending.size === 0) this.#setStatus(task, 'working');
    else if (changed) this.#notify(task);
    return true;
  }

  cancel(taskId: string, owner: TaskOwner): boolean {
    const task = this.#find(taskId, owner);
    if (task === undefined) return false;
    if (TERMINAL.has(task.status)) return true;
    this.#setStatus(task, 'cancelled', 'Cancelled by the client');
    this.#stop(task, new Error(`Task ${task.taskId} was cancelled`));
    return true;
  }

  #ask(task: ExtensionTask, request: InputRequest, options?: InputRequestOptions): Promise<JSONObject> {
    if (TERMINAL.has(task.status)) {
      return Promise.reject(new Error(`Task ${task.taskId} is ${task.status}; it can ask nothing more`));
    }
    const key = options?.key ?? this.#nextKey(task, KEY_PREFIX[request.method]);
    if (task.asked.has(key)) {
      return Promise.reject(
        new Error(
          `Input key '${key}' was already used in task ${task.taskId}; each question needs its own key`,
        ),
      );
    }
    task.asked.add(key);
    return new Promise<JSONObject>((resolve, reject) => {
      task.pending.set(key, { request, resolve, reject });
      this.#setStatus(task, 'input_required');
    });
  }

  #nextKey(task: ExtensionTask, prefix: string): string {
    if (!task.asked.has(prefix)) return prefix;
    let n = 2;
    while (task.asked.has(`${prefix}_${n}`)) n++;
    return `${prefix}_${n}`;
  }

  #finish(task: ExtensionTask, outcome: TaskOutcome): void {
    // A cancelled or expired task keeps its status; whatever the work ends with is dropped.
    if (TERMINAL.has(task.status)) return;
    if ('error' in outcome) {
      task.error = outcome.error.toErrorObject() as unknown as JSONObject;
      this.#setStatus(task, 'failed', outcome.error.message);
    } else {
      task.result = outcome.result;
      this.#setStatus(task, 'completed');
    }
    this.#stop(task, new Error(`Task ${task.taskId} has ended`));
  }

  #stop(task: ExtensionTask, reason: Error): void {
    for (const pending of task.pending.values()) pending.reject(reason);
    task.pending.clear();
    task.controller.abort(reason);
  }

  #setStatus(task: ExtensionTask, status: TaskStatus, statusMessage?: string): void {
    task.status = status;
    task.lastUpdatedAt = Date.now();
    if (statusMessage !== undefined) task.statusMessage = statusMessage;
    this.#notify(task);
    // A finished task changes no more: its watchers are done.
    if (TERMINAL.has(status)) task.watchers.clear();
  }

  #notify(task: ExtensionTask): void {
    if (task.watchers.size === 0) return;
    const detailed = this.#detailed(task);
    for (const watcher of task.watchers) watcher(detailed);
  }

  #find(taskId: string, owner: TaskOwner): ExtensionTask | undefined {
    this.#sweep();
    const task = this.#tasks.get(taskId);
    return task !== undefined && task.owner === owner ? task : undefined;
  }

  #sweep(): void {
    const now = Date.now();
    for (const [taskId, task] of this.#tasks) {
      if (now - task.createdAt <= this.#ttlMs) return;
      if (!TERMINAL.has(task.status)) this.#stop(task, new Error(`Task ${taskId} expired`));
      this.#tasks.delete(taskId);
    }
  }

  #view(task: ExtensionTask): JSONObject {
    const view: JSONObject = {
      taskId: task.taskId,
      status: task.status,
      createdAt: new Date(task.createdAt).toISOString(),
      lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
      ttlMs: this.#ttlMs,
      pollIntervalMs: this.#pollIntervalMs,
    };
    if (task.statusMessage !== undefined) view.statusMessage = task.statusMessage;
    return view;
  }
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`inMemoryTasksExtension: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}
