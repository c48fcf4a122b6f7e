// Every export of this file is public API of @mcpkit/transport-http-client.

// Authorization hook (an OAuth client implements it structurally).
export type { HttpAnswerHead, HttpAuthProvider } from './auth.js';
export type { HttpTransportErrorCode, HttpTransportErrorDetails } from './errors.js';
// Errors.
export { findHttpTransportError, HttpTransportError } from './errors.js';
export type { FallbackHttpClientTransportOptions, HttpTransportMode } from './fallback.js';
// Streamable HTTP with automatic fallback to the legacy transport for older servers.
export { FallbackHttpClientTransport } from './fallback.js';
export type { FetchInit, FetchLike, FetchMiddleware, FetchResponse } from './fetch.js';
// Fetch plumbing: any fetch-compatible function, wrapped in middleware layers.
export { applyMiddleware } from './fetch.js';
export type { HeadersSource } from './http-helpers.js';
export type { ReconnectionOptions } from './reconnect.js';
// Reconnection of broken SSE streams (SEP-1699).
export { DEFAULT_RECONNECTION } from './reconnect.js';
export type { SseClientTransportOptions } from './sse-legacy.js';
// Legacy HTTP+SSE client transport (revision 2024-11-05).
export { SseClientTransport } from './sse-legacy.js';
export type { SseEvent, SseParserCallbacks } from './sse-parser.js';
// Server-Sent Events parsing.
export { SseParser } from './sse-parser.js';
// Streamable HTTP client transport (revisions 2025-03-26 to 2025-11-25).
export { StreamableHttpClientTransport } from './streamable-http.js';
export type {
  HttpClientCommonOptions,
  HttpSendOptions,
  MessageHeaders,
  StreamableHttpClientTransportOptions,
} from './streamable-http-options.js';
