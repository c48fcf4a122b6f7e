import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { RequestContext } from './request-context.js';
import type { Awaitable, TaskOutcome, TaskWork } from './tasks.js';

// The 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) as the core sees it:
// types only. The protocol glue and the in-memory store are reached through `@mcpkit/server/tasks`,
// so servers without the extension do not bundle them. Unlike 2025-11-25 tasks, these outlive any
// connection (the revision has none): one store serves the whole server, a task is found by its
// unguessable id and, when the transport authenticated the caller, only by the principal that
// created it. The server decides per call whether a task-capable tool runs as a task.

/**
 * Options of the 2026-07-28 tasks extension on the server: task lifetime, poll interval and most tasks
 * kept.
 */
export interface TasksExtensionOptions {
  /** Lifetime of a task from its creation, in ms (default 1 hour); it is forgotten afterwards. */
  ttlMs?: number;
  /** Suggested polling interval, in ms (default 500). */
  pollIntervalMs?: number;
  /** Most live tasks in the whole server; one more gets -32603 until some expire (default 1000). */
  maxTasks?: number;
}

/**
 * Who may see a task: the authenticated principal that created it (client id, with the subject when
 * authentication names one), or anyone holding its id when unauthenticated.
 */
export type TaskOwner = string | undefined;

/**
 * Where the extension's tasks live and run; the in-memory one backs `inMemoryTasksExtension()`, a
 * shared one (records in Redis, say) `sharedTasksExtension()`.
 */
export interface TasksExtensionStore {
  /**
   * Creates a task running `run` and returns its CreateTaskResult; the task can be found by
   * `get` by the time this returns (SEP-2663 forbids answering before that).
   */
  create(owner: TaskOwner, run: (work: TaskWork) => Promise<TaskOutcome>): Awaitable<JSONObject>;
  /** The DetailedTask, or undefined for an unknown (or expired, or someone else's) task. */
  get(taskId: string, owner: TaskOwner): Awaitable<JSONObject | undefined>;
  /** Delivers answers to outstanding input requests; false for an unknown task. */
  update(taskId: string, owner: TaskOwner, inputResponses: Record<string, JSONObject>): Awaitable<boolean>;
  /** Cancels a task that has not finished; false for an unknown task. */
  cancel(taskId: string, owner: TaskOwner): Awaitable<boolean>;
  /**
   * Calls `listener` with the DetailedTask on each change of the task until the returned function
   * runs (or the task ends); undefined for an unknown task.
   */
  watch(
    taskId: string,
    owner: TaskOwner,
    listener: (task: JSONObject) => void,
  ): Awaitable<(() => void) | undefined>;
}

/** Whether a tool may (`optional`), must (`required`) or must not (`forbidden`) run as a task. */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/** A tools/call the extension may turn into a task. */
export interface ExtensionToolCall {
  name: string;
  support: TaskSupport;
  /** The handler calls `ctx.startTask()` itself (`taskStart: 'by-handler'`). */
  startsItself: boolean;
  /**
   * Runs the handler under `ctx`; a JSON-RPC error it throws propagates (rather than becoming an
   * `isError` result) while `jsonRpcErrorsFail()` says so.
   */
  run(ctx: RequestContext, jsonRpcErrorsFail: () => boolean): Promise<JSONObject>;
}

/** The extension as the server option `tasksExtension` takes it. */
export interface TasksExtension {
  /** What the server adds to `capabilities.extensions`. */
  readonly declaration: Record<string, JSONObject>;
  /** Answers a 2026-07-28 tasks/get, tasks/update or tasks/cancel. */
  answer(method: string, params: JSONObject | undefined, ctx: RequestContext): Awaitable<JSONObject>;
  /** Answers a 2026-07-28 tools/call: with a CreateTaskResult when it becomes a task. */
  callTool(call: ExtensionToolCall, ctx: RequestContext): Promise<JSONObject>;
  /**
   * For subscriptions/listen `taskIds`: relays each listed task's changes (as DetailedTasks) to
   * `listener`; `agreed` lists the tasks found. Throws -32021 for a client without the extension.
   */
  watchTasks(
    taskIds: readonly string[],
    ctx: RequestContext,
    listener: (task: JSONObject) => void,
  ): Awaitable<{
    agreed: string[];
    /** Stops watching. */
    stop(): void;
  }>;
}
