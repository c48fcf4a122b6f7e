import { JsonRpcError, JsonRpcPeer, type Peer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import {
  type CallToolRequestParams,
  type CallToolResult,
  type ClientCapabilities,
  type CompleteRequestParams,
  type CompleteResult,
  DiscoverResultSchema,
  ErrorCode,
  type GetPromptRequestParams,
  type GetPromptResult,
  type Implementation,
  isStatelessProtocolVersion,
  type JSONObject,
  type JSONRPCMessage,
  LATEST_PROTOCOL_VERSION,
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
  type ServerCapabilities,
  SubscriptionsListenResultSchema,
  TASKS_EXTENSION_ID,
  type Task,
  type TaskMetadata,
  type Tool,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import { addsCapability, assertServerCapability, buildClientCapabilities } from './capabilities.js';
import type { CallToolOptions, LogMessageHandler, McpClientOptions } from './client-options.js';
import { checkVersionOptions } from './client-version-options.js';
import { ClientConnection } from './connection.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { NegotiatedSession } from './handshake.js';
import { ListCache } from './list-cache.js';
import type { ListChangedHandler, ListKind } from './list-changed.js';
import { negotiate } from './negotiation.js';
import { type NegotiationCache, serverKeyOf, sharedNegotiationCache } from './negotiation-cache.js';
import { collectAll, paginate } from './pagination.js';
import { wirePeer } from './peer-wiring.js';
import { resultSchemaFor, type TypedMethod } from './result-schemas.js';
import { type ListItem, ServerEvents } from './server-events.js';
import {
  type ElicitationHandler,
  type ElicitationHandlerOptions,
  type RootsHandler,
  type SamplingHandler,
  type ServerRequestContext,
  ServerRequestResponder,
} from './server-requests.js';
import { asError, type ResourceSubscription, type ResourceUpdatedCallback } from './subscriptions.js';
import type { ToolTask } from './task-handle.js';
import { type TaskStatusHandler, TaskStatusHub } from './task-status.js';
import { TaskClient } from './tasks.js';
import { ToolCatalog } from './tool-catalog.js';
import { isUnreadableOutput, unreadableOutputError } from './unreadable-output.js';
import { parseServerResult } from './validation.js';

const DEFAULT_MAX_PAGES = 1000;
const DEFAULT_DISCOVER_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_INPUT_ROUNDS = 10;

/**
 * An MCP client: connects over any transport, negotiates the protocol revision, makes typed calls
 * validated at the boundary, and answers the server's sampling, elicitation and roots questions.
 */
export class McpClient {
  readonly clientInfo: Implementation;
  /** Called once when the connection closes, whichever side closed it. */
  onclose?: () => void;
  /** Non-fatal problems (overrides `options.onerror`). */
  onerror?: (error: Error) => void;

  readonly #options: McpClientOptions;
  readonly #offeredVersion: string;
  readonly #supportedVersions: readonly string[];
  readonly #responder = new ServerRequestResponder();
  readonly #events: ServerEvents = new ServerEvents({
    connection: () => this.#connection,
    subscribe: async (uri, options) => void (await this.#call('resources/subscribe', { uri }, options)),
    unsubscribe: async (uri, options) => void (await this.#call('resources/unsubscribe', { uri }, options)),
    openListen: (notifications, signal) =>
      this.request('subscriptions/listen', { notifications }, SubscriptionsListenResultSchema, {
        signal,
        timeoutMs: Number.POSITIVE_INFINITY,
      }),
    fetchAll: {
      tools: () => this.listAllTools(),
      prompts: () => this.listAllPrompts(),
      resources: () => this.listAllResources(),
    },
    reportError: (error) => this.#reportError(error),
  });
  readonly #tools = new ToolCatalog();
  readonly #taskStatus = new TaskStatusHub();
  readonly #tasks = new TaskClient({
    session: (method) => this.#requireConnection(method).session,
    request: (method, params, schema, options) => this.request(method, params, schema, options),
    strict: () => this.#options.enforceStrictCapabilities !== false,
    taskSupport: (name) => this.#tools.taskSupport(name),
    checkOutput: (name, result, validateOutput) => {
      if (validateOutput ?? this.#options.validateToolOutput ?? true) this.#tools.checkOutput(name, result);
    },
    hub: this.#taskStatus,
    reportError: (error) => this.#reportError(error),
  });
  readonly #listCache: ListCache | undefined;
  #logHandler: LogMessageHandler | undefined;
  #connecting: Peer | undefined;
  #connection: ClientConnection | undefined;

  constructor(clientInfo: Implementation, options: McpClientOptions = {}) {
    this.clientInfo = clientInfo;
    this.#options = options;
    const versions = checkVersionOptions(options, LATEST_PROTOCOL_VERSION);
    this.#offeredVersion = versions.offered;
    this.#supportedVersions = versions.supported;
    const extensions = options.capabilities?.extensions as Record<string, unknown> | undefined;
    if (extensions?.[TASKS_EXTENSION_ID] !== undefined && options.tasksExtension === undefined) {
      // Declared by hand, a server could answer with tasks that callTool cannot await.
      throw new McpClientError(
        McpClientErrorCode.InvalidOptions,
        `capabilities.extensions declares ${TASKS_EXTENSION_ID}; pass tasksExtension: tasksExtension() from '@mcpkit/client/tasks-extension' instead`,
      );
    }
    this.#responder.configure(options);
    if (options.listCache === true) this.#listCache = new ListCache();
    this.#logHandler = options.onLogMessage;
    this.#taskStatus.setHandler(options.onTaskStatus);
    for (const kind of ['tools', 'prompts', 'resources'] as const) {
      const handler = options.listChanged?.[kind];
      if (handler) this.setListChangedHandler(kind, handler as ListChangedHandler<ListItem<typeof kind>>);
    }
  }

  // ---- Connection state ------------------------------------------------------------------------

  get isConnected(): boolean {
    return this.#connection !== undefined;
  }
  /** The negotiated protocol revision (undefined until connected). */
  get protocolVersion(): string | undefined {
    return this.#connection?.session.protocolVersion;
  }
  /** `stateful` after an initialize handshake, `stateless` for a 2026-07-28 server. */
  get protocolMode(): NegotiatedSession['mode'] | undefined {
    return this.#connection?.session.mode;
  }
  get serverInfo(): Implementation | undefined {
    return this.#connection?.session.serverInfo;
  }
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.#connection?.session.serverCapabilities;
  }
  get instructions(): string | undefined {
    return this.#connection?.session.instructions;
  }
  /** The capabilities declared in the handshake, or those that would be declared now. */
  get clientCapabilities(): ClientCapabilities {
    const connection = this.#connection;
    if (connection?.session.mode === 'stateful') return connection.declaredCapabilities;
    return this.#currentCapabilities();
  }

  /**
   * Connects and negotiates: sends `initialize` offering the configured revision, accepts any
   * supported revision the server answers with (closing and throwing UNSUPPORTED_PROTOCOL_VERSION
   * otherwise), tells the transport the version, then sends `notifications/initialized`. By default
   * (offering 2026-07-28) it probes `server/discover` first, on the same connection, and falls back
   * to that handshake for legacy servers; pin `protocolVersion` to a stateful revision to skip the probe.
   * `options` apply to the negotiation requests (timeout, abort signal).
   */
  async connect(transport: Transport, options?: RequestOptions): Promise<void> {
    if (this.#connection || this.#connecting) {
      throw new McpClientError(
        McpClientErrorCode.AlreadyConnected,
        'connect() was called on a client that is already connected (or connecting); call close() first',
      );
    }
    let unreadable: Error | undefined;
    const peerOptions = {
      onerror: (error: Error) => {
        // Unreadable output during the handshake ends it now (see unreadableOutputError).
        if (this.#connecting === peer && !unreadable && isUnreadableOutput(error)) {
          unreadable = error;
          void this.#closePeer(peer);
        }
        this.#reportError(error);
      },
    };
    const timeout = this.#options.defaultTimeoutMs;
    const peer = new JsonRpcPeer(
      timeout === undefined ? peerOptions : { ...peerOptions, defaultTimeoutMs: timeout },
    );
    wirePeer(peer, {
      answer: (method, params, ctx) => this.#responder.answer(method, params, ctx),
      protocolVersion: () => this.protocolVersion,
      serverInfo: () => this.serverInfo,
      logMessage: (entry) => this.#logHandler?.(entry),
      resourceUpdated: (update) => this.#events.resourceUpdated(update),
      subscriptionsAcknowledged: () => this.#events.acknowledged(),
      elicitationComplete: (id) => this.#options.onElicitationComplete?.(id),
      taskStatus: (task) => this.#taskStatus.deliver(task),
      listChanged: (kind) => {
        this.#listCache?.invalidate(kind);
        if (kind === 'tools') this.#tools.listChanged();
        this.#events.listChanged(kind);
      },
      reportError: (error) => this.#reportError(error),
    });
    peer.onclose = () => this.#handleClosed(peer);
    // An HTTP transport that can take the SEP-2243 header hook gets it, so Mcp-Param-* needs no wiring.
    const headerAware = transport as Transport & {
      setMessageHeaders?(hook: McpClient['messageHeaders']): void;
    };
    headerAware.setMessageHeaders?.(this.messageHeaders);
    this.#connecting = peer;
    const capabilities = this.#currentCapabilities();
    try {
      await peer.connect(transport);
      const session = await negotiate(
        peer,
        transport,
        {
          clientInfo: this.clientInfo,
          capabilities,
          offeredVersion: this.#offeredVersion,
          supportedVersions: this.#supportedVersions,
          discoverTimeoutMs: this.#options.discoverTimeoutMs ?? DEFAULT_DISCOVER_TIMEOUT_MS,
          ...this.#negotiationCacheFor(transport),
        },
        options,
      );
      this.#connection = new ClientConnection(peer, transport, session, capabilities, {
        clientInfo: this.clientInfo,
        supportedVersions: this.#supportedVersions,
        maxInputRounds: this.#options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
        capabilities: () => this.#currentCapabilities(),
        answer: (method, params, ctx) => this.#responder.answer(method, params, ctx),
        ...(this.#options.renewExpiredSession === false
          ? {}
          : {
              sessionRenewed: (renewOptions) => this.#restoreSessionState(this.#connection, renewOptions),
            }),
      });
      void this.#events.syncListen();
    } catch (error) {
      this.#connection = undefined;
      await this.#closePeer(peer);
      throw unreadable ? unreadableOutputError(unreadable) : error;
    } finally {
      this.#connecting = undefined;
    }
  }

  /** A renewed session starts empty: subscribe again and set the log level the old one had. */
  async #restoreSessionState(
    connection: ClientConnection | undefined,
    options: RequestOptions | undefined,
  ): Promise<void> {
    const level = connection?.logLevel;
    await Promise.all([
      this.#events.resubscribeAll(options),
      level === undefined ? undefined : this.#call('logging/setLevel', { level }, options),
    ]);
  }

  #negotiationCacheFor(transport: Transport): { cache?: { store: NegotiationCache; serverKey: string } } {
    const store = this.#options.negotiationCache ?? sharedNegotiationCache;
    const serverKey = store === false ? undefined : serverKeyOf(transport);
    return store === false || serverKey === undefined ? {} : { cache: { store, serverKey } };
  }

  /** Closes the connection (and the transport). Safe to call when not connected. */
  async close(): Promise<void> {
    const peer = this.#connection?.peer ?? this.#connecting;
    if (!peer) return;
    await peer.close();
    this.#handleClosed(peer);
  }

  // ---- Generic requests ------------------------------------------------------------------------

  /**
   * Sends any request and validates its result with `resultSchema`. Known methods are subject to
   * the strict capability check like the typed helpers.
   */
  async request<S extends z.ZodType>(
    method: string,
    params: JSONObject | undefined,
    resultSchema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>> {
    const connection = this.#requireConnection(method);
    this.#checkCapability(method, connection);
    const raw = await connection.send(method, params, options);
    return parseServerResult(resultSchema, raw, method, connection.session.protocolVersion);
  }

  /** Sends a notification to the server. */
  async notify(method: string, params?: JSONObject): Promise<void> {
    await this.#requireConnection(method).peer.notify(method, params);
  }

  /** Checks the server answers. 2026-07-28 has no `ping`; `server/discover` serves instead. */
  async ping(options?: RequestOptions): Promise<void> {
    if (this.#isStateless('ping'))
      await this.request('server/discover', undefined, DiscoverResultSchema, options);
    else await this.#call('ping', undefined, options);
  }

  #isStateless(method: string): boolean {
    return this.#requireConnection(method).session.mode === 'stateless';
  }

  #pages<R extends { nextCursor?: string | undefined }, T>(
    method: string,
    list: (params: PaginatedRequestParams | undefined) => Promise<R>,
    items: (result: R) => T[],
  ): AsyncGenerator<T, void, undefined> {
    const fetchPage = async (cursor: string | undefined) => {
      const result = await list(cursor === undefined ? undefined : { cursor });
      return { items: items(result), nextCursor: result.nextCursor };
    };
    return paginate(method, fetchPage, this.#options.maxPages ?? DEFAULT_MAX_PAGES);
  }

  /** A typed call: the result is checked against the exact schema of the negotiated revision. */
  #call<M extends TypedMethod>(method: M, params: JSONObject | undefined, options?: RequestOptions) {
    const version = this.#requireConnection(method).session.protocolVersion;
    const load = () => this.request(method, params, resultSchemaFor(method, version), options);
    const cache = this.#listCache;
    return cache !== undefined && ListCache.isCacheable(method)
      ? cache.through(method, params, load)
      : load();
  }

  // ---- Tools -----------------------------------------------------------------------------------

  /**
   * One page of tools; also remembers their output schemas for `callTool` validation. Under
   * 2026-07-28 a tool whose `x-mcp-header` annotations break SEP-2243 is left out (with a warning
   * through `options.logger`, or else `onerror` as INVALID_TOOL_DEFINITION); the others' annotations feed `messageHeaders`.
   */
  async listTools(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListToolsResult> {
    const result = await this.#call('tools/list', params, options);
    const stateless = this.protocolMode === 'stateless';
    result.tools = this.#tools.admit(result.tools, stateless, (error) => this.#warn(error));
    return result;
  }

  /**
   * Headers an HTTP transport should add to a message under 2026-07-28 (SEP-2243): `Mcp-Method`,
   * `Mcp-Name` and the `Mcp-Param-*` mirrors of annotated tool arguments (from the last
   * `tools/list`). Pass it as the transport's per-message header hook; older revisions get none.
   */
  readonly messageHeaders = (
    message: JSONRPCMessage,
    protocolVersion: string | undefined,
  ): Record<string, string> | undefined => {
    if (protocolVersion === undefined || !isStatelessProtocolVersion(protocolVersion)) return undefined;
    return this.#tools.headersFor(message);
  };

  /** Every tool, page by page (bounded by `maxPages`; a repeated cursor throws PAGINATION_LOOP). */
  iterateTools(options?: RequestOptions): AsyncGenerator<Tool, void, undefined> {
    return this.#pages(
      'tools/list',
      (p) => this.listTools(p, options),
      (r) => r.tools,
    );
  }

  listAllTools(options?: RequestOptions): Promise<Tool[]> {
    return collectAll(this.iterateTools(options));
  }

  /**
   * Calls a tool. A tool failure is a result with `isError: true`, not a thrown error. When the
   * tool's `outputSchema` is known (from `listTools`), `structuredContent` is checked against it.
   */
  async callTool(params: CallToolRequestParams, options?: CallToolOptions): Promise<CallToolResult> {
    if (params.task !== undefined || this.#mustRunAsTask(params.name)) {
      return this.#tasks.runToCompletion(params, options);
    }
    const { validateOutput, ...requestOptions } = options ?? {};
    let result: CallToolResult;
    try {
      result = await this.#callToolOnce(params, requestOptions);
    } catch (error) {
      const headerMismatch =
        error instanceof JsonRpcError &&
        error.code === ErrorCode.HeaderMismatch &&
        this.protocolMode === 'stateless';
      if (!headerMismatch) throw error;
      // SEP-2243: the server may expect Mcp-Param-* headers from a newer inputSchema than the one
      // we know; refresh the tool definitions once and retry.
      await this.listAllTools(requestOptions.signal ? { signal: requestOptions.signal } : undefined);
      result = await this.#callToolOnce(params, requestOptions);
    }
    if (validateOutput ?? this.#options.validateToolOutput ?? true) {
      this.#tools.checkOutput(params.name, result);
    }
    return result;
  }

  /**
   * One tools/call. Under 2026-07-28 with the tasks extension declared, the server may answer with
   * a task: it is awaited (polling, answering its questions) and its inlined result returned.
   */
  async #callToolOnce(params: CallToolRequestParams, options: RequestOptions): Promise<CallToolResult> {
    const extension = this.#options.tasksExtension;
    if (extension === undefined || !this.#isStateless('tools/call')) {
      return this.#call('tools/call', params, options);
    }
    const connection = this.#requireConnection('tools/call');
    const version = connection.session.protocolVersion;
    let raw: JSONObject = await this.request('tools/call', params, ResultSchema, options);
    if (raw.resultType === 'task') {
      raw = await extension.awaitTask(
        raw,
        {
          request: (method, taskParams, schema, taskOptions) =>
            this.request(method, taskParams, schema, taskOptions),
          answer: (method, questionParams, signal) => {
            const context: ServerRequestContext = { signal, protocolVersion: version };
            if (connection.session.serverInfo) context.serverInfo = connection.session.serverInfo;
            return this.#responder.answer(method, questionParams, context);
          },
          report: (error) => this.#reportError(error),
        },
        options,
      );
    }
    return parseServerResult(resultSchemaFor('tools/call', version), raw, 'tools/call', version);
  }

  /** A tool listed with taskSupport 'required' runs as a task wherever tasks are available. */
  #mustRunAsTask(toolName: string): boolean {
    if (this.#tools.taskSupport(toolName) !== 'required') return false;
    return this.#tasks.unavailable('tools/call', `call tool '${toolName}'`) === undefined;
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
    return this.#tasks.callToolAsTask(params, task, options);
  }

  /** The task's current state (`tasks/get`). */
  getTask(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.#tasks.get(taskId, options);
  }

  /** The task's tool result (`tasks/result`); the server holds the answer until the task is terminal. */
  getTaskResult(taskId: string, options?: RequestOptions): Promise<CallToolResult> {
    return this.#tasks.result(taskId, options);
  }

  /** One page of the tasks the server keeps for this client (`tasks/list`, needs `tasks.list`). */
  listTasks(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListTasksResult> {
    return this.#tasks.list(params, options);
  }

  /** Cancels a task (`tasks/cancel`, needs `tasks.cancel`); refused (-32602) once it is terminal. */
  cancelTask(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.#tasks.cancel(taskId, options);
  }

  /** Receives each `notifications/tasks/status` (replaces `options.onTaskStatus`). */
  setTaskStatusHandler(handler: TaskStatusHandler | undefined): void {
    this.#taskStatus.setHandler(handler);
  }

  // ---- Prompts ---------------------------------------------------------------------------------

  listPrompts(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListPromptsResult> {
    return this.#call('prompts/list', params, options);
  }

  iteratePrompts(options?: RequestOptions): AsyncGenerator<Prompt, void, undefined> {
    return this.#pages(
      'prompts/list',
      (p) => this.listPrompts(p, options),
      (r) => r.prompts,
    );
  }

  listAllPrompts(options?: RequestOptions): Promise<Prompt[]> {
    return collectAll(this.iteratePrompts(options));
  }

  getPrompt(params: GetPromptRequestParams, options?: RequestOptions): Promise<GetPromptResult> {
    return this.#call('prompts/get', params, options);
  }

  // ---- Resources -------------------------------------------------------------------------------

  listResources(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListResourcesResult> {
    return this.#call('resources/list', params, options);
  }

  iterateResources(options?: RequestOptions): AsyncGenerator<Resource, void, undefined> {
    return this.#pages(
      'resources/list',
      (p) => this.listResources(p, options),
      (r) => r.resources,
    );
  }

  listAllResources(options?: RequestOptions): Promise<Resource[]> {
    return collectAll(this.iterateResources(options));
  }

  listResourceTemplates(
    params?: PaginatedRequestParams,
    options?: RequestOptions,
  ): Promise<ListResourceTemplatesResult> {
    return this.#call('resources/templates/list', params, options);
  }

  iterateResourceTemplates(options?: RequestOptions): AsyncGenerator<ResourceTemplate, void, undefined> {
    const list = (params?: PaginatedRequestParams) => this.listResourceTemplates(params, options);
    return this.#pages('resources/templates/list', list, (r) => r.resourceTemplates);
  }

  listAllResourceTemplates(options?: RequestOptions): Promise<ResourceTemplate[]> {
    return collectAll(this.iterateResourceTemplates(options));
  }

  /** Reads a resource. Use `isResourceNotFound(error)` to recognise a missing one (-32002 or -32602). */
  readResource(params: ReadResourceRequestParams, options?: RequestOptions): Promise<ReadResourceResult> {
    return this.#call('resources/read', params, options);
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
    this.#checkCapability('resources/subscribe', this.#requireConnection('resources/subscribe'));
    return this.#events.subscribe(uri, callback, options);
  }

  /** Drops every callback of `uri` and unsubscribes the server. */
  unsubscribeResource(uri: string, options?: RequestOptions): Promise<void> {
    return this.#events.unsubscribeAll(uri, options);
  }

  // ---- Completion and logging ------------------------------------------------------------------

  complete(params: CompleteRequestParams, options?: RequestOptions): Promise<CompleteResult> {
    return this.#call('completion/complete', params, options);
  }

  /** Asks for log messages at `level` and above (2026-07-28: sent in every later request's `_meta`). */
  async setLoggingLevel(level: LoggingLevel, options?: RequestOptions): Promise<void> {
    const connection = this.#requireConnection('logging/setLevel');
    if (connection.session.mode !== 'stateless') {
      await this.#call('logging/setLevel', { level }, options);
      connection.logLevel = level;
      return;
    }
    this.#checkCapability('logging/setLevel', connection);
    connection.logLevel = level;
  }

  /** Receives each `notifications/message` entry (replaces `options.onLogMessage`). */
  setLogMessageHandler(handler: LogMessageHandler | undefined): void {
    this.#logHandler = handler;
  }

  // ---- Server-initiated requests ---------------------------------------------------------------

  /** Answers `sampling/createMessage`. Set it before `connect` so `sampling` is declared. */
  setSamplingHandler(handler: SamplingHandler | undefined): void {
    this.#changeHandlers(() => this.#responder.setSamplingHandler(handler));
  }

  /** Answers `elicitation/create`. Set it before `connect` so `elicitation` is declared. */
  setElicitationHandler(handler: ElicitationHandler | undefined, options?: ElicitationHandlerOptions): void {
    this.#changeHandlers(() => this.#responder.setElicitationHandler(handler, options));
  }

  /** Answers `roots/list` with whatever `handler` returns; call `sendRootsListChanged()` when it changes. */
  setRootsHandler(handler: RootsHandler | undefined): void {
    this.#changeHandlers(() => this.#responder.setRootsHandler(handler));
  }

  /** Replaces the exposed roots; when connected, tells the server (`notifications/roots/list_changed`). */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this.#changeHandlers(() => this.#responder.setRootsList(roots));
    if (this.isConnected) await this.sendRootsListChanged();
  }

  /** Sends `notifications/roots/list_changed` (the client must have declared roots). */
  async sendRootsListChanged(): Promise<void> {
    const connection = this.#requireConnection('notifications/roots/list_changed');
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

  /** Reacts to the server's `notifications/<kind>/list_changed`, optionally re-fetching the list. */
  setListChangedHandler<K extends ListKind>(
    kind: K,
    handler: ListChangedHandler<ListItem<K>> | undefined,
  ): void {
    this.#events.setListChangedHandler(kind, handler);
  }

  // ---- Internals -------------------------------------------------------------------------------

  #currentCapabilities(): ClientCapabilities {
    const explicit = this.#options.capabilities;
    const extension = this.#options.tasksExtension;
    const declared =
      extension === undefined
        ? explicit
        : { ...explicit, extensions: { ...extension.declaration, ...explicit?.extensions } };
    return buildClientCapabilities(declared, this.#responder.features());
  }

  /** A stateful session cannot declare new capabilities after the handshake: refuse such changes. */
  #changeHandlers(apply: () => void): void {
    const restore = this.#responder.snapshot();
    apply();
    const connection = this.#connection;
    if (!connection || connection.session.mode === 'stateless') return;
    const added = addsCapability(connection.declaredCapabilities, this.#currentCapabilities());
    if (added === undefined) return;
    restore();
    throw new McpClientError(
      McpClientErrorCode.CapabilityChangeAfterConnect,
      `Cannot add the '${added}' capability after connect(): it was not declared in initialize. ` +
        'Set the handler (or pass it in the options) before connecting.',
      { data: { capability: added } },
    );
  }

  #checkCapability(method: string, { session }: ClientConnection): void {
    if (this.#options.enforceStrictCapabilities === false) return;
    assertServerCapability(method, session.serverCapabilities, session.protocolVersion);
  }

  #requireConnection(method: string): ClientConnection {
    const connection = this.#connection;
    if (connection) return connection;
    throw new McpClientError(
      McpClientErrorCode.NotConnected,
      `Cannot send ${method}: the client is not connected (call connect() first)`,
    );
  }

  /** A tolerated problem: a warning through the logger when there is one, else an onerror report. */
  #warn(error: McpClientError): void {
    const logger = this.#options.logger;
    if (logger === undefined) {
      this.#reportError(error);
      return;
    }
    const details = typeof error.data === 'object' && error.data !== null ? { ...error.data } : {};
    logger.warn(error.message, { code: error.code, ...details });
  }

  #reportError(error: Error): void {
    const handler = this.onerror ?? this.#options.onerror;
    handler?.(error);
  }

  async #closePeer(peer: Peer): Promise<void> {
    try {
      await peer.close();
    } catch (error) {
      this.#reportError(asError(error, 'closing the connection failed'));
    }
    this.#handleClosed(peer);
  }

  #handleClosed(peer: Peer): void {
    const connection = this.#connection;
    if (connection?.peer !== peer) return;
    this.#events.closed(connection);
    this.#connection = undefined;
    this.#tools.clear();
    this.#taskStatus.clear();
    this.onclose?.();
  }
}
