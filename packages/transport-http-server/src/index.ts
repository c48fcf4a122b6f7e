// Every export of this file is public API of @mcpkit/transport-http-server. The Node adapter is
// `@mcpkit/transport-http-server/node`; this entry imports no node: module.

// What `broadcastChanges` takes: a server raising changes (McpServer has this shape).
export type { ChangeEvent, ChangeSession, ChangeSource } from './broadcast-changes.js';
// What `authenticate`, `clientAddress` and `onSession` see of a request, and an early reply.
export type { HttpReply, HttpRequestHead } from './exchange.js';
// The handler: 2026-07-28 per request, Streamable HTTP (2025-03-26 .. 2025-11-25), stateless mode,
// legacy HTTP+SSE (2024-11-05).
export { createStreamableHttpHandler, type StreamableHttpHandler } from './handler.js';
// The `health` option.
export { DEFAULT_HEALTH_PATH, type HealthOptions } from './health.js';
// The transports handed to `onSession`.
export { LegacySseTransport } from './legacy-sse.js';
// The `observe` option: metrics and tracing hooks.
export type { CallObservation, HandlerObserver, ResponseObservation } from './observe.js';
export {
  type AuthenticateContext,
  type ConnectionInfo,
  DEFAULT_EVICT_IDLE_SESSIONS_AFTER_MS,
  DEFAULT_MAX_SESSIONS_PER_ADDRESS,
  type SessionInfo,
  type StreamableHttpHandlerOptions,
} from './options.js';
export type { ResponseMode } from './outbound-stream.js';
// The `rateLimit` option and its store interface.
export {
  DEFAULT_MAX_RATE_LIMIT_BUCKETS,
  InMemoryRateLimitStore,
  type RateLimitDecision,
  type RateLimitOptions,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit.js';
export type { HostValidationOptions } from './security.js';
export { type HttpMessageExtra, StreamableSessionTransport } from './session-transport.js';
// Building blocks for custom routes.
export { formatSseEvent, type SseEvent } from './sse.js';
// The transport of one 2026-07-28 request (handed to `onRequest`, default `onSession`).
export { RequestTransport } from './stateless-era/request-transport.js';
// How a store says its backend is unreachable (the handler answers 503 + Retry-After).
export { isStoreUnavailable, type StoreUnavailable } from './store-unavailable.js';
// State behind small interfaces, with in-memory defaults.
export { InMemoryEventStore, type InMemoryEventStoreOptions } from './stores/memory-event-store.js';
export { InMemoryMessageBus } from './stores/memory-message-bus.js';
export { InMemorySessionStore } from './stores/memory-session-store.js';
export type {
  Awaitable,
  EventStore,
  MessageBus,
  OutboundEnvelope,
  Replay,
  SessionRecord,
  SessionStateEntry,
  SessionStore,
  StoredEvent,
  StreamOrigin,
} from './stores/types.js';
