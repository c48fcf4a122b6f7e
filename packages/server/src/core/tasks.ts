import type { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject, RequestId } from '@mcpkit/protocol/essentials';
import type { InputRequest, InputRequestOptions } from './input-request.js';

// Tasks (2025-11-25, experimental): a task-augmented tools/call answers at once with a task,
// runs on, and its result is fetched later with tasks/result. The core speaks to tasks through
// this interface; the stateful session supplies it (tasks live with the session that created
// them, which also binds them to that client's authorization). Which store holds them is the
// application's choice, passed as `tasks` in the server options: the in-memory one comes from the
// opt-in entry point `@mcpkit/server/tasks`, so servers without tasks do not carry it.

/** The status of a task: working, input_required, completed, failed or cancelled. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** How a task's work ends: a result, or the JSON-RPC error the original request would have got. */
export type TaskOutcome =
  | { result: JSONObject; failed?: boolean; statusMessage?: string }
  | { error: JsonRpcError };

/**
 * The channel a task's work uses instead of its (already answered) request: messages carry the
 * related-task `_meta`, go out unrelated to any request, and questions to the client mark the
 * task `input_required` while they wait.
 */
export interface TaskWork {
  /** Aborted when the task is cancelled, expires or its session closes. */
  signal: AbortSignal;
  taskId: string;
  /** Sends a notification related to the task. */
  sendNotification(method: string, params: JSONObject): Promise<void>;
  /** Asks the client for input the task needs (elicitation, sampling) and waits for the answer. */
  requestInput(request: InputRequest, options?: InputRequestOptions): Promise<JSONObject>;
}

/**
 * Options of the 2025-11-25 in-memory task store: default and longest task lifetime, poll interval and
 * most tasks kept.
 */
export interface TaskOptions {
  /** Lifetime a client gets when it asks for none, in ms (default 1 hour). */
  defaultTtlMs?: number;
  /** Upper bound on the lifetime a client may ask for, in ms (default 24 hours). */
  maxTtlMs?: number;
  /** Suggested polling interval, in ms (default 1000). */
  pollIntervalMs?: number;
  /** Most live tasks per session; more get -32603 until some expire (default 100). */
  maxTasks?: number;
}

/** A value, or a promise of it: what a store that keeps its records elsewhere (Redis) may answer. */
export type Awaitable<T> = T | Promise<T>;

/**
 * What the core needs to run and query tasks; present only where tasks can live (sessions). The
 * in-memory store answers at once; a shared one (`sharedTasks`) reads its records from elsewhere.
 */
export interface TaskRunner {
  /** Starts `run` as a task and returns the CreateTaskResult to answer the request with. */
  start(
    requestedTtl: number | undefined,
    run: (work: TaskWork) => Promise<TaskOutcome>,
  ): Awaitable<JSONObject>;
  /** A task of the given session by id; -32602 when there is none. */
  get(taskId: string): Awaitable<JSONObject>;
  /**
   * Resolves with the task's final result (or rejects with its error) once it is terminal.
   * `requestId` is the tasks/result request waiting: the task's messages may ride its stream.
   */
  result(taskId: string, requestId?: RequestId): Promise<JSONObject>;
  /** One page of the tasks of the given session. */
  list(cursor: string | undefined): Promise<JSONObject>;
  /** Cancels a task of the given session; resolves with its final state. */
  cancel(taskId: string): Awaitable<JSONObject>;
}

/**
 * How a session's tasks reach the client: the session's peer. A message related to a
 * tasks/result request goes out on that request's stream (Streamable HTTP); unrelated ones on the
 * session's own channel.
 */
export interface TaskChannel {
  /** Sends a notification related to the task to the client. */
  notify(method: string, params: JSONObject, relatedRequestId?: RequestId): Promise<void>;
  /** Sends a request related to the task to the client and resolves with its result. */
  request(
    method: string,
    params: JSONObject,
    options: { signal: AbortSignal; timeoutMs?: number; relatedRequestId?: RequestId },
  ): Promise<JSONObject>;
  /** Reports a failure that concerns the task but cannot be returned to anyone. */
  report(error: unknown): void;
}

/** One session's tasks. */
export interface TaskStore extends TaskRunner {
  /** The session closed: abort every running task and forget them all. */
  closeAll(): void;
}

/**
 * Builds a session's task store on its first task-augmented request; the `tasks` server option,
 * e.g. `inMemoryTasks()` from `@mcpkit/server/tasks`.
 */
export type TaskStoreFactory = (session: TaskSession) => TaskStore;

/** What a task store learns of the session it serves. */
export interface TaskSession {
  pageSize: number;
  channel: TaskChannel;
  /**
   * The session's id, when it has one: a shared store keeps the session's tasks under it (the HTTP
   * transport binds a session to the principal that opened it, so the tasks are that principal's).
   */
  sessionId: string | undefined;
}
