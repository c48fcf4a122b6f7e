import type { RequestOptions } from '@mcpkit/jsonrpc';
import {
  type CallToolRequestParams,
  type CallToolResult,
  type JSONObject,
  type ListTasksResult,
  type PaginatedRequestParams,
  type ServerCapabilities,
  type Task,
  type TaskMetadata,
  taskResultSchemas,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import type { CallToolOptions } from './client-options.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { NegotiatedSession } from './handshake.js';
import { asError } from './subscriptions.js';
import { ToolTask, type ToolTaskDeps } from './task-handle.js';
import { isTerminalTaskStatus, type TaskStatusHub } from './task-status.js';
import type { ToolTaskSupport } from './tool-catalog.js';

// 2025-11-25 tasks (experimental) seen from the requestor: the client augments tools/call with a
// `task` param and follows the task through tasks/get, tasks/result, tasks/list and tasks/cancel.
// 2026-07-28 replaced them with an extension of another shape, which this client does not speak.

/** The only revision whose tasks this client speaks. */
export const TASKS_PROTOCOL_VERSION = '2025-11-25';

// Named statically (not `revisionSchemas[version]`), so a client bundle carries only these.
const schemas = taskResultSchemas;

type TaskMethod = 'tools/call' | 'tasks/get' | 'tasks/result' | 'tasks/list' | 'tasks/cancel';

/** The server capability (inside `capabilities.tasks`) each task operation needs. */
const NEEDED: Record<TaskMethod, { path: string; declared: (tasks: TasksCapability) => boolean }> = {
  'tools/call': { path: 'tasks.requests.tools.call', declared: (t) => t.requests?.tools?.call !== undefined },
  'tasks/get': { path: 'tasks', declared: () => true },
  'tasks/result': { path: 'tasks', declared: () => true },
  'tasks/list': { path: 'tasks.list', declared: (t) => t.list !== undefined },
  'tasks/cancel': { path: 'tasks.cancel', declared: (t) => t.cancel !== undefined },
};
type TasksCapability = NonNullable<ServerCapabilities['tasks']>;

export interface TaskClientDeps {
  session(method: string): NegotiatedSession;
  request<S extends z.ZodType>(
    method: string,
    params: JSONObject | undefined,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** `enforceStrictCapabilities`: false sends task requests the server did not declare. */
  strict(): boolean;
  taskSupport(toolName: string): ToolTaskSupport | undefined;
  checkOutput(toolName: string, result: CallToolResult, validateOutput: boolean | undefined): void;
  hub: TaskStatusHub;
  reportError(error: Error): void;
}

/** The client's task operations; `McpClient` exposes them as methods, and each handle uses them. */
export class TaskClient implements ToolTaskDeps {
  readonly #deps: TaskClientDeps;
  readonly checkOutput: TaskClientDeps['checkOutput'];
  readonly hub: TaskStatusHub;
  readonly reportError: (error: Error) => void;

  constructor(deps: TaskClientDeps) {
    this.#deps = deps;
    this.checkOutput = deps.checkOutput;
    this.hub = deps.hub;
    this.reportError = deps.reportError;
  }

  /** Why `method` cannot be sent as a task operation on this connection, or undefined if it can. */
  unavailable(method: TaskMethod, action: string): McpClientError | undefined {
    const { protocolVersion, mode, serverCapabilities } = this.#deps.session(method);
    if (mode === 'stateless' || protocolVersion !== TASKS_PROTOCOL_VERSION) {
      return new McpClientError(
        McpClientErrorCode.TasksNotSupported,
        `Cannot ${action}: tasks need protocol revision ${TASKS_PROTOCOL_VERSION}, but this connection ` +
          `negotiated ${protocolVersion}. Pin protocolVersion: '${TASKS_PROTOCOL_VERSION}' to use them.`,
        { data: { method, protocolVersion } },
      );
    }
    const tasks = serverCapabilities.tasks;
    const needed = NEEDED[method];
    if (!this.#deps.strict() || (tasks !== undefined && needed.declared(tasks))) return undefined;
    const declared =
      tasks === undefined
        ? 'it declared no tasks capability'
        : `its tasks capability is ${JSON.stringify(tasks)}`;
    return new McpClientError(
      McpClientErrorCode.CapabilityNotSupported,
      `Cannot ${action}: the server did not declare the '${needed.path}' capability (${declared}). ` +
        'Pass enforceStrictCapabilities: false to send it anyway.',
      { data: { method, capability: needed.path } },
    );
  }

  /** Sends a task operation, or rejects with why it is unavailable (see `unavailable`). */
  async #send<S extends z.ZodType>(
    method: TaskMethod,
    action: string,
    params: JSONObject | undefined,
    schema: S,
    options: RequestOptions | undefined,
  ): Promise<z.output<S>> {
    const reason = this.unavailable(method, action);
    if (reason) throw reason;
    return this.#deps.request(method, params, schema, options);
  }

  /** Starts `params` as a task and returns its handle (see `McpClient.callToolAsTask`). */
  async callToolAsTask(
    params: CallToolRequestParams,
    task?: TaskMetadata,
    options?: RequestOptions,
  ): Promise<ToolTask> {
    const action = `call tool '${params.name}' as a task`;
    const reason = this.unavailable('tools/call', action);
    if (reason) throw reason;
    if (this.#deps.strict() && this.#deps.taskSupport(params.name) === 'forbidden') {
      throw new McpClientError(
        McpClientErrorCode.ToolForbidsTasks,
        `Cannot ${action}: its execution.taskSupport in tools/list is 'forbidden' (or absent, which ` +
          'means the same). Call it with callTool() instead.',
        { data: { tool: params.name } },
      );
    }
    const created = await this.#deps.request(
      'tools/call',
      { ...params, task: task ?? params.task ?? {} } as JSONObject,
      schemas.CreateTaskResultSchema,
      options,
    );
    return new ToolTask(params.name, created, this);
  }

  /**
   * `callTool` for a call that must run as a task (a `task` param, or a tool listed with
   * taskSupport 'required'): starts it and waits for its result. The caller holds no handle, so
   * an abort also cancels the task rather than leave it running unseen.
   */
  async runToCompletion(
    params: CallToolRequestParams,
    options: CallToolOptions = {},
  ): Promise<CallToolResult> {
    const { validateOutput, ...requestOptions } = options;
    const handle = await this.callToolAsTask(params, undefined, requestOptions);
    try {
      return await handle.result(
        validateOutput === undefined ? requestOptions : { ...requestOptions, validateOutput },
      );
    } catch (error) {
      if (requestOptions.signal?.aborted === true && !isTerminalTaskStatus(handle.status)) {
        await handle.cancel().catch((cancelError: unknown) => {
          this.reportError(asError(cancelError, `cancelling abandoned task ${handle.taskId} failed`));
        });
      }
      throw error;
    }
  }

  get(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.#send('tasks/get', `get task ${taskId}`, { taskId }, schemas.GetTaskResultSchema, options);
  }

  /** `tasks/result`: blocks on the server until the task is terminal; the payload of a tools/call. */
  result(taskId: string, options?: RequestOptions): Promise<CallToolResult> {
    const action = `get the result of task ${taskId}`;
    return this.#send('tasks/result', action, { taskId }, schemas.CallToolResultSchema, options);
  }

  list(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListTasksResult> {
    return this.#send('tasks/list', 'list tasks', params, schemas.ListTasksResultSchema, options);
  }

  cancel(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.#send(
      'tasks/cancel',
      `cancel task ${taskId}`,
      { taskId },
      schemas.CancelTaskResultSchema,
      options,
    );
  }
}
