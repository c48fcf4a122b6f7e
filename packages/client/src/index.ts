// Every export of this file is public API of @mcpkit/client. Grouped by feature; the groups follow
// the module order the formatter keeps.

// The client and its options.
export { McpClient } from './client.js';
export type {
  CallToolOptions,
  ListChangedOptions,
  LogMessageHandler,
  McpClientOptions,
  RequestOptions,
} from './client-options.js';
// Form-mode elicitation helpers (SEP-1034 defaults, validation against the requested schema).
export { applyElicitationDefaults, validateElicitationContent } from './elicitation.js';
// Errors: local failures with stable string codes, and helpers to classify server errors.
export {
  isResourceNotFound,
  isUrlElicitationRequired,
  McpClientError,
  McpClientErrorCode,
} from './errors.js';
// What negotiation established.
export type { NegotiatedSession } from './handshake.js';
// List-change notifications.
export type { ListChangedHandler, ListKind } from './list-changed.js';
// Warnings about tolerated problems.
export type { ClientLogger } from './logger.js';
// Middleware around every outgoing request, and session open/close events.
export type {
  ClientMiddleware,
  ClientMiddlewareContext,
  ClientMiddlewareOptions,
} from './middleware.js';
export type { NegotiationCache } from './negotiation-cache.js';
export { MemoryNegotiationCache } from './negotiation-cache.js';
// Answering the server's questions: sampling, elicitation, roots.
export type {
  ElicitationHandler,
  ElicitationHandlerOptions,
  ElicitationMode,
  RootsHandler,
  SamplingHandler,
  ServerRequestContext,
} from './server-requests.js';
export type { ClientSessionEvent, ClientSessionListener } from './session-events.js';
// Resource subscriptions.
export type { ResourceSubscription, ResourceUpdatedCallback } from './subscriptions.js';
// Tasks (2025-11-25, experimental): handles of tool calls run as tasks, status notifications.
export type { TaskResultOptions } from './task-handle.js';
export { ToolTask } from './task-handle.js';
export type { TaskStatusHandler } from './task-status.js';
export type { ToolTaskSupport } from './tool-catalog.js';
