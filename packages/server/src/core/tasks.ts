import type { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject, RequestId } from '@mcpkit/protocol/essentials';
import type { InputRequest, InputRequestOptions } from './input-request.js';

// Tasks (2025-11-25, experimental): a task-augmented tools/call answers at once with a task,
// runs on, and its result is fetched later with tasks/result. The core speaks to tasks through
// this interface; the stateful session supplies it (tasks live with the session that created
// them, which also binds them to that client's authorization). Which store holds them is the
// application's choice, passed as `tasks` in the server options: the in-memory one comes from the
// opt-in entry point `@mcpkit/server/tasks`, so servers without tasks do not carry it.

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
  sendNotification(method: string, params: JSONObject): Promise<void>;
  requestInput(request: InputRequest, options?: InputRequestOptions): Promise<JSONObject>;
}

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

/** What the core needs to run and query tasks; present only where tasks can live (sessions). */
export interface TaskRunner {
  /** Starts `run` as a task and returns the CreateTaskResult to answer the request with. */
  start(requestedTtl: number | undefined, run: (work: TaskWork) => Promise<TaskOutcome>): JSONObject;
  get(taskId: string): JSONObject;
  /**
   * Resolves with the task's final result (or rejects with its error) once it is terminal.
   * `requestId` is the tasks/result request waiting: the task's messages may ride its stream.
   */
  result(taskId: string, requestId?: RequestId): Promise<JSONObject>;
  list(cursor: string | undefined): Promise<JSONObject>;
  cancel(taskId: string): JSONObject;
}

/**
 * How a session's tasks reach the client: the session's peer. A message related to a
 * tasks/result request goes out on that request's stream (Streamable HTTP); unrelated ones on the
 * session's own channel.
 */
export interface TaskChannel {
  notify(method: string, params: JSONObject, relatedRequestId?: RequestId): Promise<void>;
  request(
    method: string,
    params: JSONObject,
    options: { signal: AbortSignal; timeoutMs?: number; relatedRequestId?: RequestId },
  ): Promise<JSONObject>;
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
export type TaskStoreFactory = (session: { pageSize: number; channel: TaskChannel }) => TaskStore;
