// Every export of this file is public API of @mcpkit/client.

// The client.
export { McpClient } from './client.js';
export type {
  CallToolOptions,
  ListChangedOptions,
  LogMessageHandler,
  McpClientOptions,
  RequestOptions,
} from './client-options.js';
export { applyElicitationDefaults, validateElicitationContent } from './elicitation.js';

// Errors: local failures with stable string codes, and helpers to classify server errors.
export {
  isResourceNotFound,
  isUrlElicitationRequired,
  McpClientError,
  McpClientErrorCode,
} from './errors.js';
export type { ListChangedHandler, ListKind } from './list-changed.js';
export type { NegotiatedSession } from './negotiation.js';
// Answering the server's questions: sampling, elicitation, roots.
export type {
  ElicitationHandler,
  ElicitationHandlerOptions,
  ElicitationMode,
  RootsHandler,
  SamplingHandler,
  ServerRequestContext,
} from './server-requests.js';
// Resource subscriptions and list-change notifications.
export type { ResourceSubscription, ResourceUpdatedCallback } from './subscriptions.js';
