// Every export of this file is public API of @mcpkit/server.
// biome-ignore-all assist/source/organizeImports: exports are grouped by feature, not sorted by path

// The server: a registry built once and shared by every connection.
export type { McpServerOptions, RequestEvent, SessionEvent, SessionListener } from './server.js';
export { McpServer } from './server.js';
export type { CapabilityOptions } from './core/capabilities.js';
export type { CacheHints, ErrorInfo, ServerEvent } from './core/core.js';

// Middleware: one chain around every request (`server.use`).
export type {
  ServerMiddleware,
  ServerMiddlewareContext,
  ServerMiddlewareOptions,
} from './core/middleware.js';
export type {
  ServerNotificationContext,
  ServerNotificationMiddleware,
} from './session/notification-chain.js';

// Stateful sessions (revisions up to 2025-11-25): one per connection, created by `server.connect`.
export type { ConnectOptions } from './session/session.js';
export type { NegotiatedSession } from './session/sessionless.js';
export { ServerSession } from './session/session.js';

// The I/O-free core, `server.handle(request, ctx)`, and the 2026-07-28 (stateless) helpers.
export type { CoreRequest, HandleOutcome } from './core/dispatch.js';
export type { InputRequest, InputRequestOptions } from './core/input-request.js';
export type { RequestContext, SessionControls } from './core/request-context.js';
export { InputRequiredSignal } from './core/request-context.js';
export type { RequestStateBinding, RequestStateSealer } from './core/request-state-sealer.js';
export type { StatelessContextInit } from './core/stateless.js';
export type {
  TaskChannel,
  TaskOptions,
  TaskOutcome,
  TaskRunner,
  TaskStatus,
  TaskStore,
  TaskStoreFactory,
  TaskWork,
} from './core/tasks.js';
export type {
  ExtensionToolCall,
  TaskOwner,
  TaskSupport,
  TasksExtension,
  TasksExtensionOptions,
  TasksExtensionStore,
} from './core/task-extension.js';
export { createStatelessContext, outcomeToResponse, outcomeToResult } from './core/stateless.js';

// What handlers receive.
export type {
  ClientView,
  CreateContext,
  ElicitFormResult,
  ElicitSchemaInput,
  HandlerContext,
  InferElicit,
  RequestLogger,
  UrlElicitOptions,
} from './core/handler-context.js';

// Tools.
export type { RegisteredTool } from './registration.js';
export type { ToolArgs, ToolConfig, ToolHandler, ToolReturn, ToolUpdate } from './registry/tools.js';

// Resources and resource templates (RFC 6570, linear-time matching).
export type { RegisteredResource, RegisteredResourceTemplate } from './registration.js';
export type {
  Completer,
  ListedResource,
  ResourceConfig,
  ResourceContentsInput,
  ResourceMetadata,
  ResourceReadHandler,
  ResourceReadReturn,
  ResourceTemplateConfig,
  ResourceTemplateUpdate,
  ResourceUpdate,
  TemplateReadHandler,
} from './registry/resources.js';
export type { UriTemplateLimits, UriVariables } from './uri-template/matcher.js';
export { DEFAULT_URI_TEMPLATE_LIMITS } from './uri-template/matcher.js';
export { UriTemplateError } from './uri-template/parse.js';

// Prompts.
export type { RegisteredPrompt } from './registration.js';
export type {
  PromptArgs,
  PromptArgsInput,
  PromptConfig,
  PromptHandler,
  PromptReturn,
  PromptUpdate,
} from './registry/prompts.js';

// Per-caller visibility of tools, resources, templates and prompts.
export type { CallerContext, VisibilityPredicate } from './registry/visibility.js';
export { visibleWithScopes } from './registry/visibility.js';

// Custom methods and the handles every registration returns.
export type { CustomMethodHandler, RegisteredMethod } from './registration.js';
export type { RegisteredHandle } from './registry/registry.js';

// Schemas accepted by tools, prompts, elicitation and custom methods: zod, a zod shape, any
// Standard Schema with a Standard JSON Schema conversion (valibot, arktype), or JSON Schema.
export type { InferSchema, JsonSchemaObject, SchemaInput, ZodRawShape } from './schema/compile-schema.js';
export type {
  InferStandardOutput,
  StandardIssue,
  StandardJsonSchemaConverter,
  StandardJsonSchemaOptions,
  StandardPathSegment,
  StandardResult,
  StandardSchemaProps,
  StandardSchemaV1,
  StandardSchemaWithJson,
} from './schema/standard-schema.js';
export { withJsonSchema } from './schema/standard-schema.js';

// Errors and results to return from handlers.
export type { UrlElicitation } from './core/errors.js';
export { MissingClientCapabilityError, resourceNotFound, urlElicitationRequired } from './core/errors.js';
export { toolErrorResult } from './core/tool-results.js';

// Which revision added what (the server drops what a client's revision lacks).
export type { Feature } from './core/revisions.js';
export { FEATURE_SINCE, supports } from './core/revisions.js';
