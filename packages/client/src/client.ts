import { JsonRpcError } from '@mcpkit/jsonrpc';
import {
  type CallToolRequestParams,
  type CallToolResult,
  type CompleteRequestParams,
  type CompleteResult,
  ErrorCode,
  type GetPromptRequestParams,
  type GetPromptResult,
  type JSONObject,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListTasksResult,
  type ListToolsResult,
  type LoggingLevel,
  type PaginatedRequestParams,
  type Prompt,
  type ReadResourceRequestParams,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  ResultSchema,
  type Root,
  type Task,
  type TaskMetadata,
  type Tool,
} from '@mcpkit/protocol';
import { ClientCore } from './client-core.js';
import type { CallToolOptions, LogMessageHandler, RequestOptions } from './client-options.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { collectAll } from './pagination.js';
import { resultSchemaFor } from './result-schemas.js';
import type {
  ElicitationHandler,
  ElicitationHandlerOptions,
  RootsHandler,
  SamplingHandler,
} from './server-requests.js';
import type { ResourceSubscription, ResourceUpdatedCallback } from './subscriptions.js';
import type { ToolTask } from './task-handle.js';
import type { TaskStatusHandler } from './task-status.js';
import { parseServerResult } from './validation.js';

/**
 * An MCP client: connects over any transport, negotiates the protocol revision, makes typed calls
 * validated at the boundary, and answers the server's sampling, elicitation and roots questions.
 * The connection and what every call goes through live in `ClientCore`; this is the typed API.
 */
export class McpClient extends ClientCore {
  // ---- Tools -----------------------------------------------------------------------------------

  /**
   * One page of tools; also remembers their output schemas for `callTool` validation. Under
   * 2026-07-28 a tool whose `x-mcp-header` annotations break SEP-2243 is left out (with a warning
   * through `options.logger`, or else `onerror` as INVALID_TOOL_DEFINITION); the others' annotations feed `messageHeaders`.
   */
  async listTools(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListToolsResult> {
    const result = await this.call('tools/list', params, options);
    const stateless = this.protocolMode === 'stateless';
    result.tools = this.tools.admit(result.tools, stateless, (error) => this.warn(error));
    return result;
  }

  /** Every tool, page by page (bounded by `maxPages`; a repeated cursor throws PAGINATION_LOOP). */
  iterateTools(options?: RequestOptions): AsyncGenerator<Tool, void, undefined> {
    return this.pages('tools/list', 'tools', (p) => this.listTools(p, options));
  }

  listAllTools(options?: RequestOptions): Promise<Tool[]> {
    return collectAll(this.iterateTools(options));
  }

  /**
   * Calls a tool. A tool failure is a result with `isError: true`, not a thrown error. When the
   * tool's `outputSchema` is known (from `listTools`), `structuredContent` is checked against it.
   */
  callTool(params: CallToolRequestParams, options?: CallToolOptions): Promise<CallToolResult> {
    // Not async, and no options copy unless there is something to take out: this runs on every
    // call. Failures before sending still come back as a rejected promise.
    try {
      // `mayRequireTasks` first: most clients list no tool that must run as a task.
      if (params.task !== undefined || (this.tools.mayRequireTasks && this.#mustRunAsTask(params.name))) {
        return this.tasks.runToCompletion(params, options);
      }
      if (options === undefined) return this.#callToolOnce(params, undefined, undefined, true);
      return this.#callToolOnce(params, requestOptionsOf(options), options.validateOutput, true);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * One tools/call, its result checked (`checkedOutput`). Under 2026-07-28 with the tasks extension
   * declared, the server may answer with a task: it is awaited (polling, answering its questions)
   * and its inlined result returned. SEP-2243: the server may expect Mcp-Param-* headers from a
   * newer inputSchema than the one we know; with `retry`, a HeaderMismatch refreshes the tool
   * definitions and calls once more.
   */
  #callToolOnce(
    params: CallToolRequestParams,
    options: RequestOptions | undefined,
    validate: boolean | undefined,
    retry: boolean,
  ): Promise<CallToolResult> {
    // Not async: the plain call is one `then` on the request (an async wrapper costs a frame and
    // extra ticks on every call).
    // checkedOutput decided here, once: with validation off there is nothing to run on the result,
    // and with it on the closure asks the catalog itself (which schema it knows when the result
    // arrives, as before).
    const check =
      (validate ?? this.options.validateToolOutput ?? true)
        ? (result: CallToolResult) => {
            this.tools.check(params.name, result);
            return result;
          }
        : undefined;
    // Header mismatches are 2026-07-28's: a stateful call makes no handler for them.
    const fail =
      retry && this.protocolMode === 'stateless'
        ? (error: unknown) => {
            const stillStateless = this.protocolMode === 'stateless';
            if (!(error instanceof JsonRpcError && error.code === ErrorCode.HeaderMismatch && stillStateless))
              throw error;
            const refresh = this.listAllTools(options?.signal ? { signal: options.signal } : undefined);
            return refresh.then(() => this.#callToolOnce(params, options, validate, false));
          }
        : undefined;
    const extension = this.options.tasksExtension;
    if (extension === undefined || !this.isStateless('tools/call')) {
      return this.send('tools/call', params, options, undefined, check, fail);
    }
    return this.#callToolWithTasks(extension, params, options).then(check, fail);
  }

  async #callToolWithTasks(
    extension: NonNullable<typeof this.options.tasksExtension>,
    params: CallToolRequestParams,
    requestOptions: RequestOptions | undefined,
  ): Promise<CallToolResult> {
    const options = requestOptions ?? {};
    const connection = this.requireConnection('tools/call');
    const version = connection.session.protocolVersion;
    let raw: JSONObject = await this.request('tools/call', params, ResultSchema, options);
    if (raw.resultType === 'task') {
      raw = await extension.awaitTask(
        raw,
        {
          request: (method, taskParams, schema, taskOptions) =>
            this.request(method, taskParams, schema, taskOptions),
          answer: (method, questionParams, signal) => this.answer(method, questionParams, signal),
          report: (error) => this.reportError(error),
        },
        options,
      );
    }
    return parseServerResult(resultSchemaFor('tools/call', version), raw, 'tools/call', version);
  }

  /** A tool listed with taskSupport 'required' runs as a task wherever tasks are available. */
  #mustRunAsTask(toolName: string): boolean {
    if (this.tools.taskSupport(toolName) !== 'required') return false;
    return this.tasks.unavailable('tools/call', `call tool '${toolName}'`) === undefined;
  }

  // ---- Tasks (2025-11-25, experimental) --------------------------------------------------------

  /**
   * Calls a tool as a task: sends `tools/call` with `task` (e.g. `{ ttl }`; default `params.task`,
   * else `{}`) and returns a handle at once; `await handle.result()` polls and fetches the
   * CallToolResult. Needs revision 2025-11-25 and the server's `tasks.requests.tools.call`
   * capability (TASKS_NOT_SUPPORTED or CAPABILITY_NOT_SUPPORTED otherwise); a listed tool whose
   * taskSupport is 'forbidden' (or absent) is refused with TOOL_FORBIDS_TASKS.
   */
  callToolAsTask(
    params: CallToolRequestParams,
    task?: TaskMetadata,
    options?: RequestOptions,
  ): Promise<ToolTask> {
    return this.tasks.callToolAsTask(params, task, options);
  }

  /** The task's current state (`tasks/get`). */
  getTask(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.tasks.get(taskId, options);
  }

  /** The task's tool result (`tasks/result`); the server holds the answer until the task is terminal. */
  getTaskResult(taskId: string, options?: RequestOptions): Promise<CallToolResult> {
    return this.tasks.result(taskId, options);
  }

  /** One page of the tasks the server keeps for this client (`tasks/list`, needs `tasks.list`). */
  listTasks(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListTasksResult> {
    return this.tasks.list(params, options);
  }

  /** Cancels a task (`tasks/cancel`, needs `tasks.cancel`); refused (-32602) once it is terminal. */
  cancelTask(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.tasks.cancel(taskId, options);
  }

  /** Receives each `notifications/tasks/status` (replaces `options.onTaskStatus`). */
  setTaskStatusHandler(handler: TaskStatusHandler | undefined): void {
    this.taskStatus.setHandler(handler);
  }

  // ---- Prompts ---------------------------------------------------------------------------------

  /** Lists one page of the server's prompts (`prompts/list`). */
  listPrompts(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListPromptsResult> {
    return this.call('prompts/list', params, options);
  }

  /** Iterates every prompt of the server, page by page. */
  iteratePrompts(options?: RequestOptions): AsyncGenerator<Prompt, void, undefined> {
    return this.pages('prompts/list', 'prompts', (p) => this.listPrompts(p, options));
  }

  /** Lists every prompt of the server, fetching all pages. */
  listAllPrompts(options?: RequestOptions): Promise<Prompt[]> {
    return collectAll(this.iteratePrompts(options));
  }

  /** Gets a prompt's messages for the given arguments (`prompts/get`). */
  getPrompt(params: GetPromptRequestParams, options?: RequestOptions): Promise<GetPromptResult> {
    return this.call('prompts/get', params, options);
  }

  // ---- Resources -------------------------------------------------------------------------------

  /** Lists one page of the server's resources (`resources/list`). */
  listResources(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListResourcesResult> {
    return this.call('resources/list', params, options);
  }

  /** Iterates every resource of the server, page by page. */
  iterateResources(options?: RequestOptions): AsyncGenerator<Resource, void, undefined> {
    return this.pages('resources/list', 'resources', (p) => this.listResources(p, options));
  }

  /** Lists every resource of the server, fetching all pages. */
  listAllResources(options?: RequestOptions): Promise<Resource[]> {
    return collectAll(this.iterateResources(options));
  }

  /** Lists one page of the server's resource templates (`resources/templates/list`). */
  listResourceTemplates(
    params?: PaginatedRequestParams,
    options?: RequestOptions,
  ): Promise<ListResourceTemplatesResult> {
    return this.call('resources/templates/list', params, options);
  }

  /** Iterates every resource template of the server, page by page. */
  iterateResourceTemplates(options?: RequestOptions): AsyncGenerator<ResourceTemplate, void, undefined> {
    const list = (params?: PaginatedRequestParams) => this.listResourceTemplates(params, options);
    return this.pages('resources/templates/list', 'resourceTemplates', list);
  }

  /** Lists every resource template of the server, fetching all pages. */
  listAllResourceTemplates(options?: RequestOptions): Promise<ResourceTemplate[]> {
    return collectAll(this.iterateResourceTemplates(options));
  }

  /** Reads a resource. Use `isResourceNotFound(error)` to recognise a missing one (-32002 or -32602). */
  readResource(params: ReadResourceRequestParams, options?: RequestOptions): Promise<ReadResourceResult> {
    return this.call('resources/read', params, options);
  }

  /**
   * Calls `callback` on each `notifications/resources/updated` for `uri`. The server is subscribed
   * once per URI; it is unsubscribed when the last callback's `unsubscribe()` runs.
   */
  async subscribeResource(
    uri: string,
    callback: ResourceUpdatedCallback,
    options?: RequestOptions,
  ): Promise<ResourceSubscription> {
    this.checkCapability('resources/subscribe', this.requireConnection('resources/subscribe'));
    return this.events.subscribe(uri, callback, options);
  }

  /** Drops every callback of `uri` and unsubscribes the server. */
  unsubscribeResource(uri: string, options?: RequestOptions): Promise<void> {
    return this.events.unsubscribeAll(uri, options);
  }

  // ---- Completion and logging ------------------------------------------------------------------

  /** Asks the server to complete a prompt or resource template argument (`completion/complete`). */
  complete(params: CompleteRequestParams, options?: RequestOptions): Promise<CompleteResult> {
    return this.call('completion/complete', params, options);
  }

  /** Asks for log messages at `level` and above (2026-07-28: sent in every later request's `_meta`). */
  async setLoggingLevel(level: LoggingLevel, options?: RequestOptions): Promise<void> {
    const connection = this.requireConnection('logging/setLevel');
    if (connection.session.mode !== 'stateless') {
      await this.call('logging/setLevel', { level }, options);
      connection.logLevel = level;
      return;
    }
    this.checkCapability('logging/setLevel', connection);
    connection.logLevel = level;
  }

  /** Receives each `notifications/message` entry (replaces `options.onLogMessage`). */
  setLogMessageHandler(handler: LogMessageHandler | undefined): void {
    this.logHandler = handler;
  }

  // ---- Server-initiated requests ---------------------------------------------------------------

  /** Answers `sampling/createMessage`. Set it before `connect` so `sampling` is declared. */
  setSamplingHandler(handler: SamplingHandler | undefined): void {
    this.changeHandlers(() => this.responder.setSamplingHandler(handler));
  }

  /** Answers `elicitation/create`. Set it before `connect` so `elicitation` is declared. */
  setElicitationHandler(handler: ElicitationHandler | undefined, options?: ElicitationHandlerOptions): void {
    this.changeHandlers(() => this.responder.setElicitationHandler(handler, options));
  }

  /** Answers `roots/list` with whatever `handler` returns; call `sendRootsListChanged()` when it changes. */
  setRootsHandler(handler: RootsHandler | undefined): void {
    this.changeHandlers(() => this.responder.setRootsHandler(handler));
  }

  /** Replaces the exposed roots; when connected, tells the server (`notifications/roots/list_changed`). */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this.changeHandlers(() => this.responder.setRootsList(roots));
    if (this.isConnected) await this.sendRootsListChanged();
  }

  /** Sends `notifications/roots/list_changed` (the client must have declared roots). */
  async sendRootsListChanged(): Promise<void> {
    const connection = this.requireConnection('notifications/roots/list_changed');
    // 2026-07-28 servers ask for roots on every request that needs them: nothing to announce.
    if (connection.session.mode === 'stateless') return;
    if (connection.declaredCapabilities.roots === undefined) {
      throw new McpClientError(
        McpClientErrorCode.CapabilityNotSupported,
        'Cannot send notifications/roots/list_changed: this client did not declare the roots capability',
      );
    }
    await connection.peer.notify('notifications/roots/list_changed');
  }
}

/** The request options inside call-tool options (the same object when it has no `validateOutput`). */
function requestOptionsOf(options: CallToolOptions | undefined): RequestOptions | undefined {
  if (options === undefined || !('validateOutput' in options)) return options;
  const { validateOutput: _validateOutput, ...requestOptions } = options;
  return requestOptions;
}
