import type { AuthInfo } from '@mcpkit/jsonrpc';
import { HttpHeader } from '@mcpkit/protocol';
import { preflight, withCors } from './cors.js';
import { createGate } from './gate.js';
import { rejection } from './http-errors.js';
import { KeepAlive } from './keep-alive.js';
import { handleLegacyGet, handleLegacyPost } from './legacy-routes.js';
import type { LegacySseTransport } from './legacy-sse.js';
import { type ConnectionInfo, resolveOptions, type StreamableHttpHandlerOptions } from './options.js';
import {
  methodNotAllowed,
  requireJsonContentType,
  requirePostAccept,
  requireSseAccept,
} from './request-checks.js';
import { type HandlerContext, principalProblem, readAndParse } from './route-context.js';
import { createHostValidator } from './security.js';
import { SessionRegistry } from './session-registry.js';
import { type SessionEnvironment, StreamableSessionTransport } from './session-transport.js';
import { SseBufferBudget } from './sse-budget.js';
import { createRequestEnvironment } from './stateless-era/environment.js';
import { postStatelessEra } from './stateless-era/route.js';
import { openStreamableSession, postStateless, postToSession } from './streamable-post.js';
import { decideVersion, requestIdOf, unsupportedVersion } from './versions.js';

/** A Web-standard fetch handler for MCP over HTTP, with lifecycle controls. */
export interface StreamableHttpHandler {
  /** `connection` tells what the server adapter knows of the socket (the Node adapter fills it). */
  (request: Request, connection?: ConnectionInfo): Promise<Response>;
  /**
   * Stops accepting requests (503), lets in-flight POSTs finish until `timeoutMs` (default the
   * `closeTimeoutMs` option), then closes every stream and session.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
  /** Sessions held by this handler (Streamable HTTP and legacy SSE); an initialize not yet answered with a result is not one. */
  readonly sessionCount: number;
  /** The transport of a live session, e.g. to call `closeRequestStream` or `closeStandaloneStream`. */
  getSession(sessionId: string): StreamableSessionTransport | LegacySseTransport | undefined;
}

/**
 * Builds the handler: Streamable HTTP (2025-03-26 to 2025-11-25) at `endpoint`, the 2024-11-05
 * HTTP+SSE transport at its two paths, secure defaults, and a Transport per session for `onSession`.
 */
export function createStreamableHttpHandler(options: StreamableHttpHandlerOptions): StreamableHttpHandler {
  const config = resolveOptions(options);
  const gate = createGate();
  const registry = new SessionRegistry<StreamableSessionTransport | LegacySseTransport>({
    store: config.sessionStore,
    maxSessions: config.maxSessions,
    maxSessionsPerPrincipal: config.maxSessionsPerPrincipal,
    maxSessionsPerAddress: config.maxSessionsPerAddress,
    idleTimeoutMs: config.sessionIdleTimeoutMs,
    handshakeTimeoutMs: config.handshakeTimeoutMs,
    now: config.now,
    onerror: config.onerror,
    // History ages out on the same timer, also in sessions that never write again.
    onsweep: () => config.eventStore?.prune?.(),
  });
  // Only the cap needs the address; requests are the keys, so nothing outlives them.
  const addresses = new WeakMap<Request, string | undefined>();
  // Stateless transports live for one POST and are not sessions, but close() must still end them.
  const statelessTransports = new Set<StreamableSessionTransport>();
  const keepAlive = new KeepAlive(config.sseKeepAliveMs, {
    maxBufferedBytes: config.maxSseBufferBytes,
    onoverflow: config.onerror,
    budget: new SseBufferBudget(config.maxSseBufferTotalBytes),
  });
  const env: SessionEnvironment = {
    eventStore: config.eventStore,
    bus: config.messageBus,
    sessionStore: config.sessionStore,
    retryMs: config.retryMs,
    keepAlive,
    responseMode: config.responseMode,
    onerror: config.onerror,
    sessionClosed: (transport) => {
      statelessTransports.delete(transport);
      if (transport.sessionId === undefined) return;
      registry.forget(transport.sessionId);
      if (config.eventStore) {
        Promise.resolve(config.eventStore.deleteSession(transport.sessionId)).catch(reportTo(config.onerror));
      }
    },
    sessionAdmitted: (transport) => registry.answered(transport.record.id),
    streamOpened: () => gate.enter(),
    streamFinished: () => gate.leave(),
  };
  const requests = createRequestEnvironment(config, keepAlive, gate);
  const requestEnv = requests.env;
  const context: HandlerContext = {
    config,
    registry,
    env,
    requestEnv,
    supportedVersions: [...config.statelessProtocolVersions, ...config.protocolVersions],
    gate,
    hostProblem: createHostValidator(config),
    clientAddress: (request) => addresses.get(request),
    async startSession(transport, info) {
      if (info.kind === 'stateless') statelessTransports.add(transport as StreamableSessionTransport);
      try {
        const wire = info.kind === 'request' ? (config.onRequest ?? config.onSession) : config.onSession;
        await wire(transport, info);
        return undefined;
      } catch (error) {
        await transport.close();
        config.onerror(asError(error));
        return rejection(500, `Internal Server Error: onSession failed: ${asError(error).message}`);
      }
    },
  };

  const handler = async (request: Request, connection?: ConnectionInfo): Promise<Response> => {
    if (gate.closing) return rejection(503, 'Service Unavailable: the server is shutting down');
    if (Number.isFinite(config.maxSessionsPerAddress)) {
      addresses.set(request, config.clientAddress(request, connection));
    }
    gate.enter();
    try {
      const response = await route(context, request);
      // A refused Origin gets no CORS headers: its page must not even read why.
      return config.cors && !context.hostProblem(request) ? withCors(request, response) : response;
    } catch (error) {
      config.onerror(asError(error));
      return rejection(500, `Internal Server Error: ${asError(error).message}`);
    } finally {
      gate.leave();
    }
  };

  // defineProperties, not Object.assign: assign would copy the getter's value once.
  return Object.defineProperties(handler, {
    close: {
      value: async (closeOptions: { timeoutMs?: number } = {}) => {
        await gate.drain(closeOptions.timeoutMs ?? config.closeTimeoutMs);
        await registry.closeAll();
        await Promise.all([...statelessTransports].map((transport) => transport.close()));
        await requests.closeAll();
        keepAlive.stop();
      },
    },
    sessionCount: { get: () => registry.size },
    getSession: { value: (sessionId: string) => registry.peek(sessionId) },
  }) as StreamableHttpHandler;
}

async function route(context: HandlerContext, request: Request): Promise<Response> {
  const { config } = context;
  const problem = context.hostProblem(request);
  if (problem) return rejection(403, problem);
  const pathname = new URL(request.url).pathname;
  const legacy = config.legacySse;
  const target = matches(pathname, config.endpoint)
    ? 'mcp'
    : legacy && matches(pathname, legacy.ssePath)
      ? 'sse'
      : legacy && matches(pathname, legacy.messagesPath)
        ? 'messages'
        : undefined;
  if (!target) {
    return rejection(404, `Not Found: ${pathname} is not an MCP endpoint; expected ${config.endpoint}`);
  }
  const allow =
    target === 'sse'
      ? ['GET']
      : target === 'messages'
        ? ['POST']
        : config.stateless
          ? ['POST']
          : ['GET', 'POST', 'DELETE'];
  if (config.cors && request.method === 'OPTIONS') return preflight(request, allow);
  if (!allow.includes(request.method)) return methodNotAllowed(request.method, allow);

  const auth = config.authenticate ? await config.authenticate(request) : undefined;
  if (auth instanceof Response) return auth;
  await context.registry.sweep();

  if (target === 'sse') return handleLegacyGet(context, request, auth, pathname);
  if (target === 'messages') return handleLegacyPost(context, request, auth);
  if (request.method === 'POST') return handlePost(context, request, auth);
  const decision = decideVersion(request, [], config.protocolVersions, config.statelessProtocolVersions);
  if (decision.era === 'unsupported')
    return unsupportedVersion(decision.requested, context.supportedVersions);
  // 2026-07-28 has no standalone stream and no sessions to delete.
  if (decision.era === 'stateless') return methodNotAllowed(request.method, ['POST']);
  const session = await sessionFor(context, request, auth);
  if (session instanceof Response) return session;
  if (request.method === 'DELETE') {
    await session.close();
    return new Response(null, { status: 200 });
  }
  return handleGet(request, session);
}

async function handlePost(
  context: HandlerContext,
  request: Request,
  auth: AuthInfo | undefined,
): Promise<Response> {
  const { config } = context;
  const refused = requirePostAccept(request) ?? requireJsonContentType(request);
  if (refused) return refused;
  const parsed = await readAndParse(request, config);
  if (parsed instanceof Response) return parsed;
  const decision = decideVersion(
    request,
    parsed.messages,
    config.protocolVersions,
    config.statelessProtocolVersions,
  );
  if (decision.era === 'unsupported') {
    return unsupportedVersion(decision.requested, context.supportedVersions, requestIdOf(parsed.messages));
  }
  if (decision.era === 'stateless') {
    return postStatelessEra(context, request, parsed, auth, decision.version);
  }
  if (config.stateless) return postStateless(context, request, parsed, auth, decision.version);
  if (parsed.messages.some((m) => 'method' in m && m.method === 'initialize')) {
    return openStreamableSession(context, request, parsed, auth, decision.version);
  }
  const session = await sessionFor(context, request, auth);
  if (session instanceof Response) return session;
  return postToSession(request, parsed, auth, decision.version, session);
}

async function handleGet(request: Request, session: StreamableSessionTransport): Promise<Response> {
  const refused = requireSseAccept(request);
  if (refused) return refused;
  const headers = { [HttpHeader.SessionId]: session.record.id };
  const lastEventId = request.headers.get(HttpHeader.LastEventId);
  if (lastEventId) return session.resume(request, lastEventId, headers);
  return session.openStandalone(request, headers);
}

/** The Streamable HTTP session a request names: 400 without an id, 404 if unknown, 403 if another principal's. */
export async function sessionFor(
  context: HandlerContext,
  request: Request,
  auth: AuthInfo | undefined,
): Promise<StreamableSessionTransport | Response> {
  const id = request.headers.get(HttpHeader.SessionId);
  if (!id) {
    return rejection(
      400,
      'Bad Request: Mcp-Session-Id header is required for every request after initialize',
    );
  }
  const session = await context.registry.use(id);
  if (!(session instanceof StreamableSessionTransport)) {
    return rejection(
      404,
      'Not Found: session not found (it expired or was ended); send a new initialize without Mcp-Session-Id',
    );
  }
  return principalProblem(session.record, auth) ?? session;
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
