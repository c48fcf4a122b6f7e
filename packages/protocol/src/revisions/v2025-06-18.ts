import * as z from 'zod';
import * as base from '../schemas/index.js';
import { bareNotificationSchema, bareRequestSchema } from '../schemas/jsonrpc.js';
import * as next from './v2025-11-25.js';

// Exact 2025-06-18 shapes: structured tool output, form elicitation, resource links; no tasks,
// no URL elicitation, no tool use in sampling, no icons. Requests and notifications are
// `{ method, params }` as this revision's schema.json defines them (the envelope is checked by the
// JSON-RPC schemas). Everything else as in 2025-11-25.
export * from './v2025-11-25.js';

/** Sampling content is one text, image or audio block. */
export const SamplingMessageContentBlockSchema = z.discriminatedUnion('type', [
  base.TextContentSchema,
  base.ImageContentSchema,
  base.AudioContentSchema,
]);
export const SamplingMessageSchema = base.SamplingMessageSchema.extend({
  content: SamplingMessageContentBlockSchema,
});
export const CreateMessageRequestParamsSchema = base.CreateMessageRequestParamsSchema.omit({
  task: true,
  tools: true,
  toolChoice: true,
}).extend({ messages: z.array(SamplingMessageSchema) });
export const CreateMessageRequestSchema = bareRequestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const CreateMessageResultSchema = base.CreateMessageResultSchema.extend({
  content: SamplingMessageContentBlockSchema,
});

/** Form mode only (no `mode` field yet). */
export const ElicitRequestParamsSchema = base.ElicitRequestFormParamsSchema.omit({ task: true });
export const ElicitRequestSchema = bareRequestSchema('elicitation/create', ElicitRequestParamsSchema);
export const ElicitResultSchema = base.ElicitResultSchema.extend({
  content: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
});

export const CallToolRequestParamsSchema = base.CallToolRequestParamsSchema.omit({
  task: true,
  inputResponses: true,
  requestState: true,
});
export const CallToolRequestSchema = bareRequestSchema('tools/call', CallToolRequestParamsSchema);

/** `requestId` is required before 2025-11-25. */
export const CancelledNotificationParamsSchema = base.CancelledNotificationParamsSchema.extend({
  requestId: base.RequestIdSchema,
});
export const CancelledNotificationSchema = bareNotificationSchema(
  'notifications/cancelled',
  CancelledNotificationParamsSchema,
);

export const ClientCapabilitiesSchema = base.ClientCapabilitiesSchema.omit({ tasks: true });
export const ServerCapabilitiesSchema = base.ServerCapabilitiesSchema.omit({ tasks: true });

export const ToolSchema = next.ToolSchema.omit({ execution: true });

// Requests and notifications without the envelope, as in this revision's schema.json.
const optionalPagination = z.optional(base.PaginatedRequestParamsSchema);
const optionalNotificationParams = z.optional(base.NotificationParamsSchema);
export const InitializeRequestSchema = bareRequestSchema('initialize', base.InitializeRequestParamsSchema);
export const PingRequestSchema = bareRequestSchema('ping', z.optional(base.RequestParamsSchema));
export const PaginatedRequestSchema = base.RequestSchema.extend({ params: optionalPagination });
export const ListResourcesRequestSchema = bareRequestSchema('resources/list', optionalPagination);
export const ListResourceTemplatesRequestSchema = bareRequestSchema(
  'resources/templates/list',
  optionalPagination,
);
export const ReadResourceRequestSchema = bareRequestSchema(
  'resources/read',
  base.ReadResourceRequestParamsSchema,
);
export const SubscribeRequestSchema = bareRequestSchema(
  'resources/subscribe',
  base.SubscribeRequestParamsSchema,
);
export const UnsubscribeRequestSchema = bareRequestSchema(
  'resources/unsubscribe',
  base.UnsubscribeRequestParamsSchema,
);
export const ListPromptsRequestSchema = bareRequestSchema('prompts/list', optionalPagination);
export const GetPromptRequestSchema = bareRequestSchema('prompts/get', base.GetPromptRequestParamsSchema);
export const ListToolsRequestSchema = bareRequestSchema('tools/list', optionalPagination);
export const SetLevelRequestSchema = bareRequestSchema('logging/setLevel', base.SetLevelRequestParamsSchema);
export const CompleteRequestSchema = bareRequestSchema(
  'completion/complete',
  base.CompleteRequestParamsSchema,
);
export const ListRootsRequestSchema = bareRequestSchema('roots/list', z.optional(base.RequestParamsSchema));
export const InitializedNotificationSchema = bareNotificationSchema(
  'notifications/initialized',
  optionalNotificationParams,
);
export const ProgressNotificationSchema = bareNotificationSchema(
  'notifications/progress',
  base.ProgressNotificationParamsSchema,
);
export const LoggingMessageNotificationSchema = bareNotificationSchema(
  'notifications/message',
  base.LoggingMessageNotificationParamsSchema,
);
export const ResourceUpdatedNotificationSchema = bareNotificationSchema(
  'notifications/resources/updated',
  base.ResourceUpdatedNotificationParamsSchema,
);
export const ResourceListChangedNotificationSchema = bareNotificationSchema(
  'notifications/resources/list_changed',
  optionalNotificationParams,
);
export const PromptListChangedNotificationSchema = bareNotificationSchema(
  'notifications/prompts/list_changed',
  optionalNotificationParams,
);
export const ToolListChangedNotificationSchema = bareNotificationSchema(
  'notifications/tools/list_changed',
  optionalNotificationParams,
);
export const RootsListChangedNotificationSchema = bareNotificationSchema(
  'notifications/roots/list_changed',
  optionalNotificationParams,
);
