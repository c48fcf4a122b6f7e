import { JsonRpcError, JsonRpcPeer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  type Implementation,
  isStatelessProtocolVersion,
  type JSONObject,
  LOGGING_LEVELS,
  type LoggingLevel,
} from '@mcpkit/protocol/essentials';
import type { ErrorInfo } from '../core/core.js';
import { unsupportedByRevision } from '../core/errors.js';
import type { HandlerContext } from '../core/handler-context.js';
import type { RequestContext, SessionControls } from '../core/request-context.js';
import { atLeast, Since } from '../core/revisions.js';
import type { TaskStore, TaskStoreFactory } from '../core/tasks.js';
import type { SessionEvent } from './session-events.js';
import { SessionRequestContext } from './session-request-context.js';
import { type NegotiatedSession, negotiate, type SessionlessHost, sessionAnswer } from './sessionless.js';
import { answerStatelessRequest, isStatelessRequest } from './stateless-path.js';

export type { NegotiatedSession } from './sessionless.js';

/**
 * What a session needs from the server that created it: McpServer implements it. The session
 * takes it as a constructor argument instead of importing McpServer, so the layers stay one-way
 * (server.ts imports the session, never the reverse).
 */
export interface SessionHost extends SessionlessHost {
  readonly options: SessionHostOptions;
  readonly pageSize: number;
  handlerContext(ctx: RequestContext): HandlerContext<any> | Promise<HandlerContext<any>>;
  reportError(error: unknown, info: ErrorInfo): void;
  /** Hears this session open and close (`McpServer.onSession`). */
  sessionEvent?(event: SessionEvent): void;
  /** Forgets a closed session (McpServer's set of connected sessions). */
  sessionClosed?(session: ServerSession<any>): void;
}

/** The server options a session reads (a subset of `McpServerOptions`). */
export interface SessionHostOptions {
  capabilities?: { tasks?: boolean; logging?: boolean };
  tasks?: TaskStoreFactory;
  maxInFlightRequests?: number;
  defaultLogLevel?: LoggingLevel;
  // Method syntax: McpServerOptions narrows the session type to its own server's sessions.
  onRootsListChanged?(session: ServerSession<any>): void;
}

/**
 * Options of `McpServer.connect`: the session's name, request timeout, a session to restore, and
 * whether `initialize` must come first.
 */
export interface ConnectOptions {
  /** Names the session in contexts, events and errors (defaults to the transport's session id). */
  sessionId?: string;
  /** Timeout of server-to-client requests such as elicitation (default 60 s; 0 disables). */
  requestTimeoutMs?: number;
  /** Skip the handshake: the session behaves as if `initialize` had negotiated this. */
  restore?: NegotiatedSession;
  /**
   * Refuse requests (ping excepted) until `initialize` (default false: they are served at the
   * version the transport declares, as stateless HTTP and resumed sessions need).
   */
  requireInitialize?: boolean;
  /** Names the transport in session events (`McpServer.onSession`), e.g. `stdio` or `http`. */
  transportName?: string;
}

/**
 * One connection to one client (revisions up to 2025-11-25): owns its JsonRpcPeer, answers the
 * initialize handshake and keeps what it negotiated, the log level and the resource
 * subscriptions. Every other request goes to the server's core with a context built from that
 * state; elicitation, sampling and roots become real requests to the client.
 */
export class ServerSession<Host extends SessionHost = SessionHost> {
  /** The server that created this session (an `McpServer` for sessions made by `connect`). */
  readonly server: Host;
  readonly peer: JsonRpcPeer;
  readonly sessionId: string | undefined;
  #transport: Transport;
  #negotiated: NegotiatedSession | undefined;
  #ready = false;
  #closed = false;
  #logLevel: LoggingLevel;
  readonly #requireInitialize: boolean;
  // Made on first use (a subscription, a close listener, a request): an idle session holds none.
  #subscriptions: Set<string> | undefined;
  #closeListeners: (() => void)[] | undefined;
  #controls: SessionControls | undefined;
  #tasks: TaskStore | undefined;
  readonly #transportName: string | undefined;
  /** Set while open: only an opened session reports its close. */
  #opened = false;
  /**
   * @internal Set once the server has notification middleware (`chainNotifications`): sends a
   * request of `context()` through it. Undefined otherwise, and the request goes straight out.
   */
  declare sendThroughChain:
    | ((method: string, params: JSONObject | undefined, options: RequestOptions) => Promise<JSONObject>)
    | undefined;

  constructor(server: Host, transport: Transport, options: ConnectOptions) {
    this.server = server;
    this.#transport = transport;
    this.sessionId = options.sessionId ?? transport.sessionId;
    this.#requireInitialize = options.requireInitialize === true;
    this.#transportName = options.transportName;
    this.#logLevel = options.restore?.logLevel ?? server.options.defaultLogLevel ?? 'debug';
    if (options.restore !== undefined) {
      this.#negotiated = { ...options.restore };
      this.#ready = true;
    }
    // The peer takes an undefined option as its default.
    this.peer = new JsonRpcPeer({
      defaultTimeoutMs: options.requestTimeoutMs,
      maxInFlightRequests: server.options.maxInFlightRequests,
      onerror: (error) => this.#report(error),
    });
    // Requests from the client. Not a method called from here: this runs on every request, and
    // the extra frame was one of the calls a round trip paid for. Not async: a request answered
    // synchronously goes back to the peer as is (no promise).
    this.peer.fallbackRequestHandler = (params, context) => {
      const method = context.method;
      const negotiated = this.#negotiated;
      if (negotiated === undefined) {
        if (isStatelessRequest(method, params)) return answerStatelessRequest(server, params, context);
        if (this.#requireInitialize && method !== 'ping' && method !== 'initialize')
          throw JsonRpcError.invalidRequest(`Session not initialized: send 'initialize' before '${method}'`);
      }
      const ctx = new SessionRequestContext(
        server,
        context,
        negotiated,
        this.#controls ?? this.#sessionControls(),
        this.#logLevel,
        this.sessionId,
      );
      // A declared field of the context: undefined without tasks either way. Most servers have no
      // task store, and then there is nothing to ask.
      ctx.tasks = server.options.tasks && this.#taskStore(ctx.protocolVersion);
      return sessionAnswer(method, server.handleNow({ method, params }, ctx));
    };
    this.peer.setNotificationHandler('notifications/initialized', () => {
      this.#ready = true;
    });
    this.peer.setNotificationHandler('notifications/roots/list_changed', () => {
      this.server.options.onRootsListChanged?.(this);
    });
    this.peer.onclose = (reason) => this.#onClose(reason);
  }

  /** @internal Called by McpServer.connect. */
  async start(): Promise<void> {
    await this.peer.connect(this.#transport);
    // A restored session is open from the start; others once initialize is answered.
    if (this.#negotiated !== undefined) this.#emit('open');
  }

  /** What initialize negotiated, or undefined before the handshake. */
  get negotiated(): Readonly<NegotiatedSession> | undefined {
    return this.#negotiated;
  }

  get protocolVersion(): string | undefined {
    return this.#negotiated?.protocolVersion;
  }

  get clientCapabilities(): ClientCapabilities | undefined {
    return this.#negotiated?.clientCapabilities;
  }

  get clientInfo(): Implementation | undefined {
    return this.#negotiated?.clientInfo;
  }

  get logLevel(): LoggingLevel {
    return this.#logLevel;
  }

  /** True once the client sent `notifications/initialized`. */
  get ready(): boolean {
    return this.#ready;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** True when this session subscribed to updates of the resource URI. */
  isSubscribed(uri: string): boolean {
    return this.#subscriptions?.has(uri) === true;
  }

  /** @internal */
  addCloseListener(listener: () => void): void {
    this.#closeListeners ??= [];
    this.#closeListeners.push(listener);
  }

  /** logging/setLevel and resources/(un)subscribe on this session: made for its first request. */
  #sessionControls(): SessionControls {
    this.#controls ??= {
      setLogLevel: (level) => {
        this.#logLevel = level;
      },
      subscribe: (uri) => {
        this.#subscriptions ??= new Set();
        this.#subscriptions.add(uri);
      },
      unsubscribe: (uri) => {
        this.#subscriptions?.delete(uri);
      },
      // The core answers `initialize` through this (inside the middleware chain).
      initialize: (params) => {
        if (this.#negotiated) {
          throw JsonRpcError.invalidRequest('Session already initialized: send initialize once');
        }
        this.#negotiated = negotiate(this.server, params);
        // Made for the handshake: an idle session keeps none (they are made again on its next request).
        this.#controls = undefined;
        const { protocolVersion } = this.#negotiated;
        this.#transport.setProtocolVersion?.(protocolVersion);
        this.#emit('open');
        return this.server.initializeResult(protocolVersion);
      },
    };
    return this.#controls;
  }

  /** Closes the session and its transport. */
  async close(): Promise<void> {
    await this.peer.close();
    this.#onClose();
  }

  /** The session's tasks, created on first use when the server enables them and the revision has them. */
  #taskStore(version: string): TaskStore | undefined {
    // McpServer's constructor made sure a store factory comes with `capabilities.tasks`.
    const createStore = this.server.options.tasks;
    if (this.server.options.capabilities?.tasks !== true || createStore === undefined) return undefined;
    if (!atLeast(version, Since.tasks) || isStatelessProtocolVersion(version)) return undefined;
    this.#tasks ??= createStore({
      pageSize: this.server.pageSize,
      sessionId: this.sessionId,
      channel: {
        notify: (method, params, relatedRequestId) =>
          this.#closed ? Promise.resolve() : this.peer.notify(method, params, { relatedRequestId }),
        request: (method, params, options) => this.peer.request(method, params, options),
        report: (error) => this.#report(error),
      },
    });
    return this.#tasks;
  }

  // ---- messages to the client ----

  /** @internal Sent by McpServer when a registration changes. */
  sendListChanged(kind: 'tools' | 'resources' | 'prompts'): void {
    if (this.#negotiated === undefined || this.#closed) return;
    this.#notify(`notifications/${kind}/list_changed`);
  }

  /** @internal Sent by McpServer.notifyResourceUpdated. */
  sendResourceUpdated(uri: string): void {
    if (this.#closed) return;
    this.#notify('notifications/resources/updated', { uri });
  }

  /** A log message not tied to any request, filtered by the session's level. */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    if (this.#closed || LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(this.#logLevel)) return;
    if (this.server.capabilities().logging === undefined) return;
    const params: JSONObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    await this.peer.notify('notifications/message', params);
  }

  /** 2025-11-25: tells the client a URL-mode elicitation finished. */
  async sendElicitationComplete(elicitationId: string): Promise<void> {
    const version = this.#negotiated?.protocolVersion;
    if (version === undefined || !atLeast(version, Since.urlElicitation)) {
      throw unsupportedByRevision(
        'notifications/elicitation/complete',
        Since.urlElicitation,
        version ?? 'nothing yet',
      );
    }
    await this.peer.notify('notifications/elicitation/complete', { elicitationId });
  }

  /**
   * A handler context outside any request, to ask the client something (e.g. list its roots
   * after `notifications/roots/list_changed`).
   */
  context(signal: AbortSignal = new AbortController().signal): Promise<HandlerContext<any>> {
    const negotiated = this.#negotiated;
    const ctx: RequestContext = {
      protocolVersion: negotiated?.protocolVersion ?? this.server.negotiateVersion(''),
      clientCapabilities: negotiated?.clientCapabilities ?? {},
      logLevel: this.#logLevel,
      signal,
      sendNotification: (method, params) => this.peer.notify(method, params),
      // No request middleware is around these: the notification middleware is, when there is some.
      requestInput: ({ method, params }, options) => {
        const requestOptions = { signal, timeoutMs: options?.timeoutMs };
        return (
          this.sendThroughChain?.(method, params, requestOptions) ??
          this.peer.request(method, params, requestOptions)
        );
      },
      session: this.#sessionControls(),
      clientInfo: negotiated?.clientInfo,
      sessionId: this.sessionId,
    };
    // A hook that throws still makes a rejected promise, as it always did.
    return Promise.resolve().then(() => this.server.handlerContext(ctx));
  }

  #notify(method: string, params?: JSONObject): void {
    this.peer.notify(method, params).then(undefined, (error: unknown) => this.#report(error));
  }

  #report(error: unknown): void {
    this.server.reportError(error, { sessionId: this.sessionId });
  }

  #onClose(reason?: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#subscriptions = undefined;
    this.#tasks?.closeAll();
    this.#emit('close', reason);
    this.server.sessionClosed?.(this);
    for (const listener of this.#closeListeners?.splice(0) ?? []) listener();
  }

  /** Opens once; closes only what opened. */
  #emit(type: SessionEvent['type'], error?: Error): void {
    if (this.#opened === (type === 'open')) return;
    this.#opened = !this.#opened;
    // Absent facts are undefined keys rather than left out: shorter, and this ships in every server.
    const negotiated = this.#negotiated!;
    this.server.sessionEvent?.({
      type,
      protocolVersion: negotiated.protocolVersion,
      sessionId: this.sessionId,
      clientInfo: negotiated.clientInfo,
      transport: this.#transportName,
      error,
    });
  }
}
