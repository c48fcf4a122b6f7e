import { JsonRpcError } from '@mcpkit/jsonrpc';
import { type JSONObject, MetaKey, type RequestId } from '@mcpkit/protocol/essentials';
import type {
  TaskChannel,
  TaskOptions,
  TaskOutcome,
  TaskStatus,
  TaskStore,
  TaskWork,
} from '../core/tasks.js';
import { paginate } from '../registry/pagination.js';

interface TaskRecord {
  taskId: string;
  seq: number;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: number;
  lastUpdatedAt: number;
  ttl: number;
  controller: AbortController;
  outcome?: TaskOutcome;
  done: Promise<void>;
  finish: () => void;
  /** The client's tasks/result requests waiting on this task: its messages ride their streams. */
  resultRequests: RequestId[];
  /** Woken when a tasks/result request arrives, for questions that had no way to the client. */
  resultRequestListeners: Set<(requestId: RequestId) => void>;
}

/**
 * A transport that cannot deliver an unrelated request (Streamable HTTP before the client opened
 * its GET stream) rejects the send with this code; the question then waits for a tasks/result.
 */
const NO_STREAM = 'NO_STREAM';

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/**
 * The tasks of one session, in memory. Expired tasks are swept whenever the store is used (no
 * timers, so an idle process stays idle); cancelling aborts the work's signal.
 */
export class SessionTaskStore implements TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  readonly #options: Required<TaskOptions>;
  readonly #channel: TaskChannel;
  readonly #pageSize: number;
  #seq = 0;

  constructor(options: TaskOptions, pageSize: number, channel: TaskChannel) {
    this.#options = {
      defaultTtlMs: options.defaultTtlMs ?? 3_600_000,
      maxTtlMs: options.maxTtlMs ?? 86_400_000,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxTasks: options.maxTasks ?? 100,
    };
    this.#pageSize = pageSize;
    this.#channel = channel;
  }

  start(requestedTtl: number | undefined, run: (work: TaskWork) => Promise<TaskOutcome>): JSONObject {
    this.#sweep();
    if (this.#tasks.size >= this.#options.maxTasks) {
      throw JsonRpcError.internalError(
        `Too many tasks in this session (${this.#options.maxTasks}); wait for some to finish or expire`,
      );
    }
    const now = Date.now();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const record: TaskRecord = {
      taskId: crypto.randomUUID(),
      seq: this.#seq++,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl: Math.min(requestedTtl ?? this.#options.defaultTtlMs, this.#options.maxTtlMs),
      controller: new AbortController(),
      done,
      finish,
      resultRequests: [],
      resultRequestListeners: new Set(),
    };
    this.#tasks.set(record.taskId, record);
    const signal = record.controller.signal;
    const related = { [MetaKey.RelatedTask]: { taskId: record.taskId } };
    const withRelated = (params: JSONObject | undefined): JSONObject => ({
      ...params,
      _meta: { ...((params?._meta as JSONObject | undefined) ?? {}), ...related },
    });
    const work: TaskWork = {
      signal,
      taskId: record.taskId,
      sendNotification: (method, params) =>
        this.#channel.notify(method, withRelated(params), record.resultRequests.at(-1)),
      requestInput: async (request, options) => {
        this.#transition(record, 'input_required');
        try {
          return await this.#ask(record, request.method, withRelated(request.params), options?.timeoutMs);
        } finally {
          if (record.status === 'input_required') this.#transition(record, 'working');
        }
      },
    };
    // Started after the CreateTaskResult is built, so the client hears of the task first.
    queueMicrotask(() => {
      run(work).then(
        (outcome) => this.#settle(record, outcome),
        (error: unknown) => this.#settle(record, { error: error as JsonRpcError }),
      );
    });
    return { task: this.#view(record) };
  }

  get(taskId: string): JSONObject {
    return this.#view(this.#find(taskId));
  }

  async result(taskId: string, requestId?: RequestId): Promise<JSONObject> {
    const record = this.#find(taskId);
    // A tasks/result that waits lends its stream to the task's messages until the task ends.
    const waiting = TERMINAL.has(record.status) ? undefined : requestId;
    if (waiting !== undefined) {
      record.resultRequests.push(waiting);
      for (const listener of [...record.resultRequestListeners]) listener(waiting);
    }
    try {
      await record.done;
    } finally {
      if (waiting !== undefined) record.resultRequests.splice(record.resultRequests.indexOf(waiting), 1);
    }
    const outcome = record.outcome;
    if (outcome === undefined || 'error' in outcome) {
      throw (
        outcome?.error ??
        JsonRpcError.internalError(`Task ${taskId} was cancelled before it produced a result`)
      );
    }
    const meta = {
      ...((outcome.result._meta as JSONObject | undefined) ?? {}),
      [MetaKey.RelatedTask]: { taskId },
    };
    return { ...outcome.result, _meta: meta };
  }

  async list(cursor: string | undefined): Promise<JSONObject> {
    this.#sweep();
    const page = await paginate(
      'tasks/list',
      [...this.#tasks.values()],
      (record) => [this.#view(record)],
      cursor,
      this.#pageSize,
    );
    const result: JSONObject = { tasks: page.items };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  cancel(taskId: string): JSONObject {
    const record = this.#find(taskId);
    if (TERMINAL.has(record.status)) {
      throw JsonRpcError.invalidParams(`Cannot cancel task ${taskId}: it is already ${record.status}`, {
        taskId,
      });
    }
    this.#transition(record, 'cancelled', 'Cancelled by the client');
    record.controller.abort(new Error(`Task ${taskId} was cancelled`));
    record.finish();
    return this.#view(record);
  }

  /** Aborts every running task (the session closed). */
  closeAll(): void {
    for (const record of this.#tasks.values()) {
      if (!TERMINAL.has(record.status)) record.controller.abort(new Error('The session closed'));
    }
    this.#tasks.clear();
  }

  /**
   * Sends a task's question: on the stream of a waiting tasks/result request if there is one, else
   * on the session's channel; where that has no way to the client (HTTP without a GET stream), the
   * question waits for the tasks/result the client sends on seeing input_required, as the spec asks.
   */
  async #ask(
    record: TaskRecord,
    method: string,
    params: JSONObject,
    timeoutMs: number | undefined,
  ): Promise<JSONObject> {
    const signal = record.controller.signal;
    const send = (relatedRequestId: RequestId | undefined) =>
      this.#channel.request(method, params, {
        signal,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(relatedRequestId === undefined ? {} : { relatedRequestId }),
      });
    const waiting = record.resultRequests.at(-1);
    if (waiting !== undefined) return send(waiting);
    try {
      return await send(undefined);
    } catch (error) {
      if ((error as { code?: unknown } | undefined)?.code !== NO_STREAM) throw error;
      return send(await this.#nextResultRequest(record));
    }
  }

  #nextResultRequest(record: TaskRecord): Promise<RequestId> {
    const waiting = record.resultRequests.at(-1);
    if (waiting !== undefined) return Promise.resolve(waiting);
    const signal = record.controller.signal;
    return new Promise((resolve, reject) => {
      const stop = () => {
        record.resultRequestListeners.delete(listener);
        reject(signal.reason);
      };
      const listener = (requestId: RequestId) => {
        record.resultRequestListeners.delete(listener);
        signal.removeEventListener('abort', stop);
        resolve(requestId);
      };
      if (signal.aborted) return stop();
      record.resultRequestListeners.add(listener);
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  #settle(record: TaskRecord, outcome: TaskOutcome): void {
    if (TERMINAL.has(record.status)) return; // cancelled stays cancelled, whatever the work did
    record.outcome = outcome;
    if ('error' in outcome) this.#transition(record, 'failed', outcome.error.message);
    else if (outcome.failed) this.#transition(record, 'failed', outcome.statusMessage);
    else this.#transition(record, 'completed');
    record.finish();
  }

  #transition(record: TaskRecord, status: TaskStatus, statusMessage?: string): void {
    record.status = status;
    record.lastUpdatedAt = Date.now();
    if (statusMessage !== undefined) record.statusMessage = statusMessage;
    else delete record.statusMessage;
    this.#channel
      .notify('notifications/tasks/status', this.#view(record))
      .then(undefined, this.#channel.report);
  }

  #find(taskId: string): TaskRecord {
    this.#sweep();
    const record = this.#tasks.get(taskId);
    if (record === undefined) {
      throw JsonRpcError.invalidParams(`Task not found: ${taskId}`, { taskId });
    }
    return record;
  }

  #sweep(): void {
    const now = Date.now();
    for (const [taskId, record] of this.#tasks) {
      if (now - record.createdAt > record.ttl) {
        if (!TERMINAL.has(record.status)) record.controller.abort(new Error(`Task ${taskId} expired`));
        this.#tasks.delete(taskId);
      }
    }
  }

  #view(record: TaskRecord): JSONObject {
    const view: JSONObject = {
      taskId: record.taskId,
      status: record.status,
      createdAt: new Date(record.createdAt).toISOString(),
      lastUpdatedAt: new Date(record.lastUpdatedAt).toISOString(),
      ttl: record.ttl,
      pollInterval: this.#options.pollIntervalMs,
    };
    if (record.statusMessage !== undefined) view.statusMessage = record.statusMessage;
    return view;
  }
}
