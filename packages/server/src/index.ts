// Every export of this file is public API of @mcpkit/server.

export type { CapabilityOptions } from './core/capabilities.js';
export type { ErrorInfo } from './core/core.js';
// The I/O-free core: `server.handle(request, ctx)` for stateless adapters (2026-07-28).
export type { CoreRequest, HandleOutcome } from './core/dispatch.js';
// Errors the server raises; throw them from handlers to choose the response.
export type { UrlElicitation } from './core/errors.js';
export { MissingClientCapabilityError, resourceNotFound, urlElicitationRequired } from './core/errors.js';
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
export type {
  InputRequest,
  InputRequestOptions,
  RequestContext,
  SessionControls,
} from './core/request-context.js';
export { InputRequiredSignal } from './core/request-context.js';
// Which revision added what (the server drops what a client's revision lacks).
export type { Feature } from './core/revisions.js';
export { FEATURE_SINCE, supports } from './core/revisions.js';
export { toolErrorResult } from './core/tool-results.js';
// Tools.
// Resources and resource templates.
// Prompts.
// Custom methods and registration handles.
export type {
  CustomMethodHandler,
  RegisteredMethod,
  RegisteredPrompt,
  RegisteredResource,
  RegisteredResourceTemplate,
  RegisteredTool,
} from './registration.js';
export type {
  PromptArgs,
  PromptArgsInput,
  PromptConfig,
  PromptHandler,
  PromptReturn,
  PromptUpdate,
} from './registry/prompts.js';
export type { RegisteredHandle } from './registry/registry.js';
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
export type { ToolArgs, ToolConfig, ToolHandler, ToolReturn, ToolUpdate } from './registry/tools.js';
// Schemas accepted by tools and custom methods.
export type { InferSchema, JsonSchemaObject, SchemaInput, ZodRawShape } from './schema/compile-schema.js';
// The server: registry built once, shared by every connection.
export type { McpServerOptions, RequestEvent } from './server.js';
export { McpServer } from './server.js';
// Stateful sessions (revisions up to 2025-11-25): one per connection.
export type { ConnectOptions, NegotiatedSession } from './session/session.js';
export { ServerSession } from './session/session.js';
export type { UriTemplateLimits, UriVariables } from './uri-template/uri-template.js';
export { DEFAULT_URI_TEMPLATE_LIMITS, UriTemplate, UriTemplateError } from './uri-template/uri-template.js';
