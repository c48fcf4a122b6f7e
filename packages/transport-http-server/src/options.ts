import type { AuthInfo, RequestAnswerer, Transport } from '@mcpkit/jsonrpc';
import { DEFAULT_MAX_BATCH_SIZE, DEFAULT_MAX_DEPTH } from '@mcpkit/jsonrpc';
import {
  type JSONRPCRequest,
  STATEFUL_PROTOCOL_VERSIONS,
  STATELESS_PROTOCOL_VERSIONS,
} from '@mcpkit/protocol';
import type { ChangeSource } from './broadcast-changes.js';
import type { HttpReply, HttpRequestHead } from './exchange.js';
import type { HealthOptions } from './health.js';
import { generateSessionId, generateStreamId, isVisibleAscii } from './ids.js';
import type { HandlerObserver } from './observe.js';
import type { ResponseMode } from './outbound-stream.js';
import type { RateLimitOptions } from './rate-limit.js';
import type { HostValidationOptions } from './security.js';
import { DEFAULT_MAX_SSE_BUFFER_BYTES } from './sse.js';
import { DEFAULT_MAX_SSE_BUFFER_TOTAL_BYTES } from './sse-budget.js';
import { InMemoryEventStore } from './stores/memory-event-store.js';
import { InMemoryMessageBus } from './stores/memory-message-bus.js';
import { InMemorySessionStore } from './stores/memory-session-store.js';
import type { Awaitable, EventStore, MessageBus, SessionStore } from './stores/types.js';

/** What the handler tells `authenticate`. */
export interface AuthenticateContext {
  /** True when an `admit` hook runs for the requests this handler lets in after `authenticate`. */
  readonly admits: boolean;
}

/** What the handler tells `onSession` about a new transport. */
export interface SessionInfo {
  /** Undefined in stateless mode. */
  sessionId: string | undefined;
  /**
   * `streamable` (a 2025 session), `stateless` (one POST in stateless mode), `legacy-sse` (2024-11-05
   * HTTP+SSE), or `request` (one 2026-07-28 request: the transport carries that request and its answer).
   */
  kind: 'streamable' | 'stateless' | 'legacy-sse' | 'request';
  authInfo: AuthInfo | undefined;
  /** The head of the HTTP request that created the transport (method, URL, headers). */
  request: HttpRequestHead;
  /** The version the request declared (header, or the initialize params); undefined if none. */
  protocolVersion: string | undefined;
}

/**
 * What the server adapter knows about the connection a request came on, passed as the handler's
 * second argument: the Node adapter fills it from the socket; on other runtimes pass it yourself,
 * e.g. `(request, info) => handler(request, { remoteAddress: info.remoteAddr.hostname })` on Deno.
 */
export interface ConnectionInfo {
  /** The peer's IP address. */
  remoteAddress?: string | undefined;
}

/**
 * Default `maxSessionsPerAddress`: room for a busy office behind one NAT, while one address holds
 * at most 1/39 of the default `maxSessions`.
 */
export const DEFAULT_MAX_SESSIONS_PER_ADDRESS = 256;

/** Default `evictIdleSessionsAfterMs`: a session unused for a minute may make room at a cap. */
export const DEFAULT_EVICT_IDLE_SESSIONS_AFTER_MS = 60_000;

/** Default `instanceTtlMs`: a process silent this long is taken for dead by the others. */
export const DEFAULT_INSTANCE_TTL_MS = 6000;

/** What the `server` option takes: an `McpServer` of `@mcpkit/server` is one. */
export interface ServedServer extends RequestAnswerer {
  /** Serves a session (or any transport the handler made) until it closes. */
  connect(transport: Transport): unknown;
}

export interface StreamableHttpHandlerOptions extends HostValidationOptions {
  /**
   * The MCP server (an `McpServer`). Sessions are wired with `server.connect(transport)` unless
   * `onSession` is given, and a stateless POST carrying one request (in `stateless` mode, and every
   * 2026-07-28 request but `subscriptions/listen`) is answered by `server.answer` directly: no
   * transport, session or peer is made for it. Give `server`, `onSession`, or both.
   */
  server?: ServedServer;
  /**
   * Called once per new transport: on each `initialize` (stateful), for each POST (stateless), or for each
   * legacy GET /sse. Wire the transport here, e.g. `(transport) => server.connect(transport)`; a returned
   * promise is awaited before the first message is delivered, and its value is ignored. Defaults to
   * `server.connect` when `server` is given.
   */
  onSession?: (transport: Transport, info: SessionInfo) => unknown;
  /**
   * Called for each 2026-07-28 request with its own transport (`info.kind` is `request`), which
   * closes once the response is sent. Defaults to `onSession`; set it to wire those requests
   * differently, e.g. to a server that keeps no per-connection state. With `server` given, only
   * `subscriptions/listen` and notifications come here: other requests are answered by `server.answer`.
   */
  onRequest?: (transport: Transport, info: SessionInfo) => unknown;
  /**
   * Stateless revisions served per request (default `['2026-07-28']`); `[]` refuses them with
   * 400/-32022, as a server of the 2025 revisions only.
   */
  statelessProtocolVersions?: readonly string[];
  /**
   * Answer CORS preflights and add CORS headers for browser clients (default false). Only origins that
   * pass the Origin check (local ones and `allowedOrigins`) ever get this far.
   */
  cors?: boolean;
  /** Path of the Streamable HTTP endpoint (default `/mcp`); also matches as a suffix, for mounted routers. */
  endpoint?: string;
  /** Paths of the legacy 2024-11-05 HTTP+SSE transport, or false to turn it off. Default `/sse` and `/messages`. */
  legacySse?: false | { ssePath?: string; messagesPath?: string };
  /** Serve each POST on its own short-lived transport, without sessions (default false). */
  stateless?: boolean;
  /**
   * How requests are answered: `json` (one JSON body), `sse` (always a stream), or `auto` (default): JSON
   * unless the server sends notifications or requests before the response.
   */
  responseMode?: ResponseMode;
  /** Largest accepted body (default 4 MiB); larger bodies get 413. */
  maxBodyBytes?: number;
  /** Deepest JSON nesting accepted in a body (default 64); deeper bodies get 400 with -32600. */
  maxDepth?: number;
  /**
   * Most messages in one JSON-RPC batch (2025-03-26 only; default 1 000, `DEFAULT_MAX_BATCH_SIZE`).
   * A longer batch gets 400 with one -32600 naming its size and the limit, before any of it runs.
   */
  maxBatchSize?: number;
  /** A session unused for this long is closed (default 30 minutes). */
  sessionIdleTimeoutMs?: number;
  /**
   * Most sessions held at once (default 10 000), counting initializes not yet answered. At the cap
   * an idle session makes room (see `evictIdleSessionsAfterMs`); when none can, more get 503 with a
   * `Retry-After` saying when a slot is due to free (none when every slot is busy).
   */
  maxSessions?: number;
  /**
   * A session exists only once its initialize was answered with a result. One whose client sends
   * nothing more (normally `notifications/initialized` follows at once) is closed after this long
   * (default 30 s), as is an initialize the server has not answered by then.
   */
  handshakeTimeoutMs?: number;
  /**
   * When `maxSessions`, `maxSessionsPerPrincipal` or `maxSessionsPerAddress` is reached, the least
   * recently used session under that cap that has been idle this long (default 60 s) and has no
   * open stream and no request in flight is closed to make room for the new one; its next request
   * gets 404, on which clients start a new session. `Infinity` never evicts: new sessions are then
   * refused until one expires (`sessionIdleTimeoutMs`) or is ended.
   */
  evictIdleSessionsAfterMs?: number;
  /**
   * Most sessions one authenticated principal may hold (default unlimited): one user
   * (`authInfo.subject`) of an OAuth client when the token names one, else the client
   * (`authInfo.clientId`). More get 429 naming this limit.
   */
  maxSessionsPerPrincipal?: number;
  /**
   * Most sessions one client address may hold (default 256, `DEFAULT_MAX_SESSIONS_PER_ADDRESS`;
   * the address comes from `clientAddress`), so one address cannot take every slot; more get 429
   * naming this limit. An IPv6 address counts as its /64 (one subscriber holds a whole /64), an
   * IPv4-mapped one (`::ffff:192.0.2.1`) as the IPv4 address. Users behind one NAT share an address, and behind a reverse proxy every
   * client has the proxy's address unless `clientAddress` reads the one the proxy reports: raise
   * it for them (`Infinity` turns it off).
   */
  maxSessionsPerAddress?: number;
  /**
   * The client address a request counts against for `maxSessionsPerAddress` (and `rateLimit`).
   * Default: the connection's `remoteAddress` (the handler's second argument; the Node adapter
   * fills it). Behind a reverse proxy, return the address the proxy reports (e.g. the last entry
   * of `X-Forwarded-For`, which your proxy appends; never trust one a client could send straight
   * to the server); undefined exempts the request from the cap.
   */
  clientAddress?: (request: HttpRequestHead, connection: ConnectionInfo | undefined) => string | undefined;
  /** The SSE `retry` value sent in priming events and before a server-side disconnect (default 1000 ms). */
  retryMs?: number;
  /**
   * Most bytes of SSE events held for one client that stopped reading (default 4 MiB). Past it the
   * connection is cut and `onerror` is told; the events stay in the event store, so the client can
   * resume with Last-Event-ID. Memory per slow client stays bounded either way.
   */
  maxSseBufferBytes?: number;
  /**
   * Most bytes of SSE events held for slow readers across all connections of this handler
   * (default 64 MiB). Past it the connections holding the most are cut first, each told to
   * `onerror`; readers that keep up are never cut. With `maxSseBufferBytes` this bounds memory
   * however many clients stop reading.
   */
  maxSseBufferTotalBytes?: number;
  /** Interval of SSE keep-alive comments on open streams, so proxies do not cut them (default 15 s; 0 = off). */
  sseKeepAliveMs?: number;
  /** How long `close()` waits for in-flight requests by default (default 10 s). */
  closeTimeoutMs?: number;
  /** Versions accepted in MCP-Protocol-Version (default: every stateful revision). */
  protocolVersions?: readonly string[];
  /**
   * Event history for SSE resumption (default an `InMemoryEventStore` with its default bounds, which
   * reports history dropped for its total bound to `onerror`); false disables resumption.
   */
  eventStore?: EventStore | false;
  sessionStore?: SessionStore;
  messageBus?: MessageBus;
  /**
   * Runs on every request to an MCP path, with the request's head (no body). Returns who made it,
   * undefined for anonymous, or an early reply (e.g. 401 with `WWW-Authenticate`) sent as is: an
   * `HttpReply`, or a Web `Response` (its body is read as text; on Node prefer `HttpReply`).
   * `context.admits` says whether `admit` runs for the requests it accepts.
   */
  authenticate?: (
    request: HttpRequestHead,
    context: AuthenticateContext,
  ) => Awaitable<AuthInfo | HttpReply | Response | undefined>;
  /**
   * Runs for each request `authenticate` accepted, once `rateLimit` admitted it, before it is
   * routed: return a reply to refuse it. What a check uses up goes here, so refused requests do
   * not spend it (`@mcpkit/auth-server` records the request's DPoP proof as used).
   */
  admit?: (authInfo: AuthInfo, request: HttpRequestHead) => Awaitable<HttpReply | undefined>;
  /**
   * Runs for every JSON-RPC request and notification of a POST body, after `authenticate` and
   * parsing, before any of them reaches a session: return a reply to refuse the whole body (e.g.
   * 403 `insufficient_scope` for a tool that needs more scope; `@mcpkit/auth-server`'s
   * `checkScopes`), or undefined to let the message through.
   */
  authorizeCall?: (authInfo: AuthInfo | undefined, method: string, params: unknown) => HttpReply | undefined;
  /**
   * Names this handler among the processes sharing `sessionStore` and `messageBus` (default: 48
   * random bits in hex; visible ASCII without `:`). Server-to-client request ids sent to clients
   * carry it, so an answer POSTed to another process is forwarded here. Used only when a
   * `sessionStore` or `messageBus` is given.
   */
  instanceId?: string;
  /**
   * Several processes sharing `messageBus`: the server whose list changes and resource updates
   * reach every process (e.g. the `McpServer` of `onSession`). A change raised in one process is
   * published once on the bus; each process delivers it to the streams it holds: 2026-07-28
   * subscriptions/listen streams, and 2025 sessions whose GET stream is here (the session's
   * subscriptions decide, brought up to date when another process changed them). Without it, a
   * change reaches only the sessions with a copy in the process that raised it.
   */
  broadcastChanges?: ChangeSource;
  /**
   * Shared stores: how long this instance counts as alive after each heartbeat it writes to the
   * event store (`markAlive`, every third of it, on an unref'd timer; default 6 s). A resumed stream
   * whose holder has not been alive for this long is taken over (see `canRerun`).
   */
  instanceTtlMs?: number;
  /**
   * Whether a request may run again on this process when the process running it died mid-call
   * (kill -9) and its client resumed the stream here (default: never). Safe for requests that do the
   * same thing twice, e.g. tools annotated `idempotentHint: true`; with an `McpServer`:
   * `(request) => request.method === 'tools/call' && (server.tools.get(String(request.params?.name))?.definition.annotations as { idempotentHint?: boolean } | undefined)?.idempotentHint === true`
   * (`definition` is the tool's wire JSON, hence the cast).
   * Refused, the request gets a JSON-RPC error on the stream naming the stopped instance.
   */
  canRerun?: (request: JSONRPCRequest) => Awaitable<boolean>;
  /**
   * A health endpoint for load balancers and orchestrators (default off: a new route on every
   * server could shadow one the application already serves, so it is opt-in). `true` answers at
   * `/healthz`, `{ path }` elsewhere (matched like `endpoint`, also as a suffix). `GET`/`HEAD` get
   * `200 {"status":"ready"}`, or `503 {"status":"draining"}` with `Retry-After` once `close()`
   * started or `setReady(false)` was called; other methods get 405. It never runs `authenticate`,
   * the Host/Origin check or CORS and never touches sessions: probes carry no credentials, often
   * send the instance's IP as Host, and the answer tells nothing about anyone.
   */
  health?: HealthOptions;
  /**
   * Rate limiting (default off): a token bucket of `burst` requests refilled at `requestsPerSecond`,
   * per principal (`authInfo.clientId` and `subject`) or, unauthenticated, per `clientAddress`
   * (a request with neither is not limited). Every GET/POST to an MCP path counts, after
   * `authenticate` (not the health endpoint nor CORS preflights); DELETE counts when it has no
   * principal (an authenticated one may end its own session when out of tokens). Requests that
   * `authenticate` refuses count against their address, and an address they emptied is refused
   * before `authenticate` runs (a token check may cost a call to the authorization server); behind
   * a proxy set `clientAddress`, or one client's failures refuse everyone. Past it: 429 with `Retry-After`,
   * `RateLimit-Limit`/`-Remaining`/`-Reset` and a JSON-RPC error naming the limit; admitted
   * requests carry the `RateLimit-*` headers too. `store` shares buckets between processes
   * (default in memory, at most 10 000 buckets); a failing store lets requests through and tells `onerror`.
   */
  rateLimit?: RateLimitOptions;
  /**
   * Metrics and tracing hooks (default none, and then nothing is measured): `onResponse` for every
   * HTTP request (method, path, status, duration), `onCall` for every JSON-RPC request answered
   * (method, duration, error). Gauges are read from the handler: `sessionCount`, `sseBufferedBytes`.
   */
  observe?: HandlerObserver;
  /** Session id factory (default: 160 random bits in hex). Ids must be visible ASCII. */
  generateSessionId?: () => string;
  /** Problems that have no HTTP request to answer: failed writes, store errors, user callbacks. */
  onerror?: (error: Error) => void;
  /** Clock, for tests. */
  now?: () => number;
}

export type ResolvedOptions = Required<
  Omit<
    StreamableHttpHandlerOptions,
    | 'legacySse'
    | 'eventStore'
    | 'authenticate'
    | 'admit'
    | 'authorizeCall'
    | 'onerror'
    | 'onRequest'
    | 'clientAddress'
    | 'broadcastChanges'
    | 'canRerun'
    | 'health'
    | 'rateLimit'
    | 'observe'
    | 'server'
    | 'onSession'
  >
> & {
  /** `server`, when given: stateless POSTs of one request are answered by it directly. */
  server: ServedServer | undefined;
  onSession: (transport: Transport, info: SessionInfo) => unknown;
  health: HealthOptions | undefined;
  rateLimit: RateLimitOptions | undefined;
  observe: HandlerObserver | undefined;
  broadcastChanges: ChangeSource | undefined;
  canRerun: StreamableHttpHandlerOptions['canRerun'];
  clientAddress: NonNullable<StreamableHttpHandlerOptions['clientAddress']>;
  onRequest: StreamableHttpHandlerOptions['onRequest'];
  legacySse: false | { ssePath: string; messagesPath: string };
  eventStore: EventStore | undefined;
  authenticate: StreamableHttpHandlerOptions['authenticate'];
  admit: StreamableHttpHandlerOptions['admit'];
  authorizeCall: StreamableHttpHandlerOptions['authorizeCall'];
  onerror: (error: Error) => void;
  /** A sessionStore or messageBus was given: other processes may serve the same sessions. */
  shared: boolean;
};

export function resolveOptions(options: StreamableHttpHandlerOptions): ResolvedOptions {
  const given = options.instanceId;
  if (given !== undefined && (!isVisibleAscii(given) || given.includes(':') || given === '')) {
    throw new TypeError(
      `instanceId ${JSON.stringify(given)} is not usable: expected visible ASCII without ':' (it prefixes request ids as <instanceId>:<id>)`,
    );
  }
  const server = options.server;
  const onSession = options.onSession ?? (server && ((transport: Transport) => server.connect(transport)));
  if (onSession === undefined) {
    throw new TypeError(
      'createStreamableHttpHandler needs `server` (an McpServer) or `onSession` (a function wiring each transport, e.g. (transport) => server.connect(transport)); got neither',
    );
  }
  const legacy = options.legacySse;
  const onerror = options.onerror ?? (() => undefined);
  // Drawn on first use, not here: Workers refuse random values while a module is evaluated, and
  // a handler made at module scope must start there.
  let drawn: string | undefined;
  return {
    ...options,
    endpoint: options.endpoint ?? '/mcp',
    legacySse:
      legacy === false
        ? false
        : { ssePath: legacy?.ssePath ?? '/sse', messagesPath: legacy?.messagesPath ?? '/messages' },
    stateless: options.stateless ?? false,
    cors: options.cors ?? false,
    responseMode: options.responseMode ?? 'auto',
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? 30 * 60_000,
    maxSessions: options.maxSessions ?? 10_000,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 30_000,
    evictIdleSessionsAfterMs: options.evictIdleSessionsAfterMs ?? DEFAULT_EVICT_IDLE_SESSIONS_AFTER_MS,
    maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? Number.POSITIVE_INFINITY,
    maxSessionsPerAddress: options.maxSessionsPerAddress ?? DEFAULT_MAX_SESSIONS_PER_ADDRESS,
    clientAddress: options.clientAddress ?? ((_request, connection) => connection?.remoteAddress),
    retryMs: options.retryMs ?? 1000,
    closeTimeoutMs: options.closeTimeoutMs ?? 10_000,
    sseKeepAliveMs: options.sseKeepAliveMs ?? 15_000,
    maxSseBufferBytes: options.maxSseBufferBytes ?? DEFAULT_MAX_SSE_BUFFER_BYTES,
    maxSseBufferTotalBytes: options.maxSseBufferTotalBytes ?? DEFAULT_MAX_SSE_BUFFER_TOTAL_BYTES,
    protocolVersions: options.protocolVersions ?? STATEFUL_PROTOCOL_VERSIONS,
    statelessProtocolVersions: options.statelessProtocolVersions ?? STATELESS_PROTOCOL_VERSIONS,
    server,
    onSession,
    onRequest: options.onRequest,
    broadcastChanges: options.broadcastChanges,
    authenticate: options.authenticate,
    admit: options.admit,
    authorizeCall: options.authorizeCall,
    eventStore:
      options.eventStore === false ? undefined : (options.eventStore ?? new InMemoryEventStore({ onerror })),
    sessionStore: options.sessionStore ?? new InMemorySessionStore(),
    messageBus: options.messageBus ?? new InMemoryMessageBus(),
    generateSessionId: options.generateSessionId ?? generateSessionId,
    get instanceId() {
      drawn ??= given ?? generateStreamId();
      return drawn;
    },
    instanceTtlMs: options.instanceTtlMs ?? DEFAULT_INSTANCE_TTL_MS,
    canRerun: options.canRerun,
    health: options.health,
    rateLimit: options.rateLimit,
    observe: options.observe,
    shared: options.sessionStore !== undefined || options.messageBus !== undefined,
    dnsRebindingProtection: options.dnsRebindingProtection ?? true,
    allowedHosts: options.allowedHosts ?? [],
    allowedOrigins: options.allowedOrigins ?? [],
    onerror,
    now: options.now ?? Date.now,
  };
}
