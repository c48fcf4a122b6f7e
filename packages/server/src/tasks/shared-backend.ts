import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { TaskStatus } from '../core/tasks.js';

// Tasks shared by several server processes: what every process must see (the task's record) lives
// in a backend such as Redis (`@mcpkit/store-redis`); what cannot leave the process (the running
// work, its AbortController, questions waiting for answers) stays with the process that runs it.
// Other processes reach that one through the backend's messages (cancel, answers) and learn that it
// died when its liveness lapses.

/** The part of a task every process can read: its state, lifetime and final outcome. */
export interface SharedTaskRecord {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** Epoch ms. */
  createdAt: number;
  lastUpdatedAt: number;
  /** Lifetime from `createdAt`, in ms: the backend forgets the record afterwards. */
  ttl: number;
  /** Suggested polling interval, in ms. */
  pollInterval: number;
  /** The backend `instanceId` of the process running the work. */
  instance: string;
  /** The final result (also a failed tool's `isError` result), once there is one. */
  result?: JSONObject;
  /** The JSON-RPC error object the task failed with. */
  error?: JSONObject;
  /** 2026-07-28: the questions waiting for the client's answers, by key. */
  inputRequests?: JSONObject;
}

/** What another process asks of the process running a task. */
export type TaskRunnerMessage =
  | { type: 'cancel'; scope: string; taskId: string }
  | { type: 'input'; scope: string; taskId: string; inputResponses: Record<string, JSONObject> };

/**
 * Where shared task records live, and how processes reach each other: `RedisTaskBackend` of
 * `@mcpkit/store-redis` implements it. A scope is one session's tasks (2025-11-25) or one
 * principal's (2026-07-28 extension); records of different scopes never meet.
 */
export interface TaskBackend {
  /** This process's name in records and messages: unique per process. */
  readonly instanceId: string;
  /**
   * Stores a new record (forgotten `ttl` ms after its creation) unless the scope already holds
   * `maxTasks` live ones: false then.
   */
  create(scope: string, record: SharedTaskRecord, maxTasks: number): Promise<boolean>;
  /** The record, or undefined when it never existed or expired. */
  get(scope: string, taskId: string): Promise<SharedTaskRecord | undefined>;
  /**
   * Replaces a record unless the stored one is already terminal (or gone), keeping its expiry, and
   * tells the task's watchers; resolves whether it wrote.
   */
  update(scope: string, record: SharedTaskRecord): Promise<boolean>;
  /**
   * One page of a scope's live records, oldest first; `cursor` comes from the previous page.
   * Undefined when `cursor` is not one this backend issued.
   */
  list(
    scope: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ records: SharedTaskRecord[]; nextCursor?: string } | undefined>;
  /** Calls `listener` with every record `update` writes for the task, until the returned function runs. */
  watch(scope: string, taskId: string, listener: (record: SharedTaskRecord) => void): () => void;
  /** Delivers `message` to the process named `instance` (its `onMessage` listener). */
  send(instance: string, message: TaskRunnerMessage): Promise<void>;
  /** Receives the messages sent to this process, until the returned function runs. */
  onMessage(listener: (message: TaskRunnerMessage) => void): () => void;
  /**
   * Marks this process alive (before the first record naming it is written) and keeps it so until
   * every returned release has run: while no task runs here, nothing is refreshed.
   */
  keepAlive(): Promise<() => void>;
  /** Whether the process named `instance` is alive (its liveness has not lapsed). */
  isAlive(instance: string): Promise<boolean>;
}

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** What this process holds of a task it runs. */
export interface LocalTask {
  controller: AbortController;
  /** A tasks/update's answers reached this process (2026-07-28). */
  answer?(inputResponses: Record<string, JSONObject>): void;
}

/**
 * The tasks running in this process on one backend, shared by every store on it: one message
 * subscription routes cancels and answers to them, and reads check the liveness of other processes.
 */
export class LocalTasks {
  readonly backend: TaskBackend;
  readonly #running = new Map<string, LocalTask>();
  #unsubscribe: (() => void) | undefined;

  constructor(backend: TaskBackend) {
    this.backend = backend;
  }

  /** Holds `task` until the returned function runs; the process stays alive meanwhile. */
  async run(scope: string, taskId: string, task: LocalTask): Promise<() => void> {
    const release = await this.backend.keepAlive();
    this.#unsubscribe ??= this.backend.onMessage((message) => this.#receive(message));
    const key = localKey(scope, taskId);
    this.#running.set(key, task);
    return () => {
      if (this.#running.get(key) !== task) return;
      this.#running.delete(key);
      release();
    };
  }

  local(scope: string, taskId: string): LocalTask | undefined {
    return this.#running.get(localKey(scope, taskId));
  }

  /**
   * The record, after checking that a task still working is really running: one whose process
   * died (its liveness lapsed, or this process no longer holds it) is marked failed, with why.
   */
  async read(scope: string, taskId: string): Promise<SharedTaskRecord | undefined> {
    const record = await this.backend.get(scope, taskId);
    if (record === undefined || TERMINAL.has(record.status)) return record;
    const mine = record.instance === this.backend.instanceId;
    if (mine ? this.local(scope, taskId) !== undefined : await this.backend.isAlive(record.instance)) {
      return record;
    }
    const failed: SharedTaskRecord = {
      ...record,
      status: 'failed',
      statusMessage: mine
        ? `Task ${taskId} was started by this server process (instance ${record.instance}), which no longer runs it: it restarted under the same instance id, or could not record the task's end`
        : `The server process running task ${taskId} (instance ${record.instance}) stopped before the task finished: its liveness lapsed (killed, crashed or cut off from the store)`,
      lastUpdatedAt: Date.now(),
    };
    delete failed.inputRequests;
    if (await this.backend.update(scope, failed)) return failed;
    return this.backend.get(scope, taskId);
  }

  /** Cancels the work, wherever it runs. */
  async abort(scope: string, record: SharedTaskRecord, reason: Error): Promise<void> {
    const local = this.local(scope, record.taskId);
    if (local !== undefined) local.controller.abort(reason);
    else await this.backend.send(record.instance, { type: 'cancel', scope, taskId: record.taskId });
  }

  #receive(message: TaskRunnerMessage): void {
    const task = this.local(message.scope, message.taskId);
    if (task === undefined) return;
    if (message.type === 'cancel') task.controller.abort(new Error(`Task ${message.taskId} was cancelled`));
    else task.answer?.(message.inputResponses);
  }
}

const registries = new WeakMap<TaskBackend, LocalTasks>();

/** The one registry of running tasks per backend in this process. */
export function localTasksOf(backend: TaskBackend): LocalTasks {
  let tasks = registries.get(backend);
  if (tasks === undefined) {
    tasks = new LocalTasks(backend);
    registries.set(backend, tasks);
  }
  return tasks;
}

function localKey(scope: string, taskId: string): string {
  return `${scope}\n${taskId}`;
}

/** The JSON-RPC error a failed task's record holds, as an error to throw. */
export function storedError(error: JSONObject): JsonRpcError {
  return new JsonRpcError(error.code as number, error.message as string, error.data);
}

/**
 * Resolves with the record once it is terminal: on each change the backend announces, and by
 * polling every `pollInterval` ms besides (an announcement can be missed); bounded by the record's
 * expiry, after which it rejects with `expired`.
 */
export async function untilTerminal(
  tasks: LocalTasks,
  scope: string,
  taskId: string,
  signal: AbortSignal | undefined,
  expired: () => Error,
): Promise<SharedTaskRecord> {
  let wake: (() => void) | undefined;
  const stop = tasks.backend.watch(scope, taskId, (record) => {
    if (TERMINAL.has(record.status)) wake?.();
  });
  try {
    for (;;) {
      const record = await tasks.read(scope, taskId);
      if (record === undefined) throw expired();
      if (TERMINAL.has(record.status)) return record;
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(record.pollInterval, 50));
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wake = undefined;
          resolve();
        }
        wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  } finally {
    stop();
  }
}

/** How a revision names a task's lifetime and poll interval: 2025-11-25 `ttl`, the extension `ttlMs`. */
export interface TaskViewFields {
  ttl: string;
  pollInterval: string;
}
export const SESSION_FIELDS: TaskViewFields = { ttl: 'ttl', pollInterval: 'pollInterval' };
export const EXTENSION_FIELDS: TaskViewFields = { ttl: 'ttlMs', pollInterval: 'pollIntervalMs' };

/** The wire Task object of a stored record, with the field names of its revision. */
export function taskView(record: SharedTaskRecord, fields: TaskViewFields): JSONObject {
  const task: JSONObject = {
    taskId: record.taskId,
    status: record.status,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.lastUpdatedAt).toISOString(),
    [fields.ttl]: record.ttl,
    [fields.pollInterval]: record.pollInterval,
  };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  return task;
}
