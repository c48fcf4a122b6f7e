import { type AuthInfo, wireLogFromEnvironment } from '@mcpkit/jsonrpc';
import { linkChanges } from './broadcast-changes.js';
import { preflight, withCors } from './cors.js';
import type { DirectEnvironment } from './direct-answer.js';
import type { HttpExchange, HttpReply, Reply } from './exchange.js';
import { createGate } from './gate.js';
import { createHealthEndpoint } from './health.js';
import { rejection } from './http-errors.js';
import { KeepAlive } from './keep-alive.js';
import { handleLegacyGet, handleLegacyPost } from './legacy-routes.js';
import type { LegacySseTransport } from './legacy-sse.js';
import { notify, observeCalls, type ResponseObservation } from './observe.js';
import { type ConnectionInfo, resolveOptions, type StreamableHttpHandlerOptions } from './options.js';
import { createRateLimiter } from './rate-limit.js';
import { methodNotAllowed } from './request-checks.js';
import type { HandlerContext } from './route-context.js';
import { createHostValidator } from './security.js';
import { SessionRegistry } from './session-registry.js';
import { type SessionEnvironment, StreamableSessionTransport } from './session-transport.js';
import { SseBufferBudget } from './sse-budget.js';
import { createRequestEnvironment } from './stateless-era/environment.js';
import { isStoreUnavailable, storeUnavailableReply } from './store-unavailable.js';
import { handleGetOrDelete, handlePost } from './streamable-routes.js';

/** The handler's logic, on exchanges; the Web and node:http adapters drive it. */
export interface HandlerCore {
  /** `connection` tells what the server adapter knows of the socket. */
  handle(request: HttpExchange, connection?: ConnectionInfo): Promise<Reply>;
  close(options?: { timeoutMs?: number }): Promise<void>;
  readonly sessionCount: number;
  /** What the health endpoint says: false once `setReady(false)` was called or `close()` started. */
  readonly ready: boolean;
  setReady(ready: boolean): void;
  /** Bytes of SSE events held for clients that are not reading, across the handler. */
  readonly sseBufferedBytes: number;
  getSession(sessionId: string): StreamableSessionTransport | LegacySseTransport | undefined;
}

/**
 * Builds the handler's logic: Streamable HTTP (2025-03-26 to 2025-11-25) and 2026-07-28 at
 * `endpoint`, the 2024-11-05 HTTP+SSE transport at its two paths, secure defaults, and a
 * Transport per session for `onSession`.
 */
export function createHandlerCore(options: StreamableHttpHandlerOptions): HandlerCore {
  const config = resolveOptions(options);
  const gate = createGate();
  const registry = new SessionRegistry<StreamableSessionTransport | LegacySseTransport>({
    store: config.sessionStore,
    maxSessions: config.maxSessions,
    maxSessionsPerPrincipal: config.maxSessionsPerPrincipal,
    maxSessionsPerAddress: config.maxSessionsPerAddress,
    idleTimeoutMs: config.sessionIdleTimeoutMs,
    handshakeTimeoutMs: config.handshakeTimeoutMs,
    evictIdleAfterMs: config.evictIdleSessionsAfterMs,
    // Shared stores: the session goes on in the other processes; only this process's copy makes room.
    evict: (session) =>
      config.shared && session instanceof StreamableSessionTransport ? session.release() : session.close(),
    now: config.now,
    onerror: config.onerror,
    // History ages out on the same timer, also in sessions that never write again.
    onsweep: () => config.eventStore?.prune?.(),
  });
  // What the Web handler was told of a request's connection (the Node adapter's exchange is its
  // own): read only when admission or the rate limiter asks for the address. Requests are the
  // keys, so nothing outlives them.
  const connections = new WeakMap<HttpExchange, ConnectionInfo>();
  // Stateless transports live for one POST and are not sessions, but close() must still end them.
  const statelessTransports = new Set<StreamableSessionTransport>();
  const budget = new SseBufferBudget(config.maxSseBufferTotalBytes);
  const keepAlive = new KeepAlive(config.sseKeepAliveMs, {
    maxBufferedBytes: config.maxSseBufferBytes,
    onoverflow: config.onerror,
    budget,
  });
  const observer = config.observe;
  const onCall = observer?.onCall;
  const changes =
    config.broadcastChanges &&
    linkChanges({
      server: config.broadcastChanges,
      bus: config.messageBus,
      sessionStore: config.sessionStore,
      instanceId: config.instanceId,
      local: (sessionId) => {
        const session = registry.peek(sessionId);
        return session instanceof StreamableSessionTransport ? session : undefined;
      },
      onerror: config.onerror,
    });
  const env: SessionEnvironment = {
    eventStore: config.eventStore,
    bus: config.messageBus,
    sessionStore: config.sessionStore,
    retryMs: config.retryMs,
    keepAlive,
    responseMode: config.responseMode,
    wireLog: wireLogFromEnvironment('http-server'),
    instanceId: config.shared ? config.instanceId : undefined,
    canRerun: config.canRerun,
    onerror: config.onerror,
    sessionClosed: (transport) => {
      statelessTransports.delete(transport);
      if (transport.sessionId === undefined) return;
      registry.forget(transport.sessionId, transport.released);
      if (config.eventStore && !transport.released) {
        Promise.resolve(config.eventStore.deleteSession(transport.sessionId)).catch(reportTo(config.onerror));
      }
    },
    sessionAdmitted: (transport) => registry.answered(transport.record.id),
    stateChanged: changes ? changes.stateChanged : undefined,
    streamOpened: () => gate.enter(),
    streamFinished: () => gate.leave(),
  };
  const stopHeartbeat = startHeartbeat(config);
  const requests = createRequestEnvironment(config, keepAlive, gate);
  const requestEnv = requests.env;
  const direct: DirectEnvironment | undefined = config.server && {
    answerer: config.server,
    keepAlive,
    responseMode: config.responseMode,
    retryMs: config.retryMs,
    wireLog: requestEnv.wireLog,
    onerror: config.onerror,
    onCall,
    now: config.now,
    gate,
    streaming: new Set(),
  };
  const context: HandlerContext = {
    config,
    registry,
    env,
    requestEnv,
    direct,
    supportedVersions: [...config.statelessProtocolVersions, ...config.protocolVersions],
    gate,
    hostProblem: createHostValidator(config),
    clientAddress: (request) =>
      config.clientAddress(request, connections.get(request) ?? ownConnection(request)),
    ...(config.rateLimit && { rateLimit: createRateLimiter(config.rateLimit, config.now, config.onerror) }),
    async startSession(transport, info) {
      if (info.kind === 'stateless') statelessTransports.add(transport as StreamableSessionTransport);
      try {
        const wire = info.kind === 'request' ? (config.onRequest ?? config.onSession) : config.onSession;
        await wire(transport, info);
        // After wiring: the server set onmessage, and no message was delivered yet.
        if (onCall) observeCalls(transport, { onCall }, config.now, config.onerror);
        return undefined;
      } catch (error) {
        await transport.close();
        config.onerror(asError(error));
        return rejection(500, `Internal Server Error: onSession failed: ${asError(error).message}`);
      }
    },
  };

  const health = createHealthEndpoint(config.health, config.closeTimeoutMs / 1000);
  let ready = true;

  // Not async where a promise is handed on: an async function returning a promise costs the
  // request two more turns of the microtask queue and a promise.
  const handle = (request: HttpExchange, connection?: ConnectionInfo): Promise<Reply> => {
    // Before the shutdown refusal: while draining, the probe must hear "draining", not a 503 error.
    if (health?.matches(request.path)) return Promise.resolve(health.answer(request, ready && !gate.closing));
    if (!observer?.onResponse) return serveRequest(request, connection);
    return observed(request, observer.onResponse, connection);
  };

  const observed = async (
    request: HttpExchange,
    onResponse: (info: ResponseObservation) => void,
    connection?: ConnectionInfo,
  ): Promise<Reply> => {
    const started = config.now();
    const reply = await serveRequest(request, connection);
    const info = { method: request.method, path: request.path, status: reply.status };
    notify(onResponse, { ...info, durationMs: config.now() - started }, config.onerror);
    return reply;
  };

  // What a served request's promise settles through: made once, so a request without CORS costs
  // no closure and no async frame (one `then`, the same turns as an await).
  const failed = (error: unknown): Reply => {
    config.onerror(asError(error));
    if (isStoreUnavailable(error)) return storeUnavailableReply(error);
    return rejection(500, `Internal Server Error: ${asError(error).message}`);
  };
  const left = (reply: Reply): Reply => {
    gate.leave();
    return reply;
  };
  const leftFailed = (error: unknown): Reply => {
    gate.leave();
    return failed(error);
  };

  const serveRequest = (request: HttpExchange, connection?: ConnectionInfo): Promise<Reply> => {
    if (gate.closing)
      return Promise.resolve(rejection(503, 'Service Unavailable: the server is shutting down'));
    // Not for every request: a WeakMap entry keyed by a young object costs the GC about 1 µs.
    if (connection !== undefined && connection !== request) connections.set(request, connection);
    gate.enter();
    let routed: Promise<Reply>;
    try {
      routed = route(context, request);
    } catch (error) {
      return Promise.resolve(leftFailed(error));
    }
    if (!config.cors) return routed.then(left, leftFailed);
    // A refused Origin gets no CORS headers: its page must not even read why.
    return routed
      .then((response) => (context.hostProblem(request) ? response : withCors(request, response)))
      .then(left, leftFailed);
  };

  return {
    handle,
    async close(closeOptions = {}) {
      await gate.drain(closeOptions.timeoutMs ?? config.closeTimeoutMs);
      if (changes) changes.stop();
      stopHeartbeat();
      // Shared stores: the sessions go on in the other processes; only this process's copies end.
      await registry.closeAll((session) =>
        config.shared && session instanceof StreamableSessionTransport ? session.release() : session.close(),
      );
      await Promise.all([...statelessTransports].map((transport) => transport.close()));
      await requests.closeAll();
      for (const answer of [...(direct?.streaming ?? [])]) answer.end();
      keepAlive.stop();
    },
    get sessionCount() {
      return registry.size;
    },
    get ready() {
      return ready && !gate.closing;
    },
    setReady(value) {
      ready = value;
    },
    get sseBufferedBytes() {
      return budget.totalBytes;
    },
    getSession: (sessionId) => registry.peek(sessionId),
  };
}

/**
 * Shared stores: tells the others this instance is alive, now and every third of `instanceTtlMs`
 * (an unref'd timer), so a resume elsewhere can tell a live holder from a dead one. Returns the stop.
 */
function startHeartbeat(config: ReturnType<typeof resolveOptions>): () => void {
  const store = config.eventStore;
  if (!config.shared || !store?.markAlive) return () => undefined;
  const beat = () =>
    Promise.resolve(store.markAlive!(config.instanceId, config.instanceTtlMs)).catch(
      reportTo(config.onerror),
    );
  void beat();
  const timer = setInterval(beat, Math.max(1, Math.floor(config.instanceTtlMs / 3)));
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}

/** The Node adapter's exchange is the request's connection info too (it has `remoteAddress`). */
function ownConnection(request: HttpExchange): ConnectionInfo | undefined {
  return 'remoteAddress' in request ? (request as ConnectionInfo) : undefined;
}

function route(context: HandlerContext, request: HttpExchange): Promise<Reply> {
  const { config } = context;
  const problem = context.hostProblem(request);
  if (problem) return Promise.resolve(rejection(403, problem));
  const pathname = request.path;
  const legacy = config.legacySse;
  const target = matches(pathname, config.endpoint)
    ? 'mcp'
    : legacy && matches(pathname, legacy.ssePath)
      ? 'sse'
      : legacy && matches(pathname, legacy.messagesPath)
        ? 'messages'
        : undefined;
  if (!target) {
    return Promise.resolve(
      rejection(404, `Not Found: ${pathname} is not an MCP endpoint; expected ${config.endpoint}`),
    );
  }
  const allow =
    target === 'sse' ? ONLY_GET : target === 'messages' || config.stateless ? ONLY_POST : SESSION_METHODS;
  if (config.cors && request.method === 'OPTIONS') return Promise.resolve(preflight(request, allow));
  if (!allow.includes(request.method)) return Promise.resolve(methodNotAllowed(request.method, allow));
  if (!config.authenticate && !context.rateLimit)
    return routeTarget(context, request, undefined, target, pathname);
  return authenticatedRoute(context, request, target, pathname);
}

async function authenticatedRoute(
  context: HandlerContext,
  request: HttpExchange,
  target: 'mcp' | 'sse' | 'messages',
  pathname: string,
): Promise<Reply> {
  const { config } = context;
  const limiter = context.rateLimit;
  const address = limiter && context.clientAddress(request);
  // Before the token check, which may cost a call to the authorization server: an address whose
  // refused requests used up its bucket is refused here.
  const blocked = limiter?.refusedBefore(address);
  if (blocked) return blocked;
  const authenticated = config.authenticate
    ? await config.authenticate(request, config.admit ? ADMITS : NO_ADMIT)
    : undefined;
  if (isEarlyReply(authenticated)) {
    if (limiter) await limiter.authenticationFailed(address);
    return toReply(authenticated);
  }
  const auth = authenticated;
  // An authenticated DELETE ends the principal's own session and frees what it holds: a client out
  // of tokens may still do so. Without a principal it counts against its address like any request.
  const limited =
    limiter && !(auth && request.method === 'DELETE') ? await limiter.take(auth, address) : undefined;
  if (limited?.refused) return limited.refused;
  // After the rate limit: what admitting uses up (a DPoP proof's single use) is not spent on
  // requests refused above.
  const refused = auth && config.admit ? await config.admit(auth, request) : undefined;
  if (refused) return toReply(refused);
  const reply = await routeTarget(context, request, auth, target, pathname);
  // A reply owns its headers; streams send theirs only once handle() returned.
  if (limited) Object.assign(reply.headers, limited.headers);
  return reply;
}

const ADMITS = Object.freeze({ admits: true });
const NO_ADMIT = Object.freeze({ admits: false });

function routeTarget(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
  target: 'mcp' | 'sse' | 'messages',
  pathname: string,
): Promise<Reply> {
  // Expired sessions go first, at most once per sweep interval (no await in between).
  const sweeping = context.registry.sweep();
  if (sweeping) return sweeping.then(() => dispatch(context, request, auth, target, pathname));
  return dispatch(context, request, auth, target, pathname);
}

function dispatch(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
  target: 'mcp' | 'sse' | 'messages',
  pathname: string,
): Promise<Reply> {
  if (target === 'sse') return handleLegacyGet(context, request, auth, pathname);
  if (target === 'messages') return handleLegacyPost(context, request, auth);
  if (request.method === 'POST') return handlePost(context, request, auth);
  return handleGetOrDelete(context, request, auth);
}

const ONLY_GET: readonly string[] = ['GET'];
const ONLY_POST: readonly string[] = ['POST'];
const SESSION_METHODS: readonly string[] = ['GET', 'POST', 'DELETE'];

/** An `authenticate` result that answers the request itself. */
function isEarlyReply(value: AuthInfo | HttpReply | Response | undefined): value is HttpReply | Response {
  return value !== undefined && (isWebResponse(value) || typeof (value as HttpReply).status === 'number');
}

function isWebResponse(value: unknown): value is Response {
  return typeof Response !== 'undefined' && value instanceof Response;
}

async function toReply(early: HttpReply | Response): Promise<Reply> {
  if (!isWebResponse(early)) {
    const reply: Reply = { status: early.status, headers: { ...early.headers } };
    if (early.body !== undefined) reply.body = early.body;
    return reply;
  }
  const headers: Record<string, string> = {};
  early.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: early.status, headers, ...(early.body === null ? {} : { body: await early.text() }) };
}

function matches(pathname: string, path: string): boolean {
  return pathname === path || (path.startsWith('/') && pathname.endsWith(path));
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function reportTo(onerror: (error: Error) => void) {
  return (error: unknown) => onerror(asError(error));
}
