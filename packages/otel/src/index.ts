// Every export of this file is public API of @mcpkit/otel.

export { CLIENT_MIDDLEWARE_NAME, instrumentClient } from './client.js';
export type { InstrumentClientOptions, InstrumentServerOptions, McpTelemetryOptions } from './options.js';
// Trace context in `params._meta`, for code that sends or receives MCP messages by other means.
export type { McpPropagator } from './propagation.js';
export { extractTraceContextFromMeta, injectTraceContextIntoMeta } from './propagation.js';
export { INSTRUMENTATION_NAME } from './scope.js';
// The convention names used (the values of @opentelemetry/semantic-conventions' constants).
export * from './semconv.js';
// Instrumenting a server and a client.
export { instrumentServer, SERVER_MIDDLEWARE_NAME } from './server.js';
// The shapes of server and client the instrumentation attaches to (McpServer and McpClient fit them).
export type {
  ClientCallContext,
  ClientSessionEventLike,
  HeaderLookup,
  InstrumentableClient,
  InstrumentableServer,
  JsonObjectLike,
  ObservingClientMiddleware,
  ObservingServerMiddleware,
  ObservingServerNotificationMiddleware,
  OutcomeLike,
  ServerCallContext,
  ServerNotificationContextLike,
  ServerSessionEventLike,
} from './types.js';
