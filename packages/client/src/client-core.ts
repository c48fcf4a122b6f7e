import type { Peer, Transport } from '@mcpkit/jsonrpc';
import {
  type CallToolResult,
  type ClientCapabilities,
  DiscoverResultSchema,
  type Implementation,
  isStatelessProtocolVersion,
  type JSONObject,
  type JSONRPCMessage,
  LATEST_PROTOCOL_VERSION,
  type PaginatedRequestParams,
  type Prompt,
  type RequestId,
  type Resource,
  type ServerCapabilities,
  SubscriptionsListenResultSchema,
  type Tool,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import { addsCapability, assertServerCapability, buildClientCapabilities } from './capabilities.js';
import type { LogMessageHandler, McpClientOptions, RequestOptions } from './client-options.js';
import { ClientPeer } from './client-peer.js';
import { checkClientOptions } from './client-version-options.js';
import { ClientConnection } from './connection.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { NegotiatedSession } from './handshake.js';
import { ListCache } from './list-cache.js';
import type { ListChangedHandler, ListKind } from './list-changed.js';
import { type ClientMiddleware, type ClientMiddlewareOptions, MiddlewareChains } from './middleware.js';
import { negotiate } from './negotiation.js';
import { negotiationCacheFor } from './negotiation-cache.js';
import { type Page, paginate } from './pagination.js';
import { wirePeer } from './peer-wiring.js';
import type { TypedMethod, TypedResults } from './result-schemas.js';
import { type ListItem, ServerEvents } from './server-events.js';
import { ServerRequestResponder } from './server-requests.js';
import { type ClientSessionListener, SessionEvents } from './session-events.js';
import { asError } from './subscriptions.js';
import { TaskStatusHub } from './task-status.js';
import { TaskClient } from './tasks.js';
import { ToolCatalog } from './tool-catalog.js';
import { isUnreadableOutput, unreadableOutputError } from './unreadable-output.js';

const DEFAULT_MAX_PAGES = 1000;
const DEFAULT_DISCOVER_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_INPUT_ROUNDS = 10;

/**
 * What every call of `McpClient` goes through: the connection (connect, negotiation, close), generic
 * requests, the capability checks and the shared collaborators. `McpClient` adds the typed API.
 */
export abstract class ClientCore {
  readonly clientInfo: Implementation;
  /**
   * Called once when the connection closes, whichever side closed it; `reason` says why when the
   * transport knows (e.g. a stdio server's exit code, signal and stderr tail).
   */
  onclose?: (reason?: Error) => void;
  /** Non-fatal problems (overrides `options.onerror`). */
  onerror?: (error: Error) => void;

  protected readonly options: McpClientOptions;
  readonly #offeredVersion: string;
  readonly #supportedVersions: readonly string[];
  protected readonly responder = new ServerRequestResponder();
  protected readonly events: ServerEvents = new ServerEvents({
    connection: () => this.#connection,
    subscribe: (uri, options) => this.call('resources/subscribe', { uri }, options),
    unsubscribe: (uri, options) => this.call('resources/unsubscribe', { uri }, options),
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
    reportError: (error) => this.reportError(error),
  });
  protected readonly tools = new ToolCatalog();
  protected readonly taskStatus = new TaskStatusHub();
  protected readonly tasks = new TaskClient({
    session: (method) => this.requireConnection(method).session,
    request: (method, params, schema, options) => this.request(method, params, schema, options),
    strict: () => this.options.enforceStrictCapabilities !== false,
    taskSupport: (name) => this.tools.taskSupport(name),
    checkOutput: (name, result, validateOutput) => this.checkedOutput(name, result, validateOutput),
    hub: this.taskStatus,
    reportError: (error) => this.reportError(error),
  });
  readonly #listCache: ListCache | undefined;
  readonly #chains = new MiddlewareChains();
  readonly #sessions = new SessionEvents((error) => this.reportError(error));
  protected logHandler: LogMessageHandler | undefined;
  #connecting: Peer | undefined;
  #connection: ClientConnection | undefined;
  /** What stateless requests declare, until a handler changes (see `changeHandlers`). */
  #declared: ClientCapabilities | undefined;

  /** The typed listings of `McpClient`, which list-changed handlers may re-fetch. */
  abstract listAllTools(options?: RequestOptions): Promise<Tool[]>;
  abstract listAllPrompts(options?: RequestOptions): Promise<Prompt[]>;
  abstract listAllResources(options?: RequestOptions): Promise<Resource[]>;

  constructor(clientInfo: Implementation, options: McpClientOptions = {}) {
    this.clientInfo = clientInfo;
    this.options = options;
    const versions = checkClientOptions(options, LATEST_PROTOCOL_VERSION);
    this.#offeredVersion = versions.offered;
    this.#supportedVersions = versions.supported;
    this.responder.configure(options);
    if (options.listCache === true) this.#listCache = new ListCache();
    this.logHandler = options.onLogMessage;
    this.taskStatus.setHandler(options.onTaskStatus);
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
    const peer = new ClientPeer(
      {
        onerror: (error) => {
          // Unreadable output during the handshake ends it now (see unreadableOutputError).
          if (this.#connecting === peer && !unreadable && isUnreadableOutput(error)) {
            unreadable = error;
            void this.#closePeer(peer);
          }
          this.reportError(error);
        },
        // Undefined leaves the peer's default.
        defaultTimeoutMs: this.options.defaultTimeoutMs,
      },
      this.#chains,
      (method, params) => ({
        method,
        params,
        protocolVersion: this.protocolVersion,
        sessionId: transport.sessionId,
        serverInfo: this.serverInfo,
      }),
    );
    wirePeer(peer, {
      answer: (method, params, signal, requestId) =>
        this.#chains.runIncoming(method, params, requestId, this, transport, (sent) =>
          this.answer(method, sent, signal, requestId),
        ),
      logMessage: (entry) => this.logHandler?.(entry),
      resourceUpdated: (update) => this.events.resourceUpdated(update),
      subscriptionsAcknowledged: () => this.events.acknowledged(),
      elicitationComplete: (id) => this.options.onElicitationComplete?.(id),
      taskStatus: (task) => this.taskStatus.deliver(task),
      listChanged: (kind) => {
        this.#listCache?.invalidate(kind);
        if (kind === 'tools') this.tools.listChanged();
        this.events.listChanged(kind);
      },
      reportError: (error) => this.reportError(error),
    });
    peer.onclose = (reason) => this.#handleClosed(peer, reason);
    // An HTTP transport that can take the SEP-2243 header hook gets it, so Mcp-Param-* needs no wiring.
    const headerAware = transport as Transport & {
      setMessageHeaders?(hook: ClientCore['messageHeaders']): void;
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
          discoverTimeoutMs: this.options.discoverTimeoutMs ?? DEFAULT_DISCOVER_TIMEOUT_MS,
          ...negotiationCacheFor(this.options.negotiationCache, transport),
        },
        options,
      );
      this.#connection = new ClientConnection(peer, transport, session, capabilities, {
        clientInfo: this.clientInfo,
        supportedVersions: this.#supportedVersions,
        maxInputRounds: this.options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
        // Built once per set of handlers (2026-07-28 declares them on every request).
        capabilities: () => (this.#declared ??= this.#currentCapabilities()),
        answer: (method, params, signal) => this.answer(method, params, signal),
        ...(this.options.renewExpiredSession === false
          ? {}
          : {
              sessionRenewed: (renewOptions, expiredBy) => {
                this.#sessions.closed(expiredBy);
                this.#sessions.opened(transport, session);
                return this.#restoreSessionState(this.#connection, renewOptions);
              },
            }),
      });
      this.#sessions.opened(transport, session);
      void this.events.syncListen();
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
      this.events.resubscribeAll(options),
      level === undefined ? undefined : this.call('logging/setLevel', { level }, options),
    ]);
  }

  /** Closes the connection (and the transport). Safe to call when not connected. */
  async close(): Promise<void> {
    const peer = this.#connection?.peer ?? this.#connecting;
    if (!peer) return;
    await peer.close();
    this.#handleClosed(peer);
  }

  // ---- Middleware and session events ----------------------------------------------------------

  /**
   * Adds a middleware around every outgoing request, the first added outermost (`{ incoming: true }`:
   * around the server's requests instead). Each wire request passes once: the handshake, a renewed
   * session's `initialize` and resend, each retry of a 2026-07-28 `input_required` round (params
   * with `inputResponses`/`requestState`). It sees the caller's `_meta` and the 2026-07-28 envelope;
   * `_meta.progressToken` is added below it. Takes effect at once, connected or not.
   */
  use(middleware: ClientMiddleware, options?: ClientMiddlewareOptions): this {
    this.#chains.add(middleware, options);
    return this;
  }

  /**
   * Listens to stateful sessions opening (after the handshake) and closing (on `close()`, a
   * transport failure, or an expiry renewed by a new session); returns the unsubscribe function.
   */
  onSession(listener: ClientSessionListener): () => void {
    const sessions = this.#sessions.add(listener);
    return () => void sessions.delete(listener);
  }

  // ---- Generic requests ------------------------------------------------------------------------

  /**
   * Sends any request and validates its result with `resultSchema`. Known methods are subject to
   * the strict capability check like the typed helpers. `options._meta` is merged over
   * `params._meta` (see `RequestOptions._meta`).
   */
  request<S extends z.ZodType>(
    method: string,
    params: JSONObject | undefined,
    resultSchema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>> {
    return this.send(method, params, options, resultSchema);
  }

  /** Sends a notification to the server. */
  async notify(method: string, params?: JSONObject): Promise<void> {
    await this.requireConnection(method).peer.notify(method, params);
  }

  /** Checks the server answers. 2026-07-28 has no `ping`; `server/discover` serves instead. */
  async ping(options?: RequestOptions): Promise<void> {
    if (this.isStateless('ping'))
      await this.request('server/discover', undefined, DiscoverResultSchema, options);
    else await this.call('ping', undefined, options);
  }

  protected isStateless(method: string): boolean {
    return this.requireConnection(method).session.mode === 'stateless';
  }

  /** Every item under `key` of the pages `list` fetches (see `paginate`), bounded by `maxPages`. */
  protected pages<K extends string, T>(
    method: string,
    key: K,
    list: (params: PaginatedRequestParams | undefined) => Promise<Page<K, T>>,
  ): AsyncGenerator<T, void, undefined> {
    return paginate(method, list, key, this.options.maxPages ?? DEFAULT_MAX_PAGES);
  }

  /** A typed call: the result is checked against the exact schema of the negotiated revision. */
  protected call<M extends TypedMethod>(
    method: M,
    params: JSONObject | undefined,
    options?: RequestOptions,
  ): Promise<TypedResults[M]> {
    const cache = this.#listCache;
    // No closure for the cache unless the method is cached: this runs on every call.
    return cache !== undefined && ListCache.isCacheable(method)
      ? cache.through(method, params, () => this.send(method, params, options))
      : this.send(method, params, options);
  }

  /** `ClientConnection.call` after the connection and capability checks; not async, failures reject. */
  protected send<T, R = T>(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
    schema?: z.ZodType<T>,
    then?: (result: T) => R,
    fail?: (error: unknown) => R | Promise<R>,
  ): Promise<R> {
    try {
      // checkCapability written out: one call less per request, the same check and errors.
      const connection = this.#connection ?? this.requireConnection(method);
      const { session } = connection;
      if (this.options.enforceStrictCapabilities !== false)
        assertServerCapability(method, session.serverCapabilities, session.protocolVersion);
      return connection.call(method, params, options, schema, then, fail);
    } catch (error) {
      return Promise.reject(error);
    }
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
    return this.tools.headersFor(message);
  };

  /** Reacts to the server's `notifications/<kind>/list_changed`, optionally re-fetching the list. */
  setListChangedHandler<K extends ListKind>(
    kind: K,
    handler: ListChangedHandler<ListItem<K>> | undefined,
  ): void {
    this.events.setListChangedHandler(kind, handler);
  }

  // ---- Internals -------------------------------------------------------------------------------

  #currentCapabilities(): ClientCapabilities {
    return buildClientCapabilities(this.options, this.responder.features());
  }

  /** A stateful session cannot declare new capabilities after the handshake: refuse such changes. */
  protected changeHandlers(apply: () => void): void {
    const restore = this.responder.snapshot();
    apply();
    this.#declared = undefined;
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

  protected checkCapability(method: string, { session }: ClientConnection): void {
    if (this.options.enforceStrictCapabilities === false) return;
    assertServerCapability(method, session.serverCapabilities, session.protocolVersion);
  }

  protected requireConnection(method: string): ClientConnection {
    const connection = this.#connection;
    if (connection) return connection;
    throw new McpClientError(
      McpClientErrorCode.NotConnected,
      `Cannot send ${method}: the client is not connected (call connect() first)`,
    );
  }

  /**
   * Answers a server's question (sampling, elicitation, roots: a request of its own, or an input
   * request of a 2026-07-28 round or a task), telling the handler the session facts of the moment.
   */
  protected answer(
    method: string,
    params: JSONObject | undefined,
    signal: AbortSignal,
    requestId?: RequestId,
  ): Promise<JSONObject> {
    const { protocolVersion, serverInfo } = this;
    return this.responder.answer(method, params, { signal, requestId, protocolVersion, serverInfo });
  }

  /**
   * `result` once checked against the tool's `outputSchema` (see `ToolCatalog.checkOutput`), unless
   * `validateOutput`, else the `validateToolOutput` option, is false.
   */
  protected checkedOutput(
    name: string,
    result: CallToolResult,
    validateOutput: boolean | undefined,
  ): CallToolResult {
    if (validateOutput ?? this.options.validateToolOutput ?? true) this.tools.check(name, result);
    return result;
  }

  /** A tolerated problem: a warning through the logger when there is one, else an onerror report. */
  protected warn(error: McpClientError): void {
    const logger = this.options.logger;
    if (logger === undefined) {
      this.reportError(error);
      return;
    }
    // Spreading null or undefined adds nothing.
    logger.warn(error.message, {
      code: error.code,
      ...(typeof error.data === 'object' ? error.data : undefined),
    });
  }

  protected reportError(error: Error): void {
    const handler = this.onerror ?? this.options.onerror;
    handler?.(error);
  }

  async #closePeer(peer: Peer): Promise<void> {
    try {
      await peer.close();
    } catch (error) {
      this.reportError(asError(error, 'closing the connection failed'));
    }
    this.#handleClosed(peer);
  }

  #handleClosed(peer: Peer, reason?: Error): void {
    const connection = this.#connection;
    if (connection?.peer !== peer) return;
    this.events.closed(connection);
    this.#connection = undefined;
    this.#sessions.closed(reason);
    this.tools.clear();
    this.taskStatus.clear();
    this.onclose?.(reason);
  }
}
