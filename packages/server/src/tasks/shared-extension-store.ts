import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { InputRequest, InputRequestOptions } from '../core/input-request.js';
import type { TaskOwner, TasksExtensionOptions, TasksExtensionStore } from '../core/task-extension.js';
import type { TaskOutcome, TaskStatus, TaskWork } from '../core/tasks.js';
import {
  EXTENSION_FIELDS,
  type LocalTask,
  type LocalTasks,
  type SharedTaskRecord,
  TERMINAL,
  taskView,
} from './shared-backend.js';

interface PendingInput {
  request: InputRequest;
  resolve(answer: JSONObject): void;
  reject(reason: unknown): void;
}

/** What this process keeps of an extension task it runs, beside the shared record. */
interface RunningTask extends LocalTask {
  scope: string;
  record: SharedTaskRecord;
  pending: Map<string, PendingInput>;
  /** Every key ever asked: SEP-2663 forbids reusing one within a task. */
  asked: Set<string>;
}

const KEY_PREFIX: Record<InputRequest['method'], string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * The 2026-07-28 tasks extension with its task records in a shared backend: any request may land
 * on any process (the revision is stateless), so tasks/get, tasks/update, tasks/cancel and
 * subscriptions/listen `taskIds` answer everywhere. The work runs on the process that created the
 * task; answers and cancels reach it through the backend's messages. Tasks are kept per principal:
 * `maxTasks` bounds each principal's live tasks (unauthenticated callers share one scope).
 */
export class SharedTasksExtension implements TasksExtensionStore {
  readonly #tasks: LocalTasks;
  readonly #ttlMs: number;
  readonly #pollIntervalMs: number;
  readonly #maxTasks: number;

  constructor(tasks: LocalTasks, options: TasksExtensionOptions = {}) {
    this.#tasks = tasks;
    this.#ttlMs = positiveInteger(options.ttlMs ?? 3_600_000, 'ttlMs');
    this.#pollIntervalMs = positiveInteger(options.pollIntervalMs ?? 500, 'pollIntervalMs');
    this.#maxTasks = positiveInteger(options.maxTasks ?? 1000, 'maxTasks');
  }

  async create(owner: TaskOwner, run: (work: TaskWork) => Promise<TaskOutcome>): Promise<JSONObject> {
    const scope = scopeOf(owner);
    const now = Date.now();
    const task: RunningTask = {
      scope,
      record: {
        taskId: crypto.randomUUID(),
        status: 'working',
        createdAt: now,
        lastUpdatedAt: now,
        ttl: this.#ttlMs,
        pollInterval: this.#pollIntervalMs,
        instance: this.#tasks.backend.instanceId,
      },
      controller: new AbortController(),
      pending: new Map(),
      asked: new Set(),
    };
    task.answer = (responses) => this.#answer(task, responses);
    // However the work stops (cancelled here or from another process, expired, ended), its
    // outstanding questions fail with the reason.
    task.controller.signal.addEventListener('abort', () => {
      for (const pending of task.pending.values()) pending.reject(task.controller.signal.reason);
      task.pending.clear();
    });
    const release = await this.#tasks.run(scope, task.record.taskId, task);
    try {
      if (!(await this.#tasks.backend.create(scope, task.record, this.#maxTasks))) {
        throw JsonRpcError.internalError(
          `Too many tasks for this principal (${this.#maxTasks}); wait for some to expire and call again`,
        );
      }
    } catch (error) {
      release();
      throw error;
    }
    const expiry = setTimeout(
      () => this.#stop(task, new Error(`Task ${task.record.taskId} expired`)),
      this.#ttlMs,
    );
    (expiry as { unref?: () => void }).unref?.();
    const work: TaskWork = {
      taskId: task.record.taskId,
      signal: task.controller.signal,
      // SEP-2663: no progress or log notifications for tasks.
      sendNotification: async () => {},
      requestInput: (request, options) => this.#ask(task, request, options),
    };
    run(work)
      .then(
        (outcome) => this.#finish(task, outcome),
        (error: unknown) => this.#finish(task, { error: JsonRpcError.internalError(String(error)) }),
      )
      .finally(() => {
        clearTimeout(expiry);
        release();
      });
    const created = taskView(task.record, EXTENSION_FIELDS);
    created.resultType = 'task';
    return created;
  }

  async get(taskId: string, owner: TaskOwner): Promise<JSONObject | undefined> {
    const record = await this.#tasks.read(scopeOf(owner), taskId);
    return record === undefined ? undefined : detailed(record);
  }

  async watch(
    taskId: string,
    owner: TaskOwner,
    listener: (task: JSONObject) => void,
  ): Promise<(() => void) | undefined> {
    const scope = scopeOf(owner);
    if ((await this.#tasks.read(scope, taskId)) === undefined) return undefined;
    let stopped = false;
    const stop = this.#tasks.backend.watch(scope, taskId, (record) => {
      if (stopped) return;
      listener(detailed(record));
      // A finished task changes no more: its watchers are done.
      if (TERMINAL.has(record.status)) {
        stopped = true;
        stop();
      }
    });
    return () => {
      stopped = true;
      stop();
    };
  }

  async update(
    taskId: string,
    owner: TaskOwner,
    inputResponses: Record<string, JSONObject>,
  ): Promise<boolean> {
    const scope = scopeOf(owner);
    const record = await this.#tasks.read(scope, taskId);
    if (record === undefined) return false;
    if (TERMINAL.has(record.status)) return true;
    const local = this.#tasks.local(scope, taskId);
    if (local?.answer !== undefined) local.answer(inputResponses);
    else await this.#tasks.backend.send(record.instance, { type: 'input', scope, taskId, inputResponses });
    return true;
  }

  async cancel(taskId: string, owner: TaskOwner): Promise<boolean> {
    const scope = scopeOf(owner);
    const record = await this.#tasks.read(scope, taskId);
    if (record === undefined) return false;
    if (TERMINAL.has(record.status)) return true;
    const cancelled: SharedTaskRecord = {
      ...record,
      status: 'cancelled',
      statusMessage: 'Cancelled by the client',
      lastUpdatedAt: Date.now(),
    };
    delete cancelled.inputRequests;
    if (await this.#tasks.backend.update(scope, cancelled)) {
      await this.#tasks.abort(scope, record, new Error(`Task ${taskId} was cancelled`));
    }
    return true;
  }

  #ask(task: RunningTask, request: InputRequest, options?: InputRequestOptions): Promise<JSONObject> {
    const { taskId, status } = task.record;
    if (TERMINAL.has(status) || task.controller.signal.aborted) {
      return Promise.reject(new Error(`Task ${taskId} is ${status}; it can ask nothing more`));
    }
    const key = options?.key ?? nextKey(task, KEY_PREFIX[request.method]);
    if (task.asked.has(key)) {
      return Promise.reject(
        new Error(`Input key '${key}' was already used in task ${taskId}; each question needs its own key`),
      );
    }
    task.asked.add(key);
    return new Promise<JSONObject>((resolve, reject) => {
      task.pending.set(key, { request, resolve, reject });
      this.#write(task, 'input_required');
    });
  }

  /** Answers reached this process: outstanding keys are resolved, the rest ignored (SEP-2663). */
  #answer(task: RunningTask, inputResponses: Record<string, JSONObject>): void {
    let changed = false;
    for (const [key, answer] of Object.entries(inputResponses)) {
      const pending = task.pending.get(key);
      if (pending === undefined) continue;
      task.pending.delete(key);
      pending.resolve(answer);
      changed = true;
    }
    if (!changed) return;
    this.#write(task, task.pending.size === 0 ? 'working' : 'input_required');
  }

  #finish(task: RunningTask, outcome: TaskOutcome): void {
    if ('error' in outcome) {
      this.#write(task, 'failed', outcome.error.message, {
        error: outcome.error.toErrorObject() as unknown as JSONObject,
      });
    } else {
      this.#write(task, 'completed', undefined, { result: outcome.result });
    }
    this.#stop(task, new Error(`Task ${task.record.taskId} has ended`));
  }

  #stop(task: RunningTask, reason: Error): void {
    task.controller.abort(reason);
  }

  /** Writes the task's next state; a terminal record (cancelled elsewhere, say) is never overwritten. */
  #write(
    task: RunningTask,
    status: TaskStatus,
    statusMessage?: string,
    outcome: { result?: JSONObject; error?: JSONObject } = {},
  ): void {
    if (TERMINAL.has(task.record.status)) return;
    const next: SharedTaskRecord = { ...task.record, status, lastUpdatedAt: Date.now(), ...outcome };
    if (statusMessage !== undefined) next.statusMessage = statusMessage;
    delete next.inputRequests;
    if (status === 'input_required') {
      const inputRequests: JSONObject = {};
      for (const [key, pending] of task.pending)
        inputRequests[key] = pending.request as unknown as JSONObject;
      next.inputRequests = inputRequests;
    }
    task.record = next;
    this.#tasks.backend.update(task.scope, next).then(undefined, (error: unknown) => {
      // The backend is unreachable: the work cannot report, so it stops rather than run unseen.
      this.#stop(
        task,
        new Error(`Task ${task.record.taskId} could not be recorded: ${String(error)}`, { cause: error }),
      );
    });
  }
}

function nextKey(task: RunningTask, prefix: string): string {
  if (!task.asked.has(prefix)) return prefix;
  let n = 2;
  while (task.asked.has(`${prefix}_${n}`)) n++;
  return `${prefix}_${n}`;
}

/** One principal's tasks; unauthenticated callers share one scope (a task id is unguessable). */
function scopeOf(owner: TaskOwner): string {
  return owner === undefined ? 'anonymous' : `principal:${encodeURIComponent(owner)}`;
}

/** The DetailedTask: the questions, the result or the error, as the status has them. */
function detailed(record: SharedTaskRecord): JSONObject {
  const task = taskView(record, EXTENSION_FIELDS);
  if (record.status === 'input_required' && record.inputRequests !== undefined) {
    task.inputRequests = record.inputRequests;
  } else if (record.status === 'completed' && record.result !== undefined) {
    task.result = record.result;
  } else if (record.status === 'failed' && record.error !== undefined) {
    task.error = record.error;
  }
  return task;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`sharedTasksExtension: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}
