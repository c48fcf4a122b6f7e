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
  LATEST_STATEFUL_PROTOCOL_VERSION,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type LoggingLevel,
  type PaginatedRequestParams,
  type Prompt,
  type ReadResourceRequestParams,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type Root,
  type ServerCapabilities,
  SubscriptionsListenResultSchema,
  type Tool,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import { addsCapability, assertServerCapability, buildClientCapabilities } from './capabilities.js';
import type { CallToolOptions, LogMessageHandler, McpClientOptions } from './client-options.js';
import { checkVersionOptions } from './client-version-options.js';
import { newestFirst, supportedList } from './discover.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { type ListChangedHandler, ListChangedWatcher, type ListKind } from './list-changed.js';
import { ListenStream, listenFilter } from './listen.js';
import { McpHeaderRegistry } from './mcp-headers.js';
import { type NegotiatedSession, negotiate } from './negotiation.js';
import { collectAll, paginate } from './pagination.js';
import { wirePeer } from './peer-wiring.js';
import { resultSchemaFor, type TypedMethod } from './result-schemas.js';
import {
  type ElicitationHandler,
  type ElicitationHandlerOptions,
  type RootsHandler,
  type SamplingHandler,
  type ServerRequestContext,
  ServerRequestResponder,
} from './server-requests.js';
import { sendStatelessRequest } from './stateless.js';
import {
  asError,
  type ResourceSubscription,
  ResourceSubscriptions,
  type ResourceUpdatedCallback,
  type SubscriptionWire,
} from './subscriptions.js';
import { ToolOutputSchemaCache } from './tool-output.js';
import { parseServerResult } from './validation.js';

const DEFAULT_MAX_PAGES = 1000;
const DEFAULT_DISCOVER_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_INPUT_ROUNDS = 10;

interface Connection {
  peer: Peer;
  transport: Transport;
  session: NegotiatedSession;
  declaredCapabilities: ClientCapabilities;
  /** 2026-07-28: the level `setLoggingLevel` chose, sent in each request's `_meta`. */
  logLevel?: LoggingLevel;
  /** 2026-07-28: the open `subscriptions/listen` stream, once anything was asked for. */
  listen?: ListenStream;
}

type ListItem<K extends ListKind> = K extends 'tools' ? Tool : K extends 'prompts' ? Prompt : Resource;

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
  readonly #resources = new ResourceSubscriptions(() => this.#subscriptionWire());
  readonly #toolOutputSchemas = new ToolOutputSchemaCache();
  readonly #headers = new McpHeaderRegistry();
  readonly #watchers: { [K in ListKind]?: ListChangedWatcher<ListItem<K>> } = {};
  #logHandler: LogMessageHandler | undefined;
  #connecting: Peer | undefined;
  #connection: Connection | undefined;

  constructor(clientInfo: Implementation, options: McpClientOptions = {}) {
    this.clientInfo = clientInfo;
    this.#options = options;
    const versions = checkVersionOptions(options, LATEST_STATEFUL_PROTOCOL_VERSION);
    this.#offeredVersion = versions.offered;
    this.#supportedVersions = versions.supported;
    this.#responder.configure(options);
    this.#logHandler = options.onLogMessage;
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
   * otherwise), tells the transport the version, then sends `notifications/initialized`. Offering
   * 2026-07-28 probes `server/discover` first and falls back to that handshake for legacy servers.
   * `options` apply to the negotiation requests (timeout, abort signal).
   */
  async connect(transport: Transport, options?: RequestOptions): Promise<void> {
    if (this.#connection || this.#connecting) {
      throw new McpClientError(
        McpClientErrorCode.AlreadyConnected,
        'connect() was called on a client that is already connected (or connecting); call close() first',
      );
    }
    const peerOptions = { onerror: (error: Error) => this.#reportError(error) };
    const timeout = this.#options.defaultTimeoutMs;
    const peer = new JsonRpcPeer(
      timeout === undefined ? peerOptions : { ...peerOptions, defaultTimeoutMs: timeout },
    );
    wirePeer(peer, {
      answer: (method, params, ctx) => this.#responder.answer(method, params, ctx),
      protocolVersion: () => this.protocolVersion,
      serverInfo: () => this.serverInfo,
      logMessage: (entry) => this.#logHandler?.(entry),
      resourceUpdated: (update) =>
        this.#resources.registry.dispatch(update, (error) => this.#reportError(error)),
      subscriptionsAcknowledged: () => this.#connection?.listen?.acknowledged(),
      elicitationComplete: (id) => this.#options.onElicitationComplete?.(id),
      listChanged: (kind) => {
        if (kind === 'tools') this.#toolOutputSchemas.clear();
        // Not awaited: the refresh sends requests whose responses arrive on this same connection.
        void this.#watchers[kind]?.notify();
      },
      reportError: (error) => this.#reportError(error),
    });
    peer.onclose = () => this.#handleClosed(peer);
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
        },
        options,
      );
      this.#connection = { peer, transport, session, declaredCapabilities: capabilities };
      void this.#syncListen();
    } catch (error) {
      this.#connection = undefined;
      await this.#closePeer(peer);
      throw error;
    } finally {
      this.#connecting = undefined;
    }
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
    const raw =
      connection.session.mode === 'stateless'
        ? await this.#statelessRequest(connection, method, params, options)
        : await connection.peer.request(method, params, options);
    return parseServerResult(resultSchema, raw, method, connection.session.protocolVersion);
  }

  /**
   * 2026-07-28: the `_meta` envelope on every request and the input_required retry loop. After an
   * UnsupportedProtocolVersionError naming a version this client speaks, it switches to that
   * version and retries once.
   */
  async #statelessRequest(
    connection: Connection,
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    try {
      return await this.#statelessAttempt(connection, method, params, options);
    } catch (error) {
      if (!(error instanceof JsonRpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion)
        throw error;
      const offered = supportedList(error.data);
      const ours = newestFirst(this.#supportedVersions.filter(isStatelessProtocolVersion));
      const next = ours.find((version) => offered.includes(version));
      if (next === undefined) throw error;
      connection.session.protocolVersion = next;
      connection.transport.setProtocolVersion?.(next);
      return this.#statelessAttempt(connection, method, params, options);
    }
  }

  #statelessAttempt(
    connection: Connection,
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    const protocolVersion = connection.session.protocolVersion;
    const signal = options?.signal ?? new AbortController().signal;
    return sendStatelessRequest(connection.peer, method, params, options, {
      // Stateless requests declare capabilities each time, so handlers set after connect count.
      identity: { protocolVersion, clientInfo: this.clientInfo, capabilities: this.#currentCapabilities() },
      logLevel: connection.logLevel,
      maxRounds: this.#options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
      answer: (question, questionParams) => {
        const context: ServerRequestContext = { signal, protocolVersion };
        if (connection.session.serverInfo) context.serverInfo = connection.session.serverInfo;
        return this.#responder.answer(question, questionParams, context);
      },
    });
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
    return this.request(method, params, resultSchemaFor(method, version), options);
  }

  // ---- Tools -----------------------------------------------------------------------------------

  /**
   * One page of tools; also remembers their output schemas for `callTool` validation. Under
   * 2026-07-28 a tool whose `x-mcp-header` annotations break SEP-2243 is left out (and reported
   * through `onerror` as INVALID_TOOL_DEFINITION); the others' annotations feed `messageHeaders`.
   */
  async listTools(params?: PaginatedRequestParams, options?: RequestOptions): Promise<ListToolsResult> {
    const result = await this.#call('tools/list', params, options);
    if (this.protocolMode === 'stateless') {
      result.tools = this.#headers.admit(result.tools, (tool, reason) =>
        this.#reportError(
          new McpClientError(
            McpClientErrorCode.InvalidToolDefinition,
            `Left out tool '${tool.name}' from tools/list: ${reason}`,
            { data: { tool: tool.name, reason } },
          ),
        ),
      );
    }
    this.#toolOutputSchemas.remember(result.tools);
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
    return this.#headers.headersFor(message);
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
    const { validateOutput, ...requestOptions } = options ?? {};
    const result = await this.#call('tools/call', params, requestOptions);
    if (validateOutput ?? this.#options.validateToolOutput ?? true) {
      this.#toolOutputSchemas.check(params.name, result);
    }
    return result;
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
    return this.#resources.subscribe(uri, callback, options);
  }

  /** Drops every callback of `uri` and unsubscribes the server. */
  unsubscribeResource(uri: string, options?: RequestOptions): Promise<void> {
    return this.#resources.unsubscribeAll(uri, options);
  }

  #subscriptionWire(): SubscriptionWire | undefined {
    const connection = this.#connection;
    if (!connection) return undefined;
    if (connection.session.mode === 'stateless') {
      const sync = () => this.#syncListen();
      return { subscribe: sync, unsubscribe: sync };
    }
    return {
      subscribe: async (uri, options) => void (await this.#call('resources/subscribe', { uri }, options)),
      unsubscribe: async (uri, options) => void (await this.#call('resources/unsubscribe', { uri }, options)),
    };
  }

  /** 2026-07-28: keeps the `subscriptions/listen` stream in step with what the user wants to hear. */
  #syncListen(): Promise<void> {
    const connection = this.#connection;
    if (connection?.session.mode !== 'stateless') return Promise.resolve();
    connection.listen ??= new ListenStream(
      (notifications, signal) =>
        this.request('subscriptions/listen', { notifications }, SubscriptionsListenResultSchema, {
          signal,
          timeoutMs: Number.POSITIVE_INFINITY,
        }),
      (error) => this.#reportError(error),
    );
    return connection.listen.update(listenFilter(this.#watchers, this.#resources.registry.uris()));
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
    if (handler) this.#watch(kind, handler);
    else delete this.#watchers[kind];
    // 2026-07-28 servers only announce changes on a listen stream that asked for them.
    void this.#syncListen();
  }

  #watch<K extends ListKind>(kind: K, handler: ListChangedHandler<ListItem<K>>): void {
    const fetchAll = {
      tools: () => this.listAllTools(),
      prompts: () => this.listAllPrompts(),
      resources: () => this.listAllResources(),
    }[kind] as () => Promise<ListItem<K>[]>;
    const watcher = new ListChangedWatcher(handler, fetchAll, (error) => this.#reportError(error));
    (this.#watchers as Record<ListKind, unknown>)[kind] = watcher;
  }

  // ---- Internals -------------------------------------------------------------------------------

  #currentCapabilities(): ClientCapabilities {
    return buildClientCapabilities(this.#options.capabilities, this.#responder.features());
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

  #checkCapability(method: string, { session }: Connection): void {
    if (this.#options.enforceStrictCapabilities === false) return;
    assertServerCapability(method, session.serverCapabilities, session.protocolVersion);
  }

  #requireConnection(method: string): Connection {
    const connection = this.#connection;
    if (connection) return connection;
    throw new McpClientError(
      McpClientErrorCode.NotConnected,
      `Cannot send ${method}: the client is not connected (call connect() first)`,
    );
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
    const wasConnected = this.#connection?.peer === peer;
    if (!wasConnected) return;
    this.#connection?.listen?.stop();
    this.#connection = undefined;
    this.#resources.clear();
    this.#toolOutputSchemas.clear();
    this.#headers.clear();
    this.onclose?.();
  }
}
