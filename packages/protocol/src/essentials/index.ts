// Every export of this file is public API of `@mcpkit/protocol/essentials`, and of the main entry
// (`index.ts` re-exports it all): what a server, a transport or the JSON-RPC layer needs at run time
// (constants, error codes, error formatting, header parameters, the installed JSON Schema check,
// the shared all-revision schemas and their types). Not here: the per-revision schema objects,
// the method tables and `parseRequest`/`parseResult`, whose modules build every revision's
// schemas when imported, about half of this package's import time. The SDK's server-side
// packages import this entry, so a server does not pay at startup for tables it never reads.
// Schemas are named after the spec's types (`<TypeName>Schema`) and accept every revision.

// Revisions, method names, header names, `_meta` keys and error codes.
export type { LoggingLevel, ProtocolVersion } from '../constants.js';

export {
  ErrorCode,
  HttpHeader,
  isStatelessProtocolVersion,
  isSupportedProtocolVersion,
  JSONRPC_VERSION,
  LATEST_PROTOCOL_VERSION,
  LATEST_STATEFUL_PROTOCOL_VERSION,
  LOGGING_LEVELS,
  MetaKey,
  Method,
  Notification,
  PROTOCOL_VERSIONS,
  RESULT_TYPES,
  STATEFUL_PROTOCOL_VERSIONS,
  STATELESS_PROTOCOL_VERSIONS,
} from '../constants.js';

// The 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663).
export type {
  DetailedTask,
  TasksExtensionCreateTaskResult,
  TasksExtensionGetTaskResult,
  TasksExtensionTask,
  UpdateTaskRequestParams,
} from '../extensions/tasks.js';

export {
  DetailedTaskSchema,
  TASKS_EXTENSION_ID,
  TasksExtensionCancelTaskRequestSchema,
  TasksExtensionCreateTaskResultSchema,
  TasksExtensionGetTaskRequestSchema,
  TasksExtensionGetTaskResultSchema,
  TasksExtensionStatusNotificationParamsSchema,
  TasksExtensionStatusNotificationSchema,
  TasksExtensionTaskIdParamsSchema,
  TasksExtensionTaskSchema,
  TasksExtensionTaskStatusSchema,
  tasksExtensionMethodSchemas,
  UpdateTaskRequestParamsSchema,
  UpdateTaskRequestSchema,
} from '../extensions/tasks.js';

// Error formatting: a zod error as one line naming path, expected and received.
export type { FormatOptions, ValidationIssue } from '../format-error.js';

export { describeValue, describeZodError, formatPath, formatZodError } from '../format-error.js';

// Reading `resultType` (absent from results of servers before 2026-07-28: "complete").
export type { HeaderParameter } from '../header-parameters.js';

export {
  encodeHeaderValue,
  headerParameterMismatch,
  headerText,
  readHeaderParameters,
  standardHeaders,
  valueAtPath,
} from '../header-parameters.js';

// Which JSON Schema validator checks raw JSON Schemas; the built-in one is the separate entry
// point `@mcpkit/protocol/json-schema`, so programs that never install it do not carry it.
export type {
  JsonSchemaDialect,
  JsonSchemaErrorUnit,
  JsonSchemaValidation,
} from '../json-schema/dialect.js';

export { jsonSchemaDialectOf } from '../json-schema/dialect.js';

export type { JsonSchemaValidatorFactory } from '../json-schema/factory.js';

export {
  installedJsonSchemaCheck,
  installedJsonSchemaValidator,
  setJsonSchemaValidatorFactory,
} from '../json-schema/factory.js';

// JSON-RPC 2.0 message shapes.
export type {
  JSONObject,
  JSONRPCErrorObject,
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  JSONRPCResultResponse,
  RequestId,
} from '../jsonrpc-types.js';

export { isInputRequiredResult, resultTypeOf } from '../result-type.js';

// Shared building blocks: ids, roles, icons, implementation info, annotations.
export type {
  Annotations,
  BaseMetadata,
  CacheScope,
  Cursor,
  Icon,
  Icons,
  Implementation,
  MetaObject,
  ProgressToken,
  ResultType,
  Role,
} from '../schemas/base.js';

export {
  AnnotationsSchema,
  BaseMetadataSchema,
  CacheScopeSchema,
  CapabilityObjectSchema,
  CursorSchema,
  IconSchema,
  IconsSchema,
  ImplementationSchema,
  JSONObjectSchema,
  LoggingLevelSchema,
  MetaObjectSchema,
  ProgressTokenSchema,
  RequestIdSchema,
  ResultTypeSchema,
  RoleSchema,
} from '../schemas/base.js';

// Capabilities.
export type {
  ClientCapabilities,
  ServerCapabilities,
} from '../schemas/capabilities.js';

export {
  ClientCapabilitiesSchema,
  ClientTasksCapabilitySchema,
  ServerCapabilitiesSchema,
  ServerTasksCapabilitySchema,
} from '../schemas/capabilities.js';

// Completion.
export type {
  CompleteRequest,
  CompleteRequestParams,
  CompleteResult,
  PromptReference,
  ResourceTemplateReference,
} from '../schemas/completion.js';

export {
  CompleteRequestParamsSchema,
  CompleteRequestSchema,
  CompleteResultSchema,
  PromptReferenceSchema,
  ResourceTemplateReferenceSchema,
} from '../schemas/completion.js';

// Content blocks and resource contents.
export type {
  AudioContent,
  BlobResourceContents,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  Resource,
  ResourceContents,
  ResourceContentsItem,
  ResourceLink,
  SamplingMessageContentBlock,
  TextContent,
  TextResourceContents,
  ToolResultContent,
  ToolUseContent,
} from '../schemas/content.js';

export {
  AudioContentSchema,
  BlobResourceContentsSchema,
  ContentBlock20241105Schema,
  ContentBlock20250326Schema,
  ContentBlockSchema,
  EmbeddedResourceSchema,
  ImageContentSchema,
  ResourceContentsItemSchema,
  ResourceContentsSchema,
  ResourceLinkSchema,
  ResourceSchema,
  SamplingMessageContentBlockSchema,
  TextContentSchema,
  TextResourceContentsSchema,
  ToolResultContentSchema,
  ToolUseContentSchema,
} from '../schemas/content.js';

// Elicitation.
export type {
  BooleanSchema,
  ElicitationCompleteNotification,
  ElicitRequest,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  EnumSchema,
  LegacyTitledEnumSchema,
  NumberSchema,
  PrimitiveSchemaDefinition,
  StringSchema,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
} from '../schemas/elicitation.js';

export {
  BooleanSchemaSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestedSchemaSchema,
  ElicitRequestFormParamsSchema,
  ElicitRequestParamsSchema,
  ElicitRequestSchema,
  ElicitRequestURLParamsSchema,
  ElicitResultContentValueSchema,
  ElicitResultSchema,
  EnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
  MultiSelectEnumSchemaSchema,
  NumberSchemaSchema,
  PrimitiveSchemaDefinitionSchema,
  SingleSelectEnumSchemaSchema,
  StringSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  UntitledSingleSelectEnumSchemaSchema,
} from '../schemas/elicitation.js';

// Typed error objects and error responses.
export type {
  HeaderMismatchError,
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  MethodNotFoundError,
  MissingRequiredClientCapabilityError,
  ParseError,
  UnsupportedProtocolVersionError,
  URLElicitationRequiredError,
} from '../schemas/errors.js';

export {
  HeaderMismatchErrorSchema,
  InternalErrorSchema,
  InvalidParamsErrorSchema,
  InvalidRequestErrorSchema,
  MethodNotFoundErrorSchema,
  MissingRequiredClientCapabilityErrorSchema,
  ParseErrorSchema,
  UnsupportedProtocolVersionErrorSchema,
  URLElicitationRequiredErrorSchema,
} from '../schemas/errors.js';

// The spec's generic base types, JSON values, and the names older revisions used.
// No `Request`/`Notification` types: the `Notification` method-name constants and fetch's Request own them.
export type { PaginatedRequest } from '../schemas/generic.js';

export {
  AnnotatedSchema,
  JSONArraySchema,
  JSONRPCErrorSchema,
  JSONValueSchema,
  NotificationSchema,
  PaginatedRequestSchema,
  RequestSchema,
  ResourceReferenceSchema,
} from '../schemas/generic.js';

// JSON-RPC 2.0 envelope schemas (they parse into the contract types above) and 2025-03-26 batches.
export type {
  JSONRPCBatchRequest,
  JSONRPCBatchResponse,
} from '../schemas/jsonrpc.js';

export {
  ErrorSchema,
  JSONRPCBatchRequestSchema,
  JSONRPCBatchResponseSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResponseSchema,
  JSONRPCResultResponseSchema,
  JSONRPCVersionSchema,
  notificationSchema,
  requestSchema,
  resultResponseSchema,
} from '../schemas/jsonrpc.js';

// Lifecycle: initialize, server/discover, ping, progress, cancellation.
export type {
  CancelledNotification,
  CancelledNotificationParams,
  DiscoverRequest,
  DiscoverResult,
  InitializedNotification,
  InitializeRequest,
  InitializeRequestParams,
  InitializeResult,
  PingRequest,
  ProgressNotification,
  ProgressNotificationParams,
} from '../schemas/lifecycle.js';

export {
  CancelledNotificationParamsSchema,
  CancelledNotificationSchema,
  DiscoverRequestSchema,
  DiscoverResultSchema,
  InitializedNotificationSchema,
  InitializeRequestParamsSchema,
  InitializeRequestSchema,
  InitializeResultSchema,
  PingRequestSchema,
  ProgressNotificationParamsSchema,
  ProgressNotificationSchema,
} from '../schemas/lifecycle.js';

// Logging.
export type {
  LoggingMessageNotification,
  LoggingMessageNotificationParams,
  SetLevelRequest,
  SetLevelRequestParams,
} from '../schemas/logging.js';

export {
  LoggingMessageNotificationParamsSchema,
  LoggingMessageNotificationSchema,
  SetLevelRequestParamsSchema,
  SetLevelRequestSchema,
} from '../schemas/logging.js';

// Multi-round-trip requests (2026-07-28): input_required, inputRequests, inputResponses.
export type {
  InputRequest,
  InputRequests,
  InputRequiredResult,
  InputResponse,
  InputResponseRequestParams,
  InputResponses,
} from '../schemas/mrtr.js';

export {
  InputRequestSchema,
  InputRequestsSchema,
  InputRequiredResultSchema,
  InputResponseParamsShape,
  InputResponseRequestParamsSchema,
  InputResponseSchema,
  InputResponsesSchema,
} from '../schemas/mrtr.js';

// Params, results and `_meta` objects shared by every method; cache hints.
export type {
  CacheableResult,
  EmptyResult,
  NotificationMetaObject,
  NotificationParams,
  PaginatedRequestParams,
  PaginatedResult,
  RequestMetaObject,
  RequestParams,
  Result,
  ResultMetaObject,
} from '../schemas/params.js';

export {
  CacheableResultSchema,
  CacheHintsShape,
  EmptyResultSchema,
  NotificationMetaObjectSchema,
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  PaginatedResultSchema,
  RequestMetaObjectSchema,
  RequestParamsSchema,
  ResultMetaObjectSchema,
  ResultSchema,
} from '../schemas/params.js';

// Prompts.
export type {
  GetPromptRequest,
  GetPromptRequestParams,
  GetPromptResult,
  ListPromptsRequest,
  ListPromptsResult,
  Prompt,
  PromptArgument,
  PromptListChangedNotification,
  PromptMessage,
} from '../schemas/prompts.js';

export {
  GetPromptRequestParamsSchema,
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  PromptArgumentSchema,
  PromptListChangedNotificationSchema,
  PromptMessageSchema,
  PromptSchema,
} from '../schemas/prompts.js';

// Resources.
export type {
  ListResourcesRequest,
  ListResourcesResult,
  ListResourceTemplatesRequest,
  ListResourceTemplatesResult,
  ReadResourceRequest,
  ReadResourceRequestParams,
  ReadResourceResult,
  ResourceListChangedNotification,
  ResourceRequestParams,
  ResourceTemplate,
  ResourceUpdatedNotification,
  ResourceUpdatedNotificationParams,
  SubscribeRequest,
  SubscribeRequestParams,
  UnsubscribeRequest,
  UnsubscribeRequestParams,
} from '../schemas/resources.js';

export {
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestParamsSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  ResourceListChangedNotificationSchema,
  ResourceRequestParamsSchema,
  ResourceTemplateSchema,
  ResourceUpdatedNotificationParamsSchema,
  ResourceUpdatedNotificationSchema,
  SubscribeRequestParamsSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestParamsSchema,
  UnsubscribeRequestSchema,
} from '../schemas/resources.js';

// Whole success responses (`<Method>ResultResponse`, 2026-07-28 names).
export type {
  CallToolResultResponse,
  CompleteResultResponse,
  DiscoverResultResponse,
  GetPromptResultResponse,
  ListPromptsResultResponse,
  ListResourcesResultResponse,
  ListResourceTemplatesResultResponse,
  ListToolsResultResponse,
  ReadResourceResultResponse,
  SubscriptionsListenResultResponse,
} from '../schemas/responses.js';

export {
  CallToolResultResponseSchema,
  CompleteResultResponseSchema,
  DiscoverResultResponseSchema,
  GetPromptResultResponseSchema,
  ListPromptsResultResponseSchema,
  ListResourcesResultResponseSchema,
  ListResourceTemplatesResultResponseSchema,
  ListToolsResultResponseSchema,
  ReadResourceResultResponseSchema,
  SubscriptionsListenResultResponseSchema,
} from '../schemas/responses.js';

// Roots.
export type {
  ListRootsRequest,
  ListRootsResult,
  Root,
  RootsListChangedNotification,
} from '../schemas/roots.js';

export {
  ListRootsRequestSchema,
  ListRootsResultSchema,
  RootSchema,
  RootsListChangedNotificationSchema,
} from '../schemas/roots.js';

// Sampling.
export type {
  CreateMessageRequest,
  CreateMessageRequestParams,
  CreateMessageResult,
  ModelHint,
  ModelPreferences,
  SamplingMessage,
  ToolChoice,
} from '../schemas/sampling.js';

export {
  CreateMessageRequestParamsSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  inputRequestSchema,
  ModelHintSchema,
  ModelPreferencesSchema,
  SamplingContentSchema,
  SamplingMessageSchema,
  ToolChoiceSchema,
} from '../schemas/sampling.js';

// subscriptions/listen (2026-07-28).
export type {
  SubscriptionFilter,
  SubscriptionsAcknowledgedNotification,
  SubscriptionsAcknowledgedNotificationParams,
  SubscriptionsListenRequest,
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
  SubscriptionsListenResultMetaObject,
} from '../schemas/subscriptions.js';

export {
  SubscriptionFilterSchema,
  SubscriptionsAcknowledgedNotificationParamsSchema,
  SubscriptionsAcknowledgedNotificationSchema,
  SubscriptionsListenRequestParamsSchema,
  SubscriptionsListenRequestSchema,
  SubscriptionsListenResultMetaObjectSchema,
  SubscriptionsListenResultSchema,
} from '../schemas/subscriptions.js';

// Tasks (2025-11-25, experimental).
export type {
  CancelTaskRequest,
  CancelTaskResult,
  CreateTaskResult,
  GetTaskPayloadRequest,
  GetTaskPayloadResult,
  GetTaskRequest,
  GetTaskResult,
  ListTasksRequest,
  ListTasksResult,
  RelatedTaskMetadata,
  Task,
  TaskAugmentedRequestParams,
  TaskMetadata,
  TaskStatus,
  TaskStatusNotification,
  TaskStatusNotificationParams,
} from '../schemas/tasks.js';

export {
  CancelTaskRequestSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskPayloadRequestSchema,
  GetTaskPayloadResultSchema,
  GetTaskRequestSchema,
  GetTaskResultSchema,
  ListTasksRequestSchema,
  ListTasksResultSchema,
  RELATED_TASK_META_KEY,
  RelatedTaskMetadataSchema,
  TaskAugmentedRequestParamsSchema,
  TaskIdParamsSchema,
  TaskMetadataSchema,
  TaskSchema,
  TaskStatusNotificationParamsSchema,
  TaskStatusNotificationSchema,
  TaskStatusSchema,
} from '../schemas/tasks.js';

// Tool definitions (JSON Schema kept verbatim).
export type {
  Tool,
  ToolAnnotations,
  ToolExecution,
  ToolInputSchema,
  ToolOutputSchema,
} from '../schemas/tool.js';

export {
  JsonSchemaNodeSchema,
  ToolAnnotationsSchema,
  ToolExecutionSchema,
  ToolInputSchemaSchema,
  ToolOutputSchemaSchema,
  ToolSchema,
} from '../schemas/tool.js';

// tools/list, tools/call.
export type {
  CallToolRequest,
  CallToolRequestParams,
  CallToolResult,
  ListToolsRequest,
  ListToolsResult,
  ToolListChangedNotification,
} from '../schemas/tools.js';

export {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  ToolListChangedNotificationSchema,
} from '../schemas/tools.js';

// Messages by direction across every revision (per-revision ones live on the revision objects).
export type {
  ClientNotification,
  ClientRequest,
  ClientResult,
  ServerNotification,
  ServerRequest,
  ServerResult,
} from '../schemas/unions.js';

export {
  ClientNotificationSchema,
  ClientRequestSchema,
  ClientResultSchema,
  ServerNotificationSchema,
  ServerRequestSchema,
  ServerResultSchema,
} from '../schemas/unions.js';
