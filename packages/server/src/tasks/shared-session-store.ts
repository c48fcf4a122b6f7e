import { JsonRpcError } from '@mcpkit/jsonrpc';
import { type JSONObject, MetaKey, type RequestId } from '@mcpkit/protocol/essentials';
import type {
  TaskChannel,
  TaskOptions,
  TaskOutcome,
  TaskSession,
  TaskStatus,
  TaskStore,
  TaskWork,
} from '../core/tasks.js';
import {
  type LocalTask,
  type LocalTasks,
  SESSION_FIELDS,
  type SharedTaskRecord,
  storedError,
  TERMINAL,
  taskView,
  untilTerminal,
} from './shared-backend.js';

/** A transport without a way to the client for an unrelated request rejects with this code. */
const NO_STREAM = 'NO_STREAM';

/** What this process keeps of a 2025-11-25 task it runs, beside the shared record. */
interface RunningTask extends LocalTask {
  record: SharedTaskRecord;
  /** tasks/result requests waiting here: the task's messages ride their streams. */
  resultRequests: RequestId[];
  resultRequestListeners: Set<(requestId: RequestId) => void>;
  release?: () => void;
}

/**
 * One session's 2025-11-25 tasks with their records in a shared backend, so tasks/get, tasks/list,
 * tasks/result and tasks/cancel answer on any process serving the session. The work runs (and its
 * messages leave) on the process that started it; tasks/result elsewhere waits for the record to
 * turn terminal, tasks/cancel elsewhere is sent to the running process.
 */
export class SharedSessionTaskStore implements TaskStore {
  readonly #tasks: LocalTasks;
  readonly #options: Required<TaskOptions>;
  readonly #channel: TaskChannel;
  readonly #pageSize: number;
  readonly #scope: string;
  readonly #mine = new Map<string, RunningTask>();

  constructor(tasks: LocalTasks, options: TaskOptions, session: TaskSession) {
    this.#tasks = tasks;
    this.#options = {
      defaultTtlMs: options.defaultTtlMs ?? 3_600_000,
      maxTtlMs: options.maxTtlMs ?? 86_400_000,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxTasks: options.maxTasks ?? 100,
    };
    this.#pageSize = session.pageSize;
    this.#channel = session.channel;
    // A session without an id (stdio) is never served by another process: a scope of its own.
    this.#scope = `session:${encodeURIComponent(session.sessionId ?? crypto.randomUUID())}`;
  }

  async start(
    requestedTtl: number | undefined,
    run: (work: TaskWork) => Promise<TaskOutcome>,
  ): Promise<JSONObject> {
    const now = Date.now();
    const record: SharedTaskRecord = {
      taskId: crypto.randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl: Math.min(requestedTtl ?? this.#options.defaultTtlMs, this.#options.maxTtlMs),
      pollInterval: this.#options.pollIntervalMs,
      instance: this.#tasks.backend.instanceId,
    };
    const task: RunningTask = {
      record,
      controller: new AbortController(),
      resultRequests: [],
      resultRequestListeners: new Set(),
    };
    task.release = await this.#tasks.run(this.#scope, record.taskId, task);
    try {
      if (!(await this.#tasks.backend.create(this.#scope, record, this.#options.maxTasks))) {
        throw JsonRpcError.internalError(
          `Too many tasks in this session (${this.#options.maxTasks}); wait for some to finish or expire`,
        );
      }
    } catch (error) {
      task.release();
      throw error;
    }
    this.#mine.set(record.taskId, task);
    // Expiry aborts the work, as in memory: nobody can ask for its result any more.
    const expiry = setTimeout(
      () => task.controller.abort(new Error(`Task ${record.taskId} expired`)),
      record.ttl,
    );
    (expiry as { unref?: () => void }).unref?.();
    // Started after the CreateTaskResult is built, so the client hears of the task first.
    queueMicrotask(() => {
      run(this.#work(task))
        .then(
          (outcome) => this.#settle(task, outcome),
          (error: unknown) => this.#settle(task, { error: error as JsonRpcError }),
        )
        .finally(() => {
          clearTimeout(expiry);
          this.#forget(task);
        });
    });
    return { task: taskView(record, SESSION_FIELDS) };
  }

  async get(taskId: string): Promise<JSONObject> {
    return taskView(await this.#find(taskId), SESSION_FIELDS);
  }

  async result(taskId: string, requestId?: RequestId): Promise<JSONObject> {
    let record = await this.#find(taskId);
    const task = this.#mine.get(taskId);
    // A tasks/result that waits where the task runs lends its stream to the task's messages.
    const waiting = TERMINAL.has(record.status) || task === undefined ? undefined : requestId;
    if (waiting !== undefined && task !== undefined) {
      task.resultRequests.push(waiting);
      for (const listener of [...task.resultRequestListeners]) listener(waiting);
    }
    try {
      if (!TERMINAL.has(record.status)) {
        record = await untilTerminal(this.#tasks, this.#scope, taskId, undefined, () =>
          JsonRpcError.internalError(`Task ${taskId} expired before it finished`, { taskId }),
        );
      }
    } finally {
      if (waiting !== undefined && task !== undefined) {
        task.resultRequests.splice(task.resultRequests.indexOf(waiting), 1);
      }
    }
    if (record.error !== undefined) throw storedError(record.error);
    if (record.result === undefined) {
      throw JsonRpcError.internalError(
        `Task ${taskId} is ${record.status} without a result: ${record.statusMessage ?? 'no reason given'}`,
        { taskId },
      );
    }
    const meta = {
      ...((record.result._meta as JSONObject | undefined) ?? {}),
      [MetaKey.RelatedTask]: { taskId },
    };
    return { ...record.result, _meta: meta };
  }

  async list(cursor: string | undefined): Promise<JSONObject> {
    const page = await this.#tasks.backend.list(this.#scope, cursor, this.#pageSize);
    if (page === undefined) {
      throw JsonRpcError.invalidParams(
        `Invalid cursor for 'tasks/list': ${JSON.stringify(cursor)} is not a cursor this server issued`,
      );
    }
    const tasks: JSONObject[] = [];
    for (const listed of page.records) {
      // A task whose process died is reported failed here too.
      const record = TERMINAL.has(listed.status)
        ? listed
        : await this.#tasks.read(this.#scope, listed.taskId);
      if (record !== undefined) tasks.push(taskView(record, SESSION_FIELDS));
    }
    const result: JSONObject = { tasks };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  async cancel(taskId: string): Promise<JSONObject> {
    const record = await this.#find(taskId);
    const cancelled: SharedTaskRecord = {
      ...record,
      status: 'cancelled',
      statusMessage: 'Cancelled by the client',
      lastUpdatedAt: Date.now(),
    };
    if (TERMINAL.has(record.status) || !(await this.#tasks.backend.update(this.#scope, cancelled))) {
      const now = (await this.#tasks.backend.get(this.#scope, taskId)) ?? record;
      throw JsonRpcError.invalidParams(`Cannot cancel task ${taskId}: it is already ${now.status}`, {
        taskId,
      });
    }
    await this.#tasks.abort(this.#scope, record, new Error(`Task ${taskId} was cancelled`));
    this.#announce(cancelled);
    return taskView(cancelled, SESSION_FIELDS);
  }

  /** The session closed here: the tasks this process runs stop, and their records say why. */
  closeAll(): void {
    for (const task of [...this.#mine.values()]) {
      const reason = new Error('The session closed');
      task.controller.abort(reason);
      this.#write(task, {
        status: 'failed',
        statusMessage: `Task ${task.record.taskId} stopped: its session closed on the server process running it (instance ${task.record.instance})`,
      });
      this.#forget(task);
    }
  }

  #work(task: RunningTask): TaskWork {
    const related = { [MetaKey.RelatedTask]: { taskId: task.record.taskId } };
    const withRelated = (params: JSONObject | undefined): JSONObject => ({
      ...params,
      _meta: { ...((params?._meta as JSONObject | undefined) ?? {}), ...related },
    });
    return {
      signal: task.controller.signal,
      taskId: task.record.taskId,
      sendNotification: (method, params) =>
        this.#channel.notify(method, withRelated(params), task.resultRequests.at(-1)),
      requestInput: async (request, options) => {
        this.#write(task, { status: 'input_required' });
        try {
          return await this.#ask(task, request.method, withRelated(request.params), options?.timeoutMs);
        } finally {
          if (task.record.status === 'input_required') this.#write(task, { status: 'working' });
        }
      },
    };
  }

  /**
   * Sends a task's question on the stream of a tasks/result request waiting here, else on the
   * session's channel (which reaches the client's GET stream wherever it is held); with no way to
   * the client, it waits for the tasks/result the client sends on seeing input_required.
   */
  async #ask(
    task: RunningTask,
    method: string,
    params: JSONObject,
    timeoutMs: number | undefined,
  ): Promise<JSONObject> {
    const signal = task.controller.signal;
    const send = (relatedRequestId: RequestId | undefined) =>
      this.#channel.request(method, params, {
        signal,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(relatedRequestId === undefined ? {} : { relatedRequestId }),
      });
    const waiting = task.resultRequests.at(-1);
    if (waiting !== undefined) return send(waiting);
    try {
      return await send(undefined);
    } catch (error) {
      if ((error as { code?: unknown } | undefined)?.code !== NO_STREAM) throw error;
      return send(await nextResultRequest(task));
    }
  }

  #settle(task: RunningTask, outcome: TaskOutcome): void {
    if ('error' in outcome) {
      const error = outcome.error;
      this.#write(task, {
        status: 'failed',
        statusMessage: error.message,
        error: (typeof error.toErrorObject === 'function'
          ? error.toErrorObject()
          : JsonRpcError.internalError(String(error)).toErrorObject()) as unknown as JSONObject,
      });
    } else if (outcome.failed) {
      this.#write(task, {
        status: 'failed',
        result: outcome.result,
        ...(outcome.statusMessage === undefined ? {} : { statusMessage: outcome.statusMessage }),
      });
    } else {
      this.#write(task, { status: 'completed', result: outcome.result });
    }
  }

  /** Writes the task's next state (a terminal record is never overwritten) and tells the client. */
  #write(
    task: RunningTask,
    change: { status: TaskStatus; statusMessage?: string; result?: JSONObject; error?: JSONObject },
  ): void {
    if (TERMINAL.has(task.record.status)) return;
    const next: SharedTaskRecord = { ...task.record, ...change, lastUpdatedAt: Date.now() };
    if (change.statusMessage === undefined) delete next.statusMessage;
    task.record = next;
    this.#tasks.backend.update(this.#scope, next).then((written) => {
      if (written) this.#announce(next);
    }, this.#channel.report);
  }

  #announce(record: SharedTaskRecord): void {
    this.#channel
      .notify('notifications/tasks/status', taskView(record, SESSION_FIELDS))
      .then(undefined, this.#channel.report);
  }

  #forget(task: RunningTask): void {
    this.#mine.delete(task.record.taskId);
    task.release?.();
  }

  async #find(taskId: string): Promise<SharedTaskRecord> {
    const record = await this.#tasks.read(this.#scope, taskId);
    if (record === undefined) throw JsonRpcError.invalidParams(`Task not found: ${taskId}`, { taskId });
    return record;
  }
}

function nextResultRequest(task: RunningTask): Promise<RequestId> {
  const signal = task.controller.signal;
  return new Promise((resolve, reject) => {
    const stop = () => {
      task.resultRequestListeners.delete(listener);
      reject(signal.reason);
    };
    const listener = (requestId: RequestId) => {
      task.resultRequestListeners.delete(listener);
      signal.removeEventListener('abort', stop);
      resolve(requestId);
    };
    if (signal.aborted) return stop();
    task.resultRequestListeners.add(listener);
    signal.addEventListener('abort', stop, { once: true });
  });
}
