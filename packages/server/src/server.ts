import {
  answerRequest,
  type RequestContext as PeerRequestContext,
  type RequestAnswerer,
  type RequestHandler,
  type Transport,
} from '@mcpkit/jsonrpc';
import {
  type Implementation,
  type JSONObject,
  type JSONRPCRequest,
  type JSONRPCResponse,
  LATEST_PROTOCOL_VERSION,
  LATEST_STATEFUL_PROTOCOL_VERSION,
  type LoggingLevel,
  MetaKey,
  PROTOCOL_VERSIONS,
  type ServerCapabilities,
  STATEFUL_PROTOCOL_VERSIONS,
} from '@mcpkit/protocol/essentials';
import { type CapabilityOptions, computeCapabilities, shapeCapabilities } from './core/capabilities.js';
import type { CacheHints, CustomMethodEntry, ErrorInfo, ServerCore, ServerEvent } from './core/core.js';
import { type CoreRequest, type HandleOutcome, handleRequestNow } from './core/dispatch.js';
import { type CreateContext, type HandlerContext, RequestHandlerContext } from './core/handler-context.js';
import {
  type MiddlewareEntry,
  runMiddleware,
  type ServerMiddleware,
  type ServerMiddlewareOptions,
} from './core/middleware.js';
import { type RequestContext, requestMetaOf } from './core/request-context.js';
import { type RequestEvent, requestObserver } from './core/request-events.js';
import type { RequestStateSealer } from './core/request-state-sealer.js';
import { shapeImplementation } from './core/shape-results.js';
import type { TasksExtension } from './core/task-extension.js';
import type { TaskStoreFactory } from './core/tasks.js';
import { Registration } from './registration.js';
import { listsWithPredicates } from './registry/visibility.js';
import {
  chainNotifications,
  type NotificationChains,
  type ServerNotificationMiddleware,
} from './session/notification-chain.js';
import { type ConnectOptions, ServerSession, type SessionHost } from './session/session.js';
import type { SessionEvent, SessionListener } from './session/session-events.js';
import { sessionlessHandler } from './session/sessionless.js';
import type { UriTemplateLimits } from './uri-template/matcher.js';

export type { RequestEvent } from './core/request-events.js';
export type { SessionEvent, SessionListener } from './session/session-events.js';

/**
 * Options of `McpServer`: instructions, capabilities, protocol versions, tasks, limits and error
 * reporting.
 */
export interface McpServerOptions<TState = undefined> {
  /** Sent in the initialize result: how to use this server. */
  instructions?: string;
  capabilities?: CapabilityOptions;
  /** Items per page of every list method (default 100). */
  pageSize?: number;
  /** 2026-07-28 cache hints for list and read results (default `{ ttlMs: 0, cacheScope: 'private' }`). */
  cacheHints?: Partial<CacheHints>;
  uriTemplateLimits?: UriTemplateLimits;
  /** Builds per-request state, handed to handlers as `ctx.state`. */
  createContext?: CreateContext<TState>;
  /**
   * Revisions this server speaks (default: the four stateful ones). Add `2026-07-28` to answer
   * stateless requests too (experimental).
   */
  protocolVersions?: readonly string[];
  /**
   * Where 2025-11-25 tasks live, required with `capabilities.tasks`: `inMemoryTasks(limits?)` from
   * `@mcpkit/server/tasks` (an entry point of its own, so servers without tasks do not bundle it).
   */
  tasks?: TaskStoreFactory;
  /**
   * Offers the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) and keeps its
   * tasks: `inMemoryTasksExtension(limits?)` from `@mcpkit/server/tasks`. Tools whose
   * `execution.taskSupport` is `optional` or `required` then run as tasks for clients that declare
   * the extension; the extension is added to `capabilities.extensions`.
   */
  tasksExtension?: TasksExtension;
  /**
   * Carries 2026-07-28 multi-round-trip answers in a signed `requestState`:
   * `new RequestStateCodec({ secret })` from `@mcpkit/server/request-state`.
   */
  requestState?: RequestStateSealer;
  /**
   * Requests one session handles at once (default 1024); one more is refused with -32600 naming the
   * limit. Bounds what a single client can make the server hold.
   */
  maxInFlightRequests?: number;
  /** Log level of a session until the client sends logging/setLevel (default `debug`: everything). */
  defaultLogLevel?: LoggingLevel;
  /** Unexpected failures: handler crashes, bad tool output, failed sends. Never logged elsewhere. */
  onerror?: (error: Error, info: ErrorInfo) => void;
  /**
   * Called after every request with its method, subject, duration and outcome. Runs as the
   * outermost middleware (see `use`), so it times and sees what the whole chain answered.
   */
  onrequest?: (event: RequestEvent) => void;
  /** A session's client sent `notifications/roots/list_changed`. */
  onRootsListChanged?: (session: ServerSession<McpServer<TState>>) => void;
}

type ListKind = 'tools' | 'resources' | 'prompts';

/**
 * An MCP server: the registry of tools, resources, templates, prompts and custom methods, built
 * once and shared by any number of sessions. It holds no connection state: `connect` creates a
 * {@link ServerSession} per connection, `answer` serves one request without any (the stateless
 * HTTP fast path), and `handle` answers one request given its explicit context.
 */
export class McpServer<TState = undefined>
  extends Registration<TState>
  implements ServerCore, SessionHost, RequestAnswerer
{
  readonly info: Implementation;
  readonly options: McpServerOptions<TState>;
  readonly pageSize: number;
  readonly cacheHints: CacheHints;
  readonly protocolVersions: readonly string[];
  /** The sealer of 2026-07-28 requestState, when `options.requestState` gave one. */
  readonly requestState: RequestStateSealer | undefined;
  /** The 2026-07-28 tasks extension, when `options.tasksExtension` gave one. */
  readonly tasksExtension: TasksExtension | undefined;
  readonly #capabilityOptions: CapabilityOptions;
  readonly #sessions = new Set<ServerSession<McpServer<TState>>>();
  readonly #pendingListChanges = new Set<ListKind>();
  readonly #listeners = new Set<(event: ServerEvent) => void>();
  readonly #closing = new AbortController();
  #sessionless: RequestHandler | undefined;
  /** @internal `use(fn, { notifications: true })`'s middleware; undefined while there is none. */
  declare notificationChains: NotificationChains | undefined;
  /** Undefined while no middleware is registered: handleNow then goes straight to the core. */
  #middleware: MiddlewareEntry[] | undefined;
  readonly #sessionListeners = new Set<SessionListener>();

  constructor(info: Implementation, options: McpServerOptions<TState> = {}) {
    super(options.uriTemplateLimits);
    this.info = info;
    this.options = options;
    this.pageSize = Math.max(1, options.pageSize ?? 100);
    this.cacheHints = { ttlMs: 0, cacheScope: 'private', ...options.cacheHints };
    this.protocolVersions = options.protocolVersions ?? STATEFUL_PROTOCOL_VERSIONS;
    this.requestState = checkRequestState(options.requestState);
    this.tasksExtension = options.tasksExtension;
    this.#capabilityOptions = options.capabilities ?? {};
    const unknown = this.protocolVersions.filter(
      (version) => !(PROTOCOL_VERSIONS as readonly string[]).includes(version),
    );
    if (unknown.length > 0)
      throw new TypeError(`Unknown protocol versions in options.protocolVersions: ${unknown.join(', ')}`);
    if (options.capabilities?.tasks === true && options.tasks === undefined) {
      throw new TypeError(
        'capabilities.tasks is on but no task store was given. Pass one as the tasks option: ' +
          "import { inMemoryTasks } from '@mcpkit/server/tasks'; " +
          'new McpServer(info, { capabilities: { tasks: true }, tasks: inMemoryTasks() })',
      );
    }
    const onrequest = options.onrequest;
    if (onrequest !== undefined) {
      this.use(
        requestObserver(onrequest, (error, info) => this.reportError(error, info)),
        { name: 'onrequest' },
      );
    }
  }

  // ---- interception ----

  /**
   * Adds a middleware around every request the server answers (after the `initialize` handshake),
   * on every transport and revision: sessions, `answer` and `handle`. The first added is the
   * outermost. It sees the method, params, `_meta` and the request's context (session, auth info,
   * revision, transport facts), and may change params, answer by itself, refuse with a JSON-RPC
   * error, or time and observe what `next()` answers. One that throws anything but a
   * `JsonRpcError`, returns no outcome, or calls `next()` twice is answered with -32603 naming it
   * (`options.name`, else the function's name, else its position) and reported to `onerror`.
   */
  use(middleware: ServerMiddleware, options?: ServerMiddlewareOptions & { notifications?: false }): this;
  /**
   * With `{ notifications: true }`: adds a middleware around the notifications of every session,
   * both ways: those the server sends (list changes, resource updates, log messages, progress, the
   * peer's own `notifications/cancelled`) and, with `ctx.incoming` true, those its client sends
   * (`notifications/initialized`, roots list changes, cancellations, progress); the first added is
   * the outermost, and sessions already connected get it too. `ctx.notification` is true and
   * `next()` resolves once the notification is written (sent) or dispatched to the session's
   * handlers (received); a middleware that does not call it drops the notification. A sent
   * notification's middleware failure fails the send; a received one's is reported to `onerror`.
   * It also runs around the requests sent through `session.context()` outside any request
   * (`ctx.notification` false; `next()` settles with the client's answer; not calling it fails the
   * request). With none registered, sessions leave their transport as it is.
   */
  use(
    middleware: ServerNotificationMiddleware,
    options: ServerMiddlewareOptions & { notifications: true },
  ): this;
  use(middleware: ServerMiddleware | ServerNotificationMiddleware, options?: ServerMiddlewareOptions): this {
    if (typeof middleware !== 'function') {
      throw new TypeError(`McpServer.use: expected a function (ctx, next), got ${typeof middleware}`);
    }
    if (options?.notifications) {
      // The sessions connected so far start running theirs; later ones do from their start.
      if (!this.notificationChains) this.#sessions.forEach(chainNotifications);
      this.notificationChains ??= [];
      this.notificationChains.push(middleware as ServerNotificationMiddleware);
      return this;
    }
    const chain = this.#middleware ?? [];
    chain.push({
      run: middleware as ServerMiddleware,
      name: options?.name ?? (middleware.name || `#${chain.length}`),
    });
    this.#middleware = chain;
    return this;
  }

  /**
   * Hears stateful sessions open (their `initialize` answered, or restored) and close, e.g. for a
   * session-duration histogram. Stateless (2026-07-28) requests have no session and raise no
   * events. A throwing listener is reported to `onerror`. Returns the function that unsubscribes.
   */
  onSession(listener: SessionListener): () => void {
    this.#sessionListeners.add(listener);
    return () => this.#sessionListeners.delete(listener);
  }

  /** @internal Sessions report their open and close here. */
  sessionEvent(event: SessionEvent): void {
    for (const listener of this.#sessionListeners) {
      try {
        listener(event);
      } catch (error) {
        this.reportError(error, { sessionId: event.sessionId });
      }
    }
  }

  /** @internal A session closed (it calls this rather than holding a listener of ours). */
  sessionClosed(session: ServerSession<McpServer<TState>>): void {
    this.#sessions.delete(session);
  }

  // ---- connections ----

  /** Serves one connection over `transport`; resolves once the transport started. */
  async connect(
    transport: Transport,
    options: ConnectOptions = {},
  ): Promise<ServerSession<McpServer<TState>>> {
    const session = new ServerSession<McpServer<TState>>(this, transport, options);
    this.#sessions.add(session);
    try {
      // start() connects the peer at once (setting the transport's onmessage), then awaits the transport.
      const started = session.start();
      if (this.notificationChains) chainNotifications(session);
      await started;
    } catch (error) {
      this.#sessions.delete(session);
      throw error;
    }
    return session;
  }

  /**
   * Answers one request with no session, peer or transport made for it, as a session made for that
   * request alone would: `initialize` is negotiated (nothing is kept), a 2026-07-28 request is served
   * from its `_meta`, any other at the version `context.extra.protocolVersion` declares, for a client
   * without capabilities. Stateless transports call it (`createStreamableHttpHandler({ server })`)
   * with the context they made for the request. Never rejects: failures are error responses.
   */
  answer(request: JSONRPCRequest, context: PeerRequestContext): Promise<JSONRPCResponse> {
    this.#sessionless ??= sessionlessHandler(this);
    return answerRequest(request, this.#sessionless, context);
  }

  /** The sessions currently connected. */
  get sessions(): ReadonlySet<ServerSession<McpServer<TState>>> {
    return this.#sessions;
  }

  /** Ends open subscriptions/listen streams gracefully, then closes every session. */
  async close(): Promise<void> {
    this.#closing.abort(new Error('The server is closing'));
    // One macrotask lets the ended subscriptions send their final responses before transports close.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all([...this.#sessions].map((session) => session.close()));
  }

  /** Aborted once `close()` was called. */
  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  // ---- the I/O-free core ----

  /**
   * Answers one request with an explicit context. Sessions call this for every request; a
   * stateless (2026-07-28) adapter builds `ctx` from the request's `_meta` and calls it directly.
   */
  handle(request: CoreRequest, ctx: RequestContext): Promise<HandleOutcome> {
    return Promise.resolve(this.handleNow(request, ctx));
  }

  /**
   * @internal `handle` without the promise when the answer is ready at once (a synchronous tool,
   * a list): the sessions' per-request path. Never throws.
   */
  handleNow(request: CoreRequest, ctx: RequestContext): HandleOutcome | Promise<HandleOutcome> {
    // Handlers and middleware read `ctx._meta`: every context gets it from the request here.
    ctx._meta ??= requestMetaOf(request.params);
    const chain = this.#middleware;
    return chain === undefined
      ? handleRequestNow(this, request, ctx)
      : runMiddleware(this, chain, request, ctx);
  }

  /**
   * What the server declares, from what is registered and `options.capabilities`. Asked on every
   * request (twice), so the answer is kept until a registration changes (`listChanged` drops it);
   * callers must not modify it.
   */
  capabilities(): ServerCapabilities {
    this.#capabilities ??= computeCapabilities(this.#capabilityOptions, {
      tools: this.tools.size,
      resources: this.resources.size,
      templates: this.templates.size,
      prompts: this.prompts.size,
    });
    return this.#capabilities;
  }
  #capabilities: ServerCapabilities | undefined;

  /** The initialize result for a negotiated stateful revision. */
  initializeResult(protocolVersion: string): JSONObject {
    const result: JSONObject = {
      protocolVersion,
      capabilities: shapeCapabilities(this.capabilities(), protocolVersion),
      serverInfo: shapeImplementation(this.info, protocolVersion),
    };
    if (this.options.instructions !== undefined) result.instructions = this.options.instructions;
    return result;
  }

  /** The stateful revision to answer an initialize request for `requested` with. */
  negotiateVersion(requested: string): string {
    const stateful = this.protocolVersions.filter((version) =>
      (STATEFUL_PROTOCOL_VERSIONS as readonly string[]).includes(version),
    );
    if (stateful.includes(requested)) return requested;
    return stateful.at(-1) ?? LATEST_STATEFUL_PROTOCOL_VERSION;
  }

  /** A 2026-07-28 `server/discover` result (supportedVersions default to `protocolVersions`). */
  discoverResult(supportedVersions: readonly string[] = this.protocolVersions): JSONObject {
    const capabilities = shapeCapabilities(this.capabilities(), LATEST_PROTOCOL_VERSION);
    // The tasks extension is declared here only: it needs 2026-07-28 (settings the caller gave win).
    const tasks = this.tasksExtension;
    if (tasks) capabilities.extensions = { ...tasks.declaration, ...capabilities.extensions };
    const result: JSONObject = {
      supportedVersions: [...supportedVersions],
      capabilities,
      _meta: { [MetaKey.ServerInfo]: this.info },
      resultType: 'complete',
    };
    if (this.options.instructions !== undefined) result.instructions = this.options.instructions;
    return result;
  }

  /**
   * The handler context for a request, running the `createContext` hook. Returned as is when
   * there is no hook (a promise only when the hook runs): the tools/call hot path then skips an
   * await.
   */
  handlerContext(ctx: RequestContext): HandlerContext<any> | Promise<HandlerContext<any>> {
    const context = new RequestHandlerContext<any>(ctx);
    const create = this.options.createContext;
    if (create === undefined) return context;
    return Promise.resolve(create(context)).then((state) => {
      context.state = state;
      return context;
    });
  }

  /** Reports a non-fatal error to the server's `onerror`. */
  reportError(error: unknown, info: ErrorInfo): void {
    this.options.onerror?.(error instanceof Error ? error : new Error(String(error), { cause: error }), info);
  }

  get customMethods(): ReadonlyMap<string, CustomMethodEntry> {
    return this.methods;
  }

  // ---- notifications to connected sessions ----

  /**
   * Hears every list change and resource update (after coalescing), for adapters that deliver
   * them some other way than sessions do (2026-07-28 subscriptions/listen). Returns `unlisten`.
   */
  listen(listener: (event: ServerEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Sends `notifications/resources/updated` to the sessions subscribed to `uri`. */
  notifyResourceUpdated(uri: string): void {
    this.changed({ type: 'resource_updated', uri });
  }

  /**
   * Every change this server raises passes here (after coalescing): it goes to `sessions` (default:
   * all of this process) that want it, and to every listener. A handler given `broadcastChanges`
   * (`@mcpkit/transport-http-server`) wraps it on this instance: a change raised here (no
   * `sessions`) is broadcast on the shared message bus, and every process, this one too, calls the
   * original with the sessions whose streams it holds. Call it to announce a change that happened
   * elsewhere, e.g. `changed({ type: 'list_changed', list: 'tools' })`.
   */
  changed(event: ServerEvent, sessions: Iterable<ServerSession<McpServer<TState>>> = this.#sessions): void {
    for (const session of sessions) {
      if (event.type === 'list_changed') session.sendListChanged(event.list);
      else if (session.isSubscribed(event.uri)) session.sendResourceUpdated(event.uri);
    }
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.reportError(error, {});
      }
    }
  }

  /**
   * Tells callers that what they may see changed (a `visible` predicate now answers differently,
   * e.g. after a role or scope change): sends `notifications/<kind>/list_changed` for each list
   * with a predicate, through `changed`, to `sessions` (default: every session, across processes
   * when changes are broadcast) and to 2026-07-28 `subscriptions/listen` streams, which belong to
   * no session and so always hear it.
   */
  visibilityChanged(sessions?: Iterable<ServerSession<McpServer<TState>>>): void {
    for (const list of listsWithPredicates(this)) {
      const event: ServerEvent = { type: 'list_changed', list };
      // Omitted rather than undefined: a broadcasting wrapper of `changed` tells them apart.
      if (sessions === undefined) this.changed(event);
      else this.changed(event, sessions);
    }
  }

  /** Tells sessions a list changed (registration changes do this automatically). */
  notifyListChanged(kind: ListKind): void {
    this.#scheduleListChanged(kind);
  }

  protected override listChanged(kind: ListKind): void {
    this.#capabilities = undefined;
    this.#scheduleListChanged(kind);
  }

  /** Several changes in one tick reach clients as one notification per list. */
  #scheduleListChanged(kind: ListKind): void {
    if (this.#sessions.size === 0 && this.#listeners.size === 0) return;
    if (this.#pendingListChanges.size === 0) queueMicrotask(() => this.#flushListChanged());
    this.#pendingListChanges.add(kind);
  }

  #flushListChanged(): void {
    const capabilities = this.capabilities();
    // Taken out one by one: a kind changed again while its notification goes out is sent again.
    for (const kind of this.#pendingListChanges) {
      this.#pendingListChanges.delete(kind);
      if (capabilities[kind]?.listChanged === true) this.changed({ type: 'list_changed', list: kind });
    }
  }
}

function checkRequestState(sealer: RequestStateSealer | undefined): RequestStateSealer | undefined {
  if (sealer === undefined || (typeof sealer.seal === 'function' && typeof sealer.open === 'function'))
    return sealer;
  throw new TypeError(
    'options.requestState must seal and open states: ' +
      "import { RequestStateCodec } from '@mcpkit/server/request-state'; requestState: new RequestStateCodec({ secret })",
  );
}
