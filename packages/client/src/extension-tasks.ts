import { delay, JsonRpcError, type RequestOptions } from '@mcpkit/jsonrpc';
import {
  type DetailedTask,
  type JSONObject,
  TASKS_EXTENSION_ID,
  TasksExtensionGetTaskResultSchema,
  tasksExtensionMethodSchemas,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import { McpClientError, McpClientErrorCode } from './errors.js';

// The client side of the 2026-07-28 tasks extension (SEP-2663). A client that declares the
// extension may get a task handle (`resultType: "task"`) instead of a tool result; callTool then
// drives the task to its end on the caller's behalf: it polls tasks/get at the server's
// pollIntervalMs, answers the task's questions once each through tasks/update, and returns the
// inlined result, so callers keep getting a CallToolResult.

/** Bounds on the server's suggested polling interval, so a bad value neither spins nor stalls. */
const MIN_POLL_MS = 10;
const MAX_POLL_MS = 60_000;
const DEFAULT_POLL_MS = 1000;

/**
 * What the tasks extension needs from the client to follow a task: sending requests, answering input
 * requests and reporting status.
 */
export interface ExtensionTaskDeps {
  /** Sends a request to the server and checks its result against `schema`. */
  request<S extends z.ZodType>(
    method: string,
    params: JSONObject,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** Answers one of the task's questions with the client's handlers (elicitation, sampling, roots). */
  answer(method: string, params: JSONObject | undefined, signal: AbortSignal): Promise<JSONObject>;
  /** A best-effort tasks/cancel that failed. */
  report(error: Error): void;
}

/** The client option `tasksExtension`; `tasksExtension()` from `@mcpkit/client/tasks-extension`. */
export interface ClientTasksExtension {
  /** What the client adds to its `capabilities.extensions`. */
  readonly declaration: Record<string, JSONObject>;
  /** Waits for the task a tools/call answered with and returns its inlined result. */
  awaitTask(created: JSONObject, deps: ExtensionTaskDeps, options?: RequestOptions): Promise<JSONObject>;
}

/** The client side of the tasks extension, for the `tasksExtension` client option. */
export function tasksExtension(): ClientTasksExtension {
  return { declaration: { [TASKS_EXTENSION_ID]: {} }, awaitTask: awaitExtensionTask };
}

/**
 * Waits for the task `created` describes and returns its inlined result. A `failed` task throws its
 * JSON-RPC error; a `cancelled` one throws TASK_CANCELLED. Aborting `options.signal` sends
 * tasks/cancel and throws the abort reason.
 */
export async function awaitExtensionTask(
  created: JSONObject,
  deps: ExtensionTaskDeps,
  options: RequestOptions = {},
): Promise<JSONObject> {
  const taskId = created.taskId;
  if (typeof taskId !== 'string') {
    throw new McpClientError(
      McpClientErrorCode.InvalidResult,
      `tools/call answered resultType "task" without a string taskId: ${JSON.stringify(created).slice(0, 200)}`,
    );
  }
  const signal = options.signal ?? new AbortController().signal;
  const requestOptions: RequestOptions = { ...options, signal };
  const answered = new Set<string>();
  let interval = pollInterval(created.pollIntervalMs);
  try {
    for (;;) {
      await delay(interval, signal);
      const task = (await deps.request(
        'tasks/get',
        { taskId },
        TasksExtensionGetTaskResultSchema,
        requestOptions,
      )) as DetailedTask;
      interval = pollInterval(task.pollIntervalMs);
      switch (task.status) {
        case 'completed':
          return task.result as JSONObject;
        case 'failed':
          throw JsonRpcError.fromErrorObject(task.error as never);
        case 'cancelled':
          throw new McpClientError(
            McpClientErrorCode.TaskCancelled,
            `Task ${taskId} was cancelled by the server`,
            {
              data: { task },
            },
          );
        case 'input_required': {
          const responses: JSONObject = {};
          // SEP-2663: the same question shows on every poll until answered; answer it once.
          for (const [key, question] of Object.entries(task.inputRequests)) {
            if (answered.has(key)) continue;
            answered.add(key);
            responses[key] = await deps.answer(
              question.method,
              question.params as JSONObject | undefined,
              signal,
            );
          }
          if (Object.keys(responses).length > 0) {
            await deps.request(
              'tasks/update',
              { taskId, inputResponses: responses },
              AckSchema,
              requestOptions,
            );
            interval = MIN_POLL_MS;
          }
          break;
        }
        default:
          break;
      }
    }
  } catch (error) {
    if (signal.aborted) cancelQuietly(taskId, deps);
    throw error;
  }
}

/** tasks/update and tasks/cancel answer an empty acknowledgement. */
const AckSchema = tasksExtensionMethodSchemas.results['tasks/cancel'];

function cancelQuietly(taskId: string, deps: ExtensionTaskDeps): void {
  deps.request('tasks/cancel', { taskId }, AckSchema).catch((error: unknown) => {
    deps.report(
      new McpClientError(
        McpClientErrorCode.TaskCancelled,
        `Could not cancel task ${taskId} after the caller aborted`,
        {
          cause: error,
        },
      ),
    );
  });
}

function pollInterval(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, value));
}
