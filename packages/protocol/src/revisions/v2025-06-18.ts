import * as base from '../schemas/index.js';
import { bareNotificationSchema, bareRequestSchema } from '../schemas/jsonrpc.js';
import { z } from '../schemas/zod.js';
import * as next from './v2025-11-25.js';

// Exact 2025-06-18 shapes: structured tool output, form elicitation, resource links; no tasks,
// no URL elicitation, no tool use in sampling, no icons. Requests and notifications are
// `{ method, params }` as this revision's schema.json defines them (the envelope is checked by the
// JSON-RPC schemas). Everything else as in 2025-11-25.
export * from './v2025-11-25.js';

/** Sampling content is one text, image or audio block. */
export const SamplingMessageContentBlockSchema = /* @__PURE__ */ z.discriminatedUnion('type', [
  base.TextContentSchema,
  base.ImageContentSchema,
  base.AudioContentSchema,
]);
export const SamplingMessageSchema = /* @__PURE__ */ base.SamplingMessageSchema.extend({
  content: SamplingMessageContentBlockSchema,
});
export const CreateMessageRequestParamsSchema = /* @__PURE__ */ base.CreateMessageRequestParamsSchema.omit({
  task: true,
  tools: true,
  toolChoice: true,
}).extend({ messages: /* @__PURE__ */ z.array(SamplingMessageSchema) });
export const CreateMessageRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const CreateMessageResultSchema = /* @__PURE__ */ base.CreateMessageResultSchema.extend({
  content: SamplingMessageContentBlockSchema,
});

/** Form mode only (no `mode` field yet). */
export const ElicitRequestParamsSchema = /* @__PURE__ */ base.ElicitRequestFormParamsSchema.omit({
  task: true,
});
export const ElicitRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'elicitation/create',
  ElicitRequestParamsSchema,
);
export const ElicitResultSchema = /* @__PURE__ */ base.ElicitResultSchema.extend({
  content: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(
      /* @__PURE__ */ z.string(),
      /* @__PURE__ */ z.union([
        /* @__PURE__ */ z.string(),
        /* @__PURE__ */ z.number(),
        /* @__PURE__ */ z.boolean(),
      ]),
    ),
  ),
});

export const CallToolRequestParamsSchema = /* @__PURE__ */ base.CallToolRequestParamsSchema.omit({
  task: true,
  inputResponses: true,
  requestState: true,
});
export const CallToolRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'tools/call',
  CallToolRequestParamsSchema,
);

/** `requestId` is required before 2025-11-25. */
export const CancelledNotificationParamsSchema =
  /* @__PURE__ */ base.CancelledNotificationParamsSchema.extend({
    requestId: base.RequestIdSchema,
  });
export const CancelledNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/cancelled',
  CancelledNotificationParamsSchema,
);

export const ClientCapabilitiesSchema = /* @__PURE__ */ base.ClientCapabilitiesSchema.omit({ tasks: true });
export const ServerCapabilitiesSchema = /* @__PURE__ */ base.ServerCapabilitiesSchema.omit({ tasks: true });

export const ToolSchema = /* @__PURE__ */ next.ToolSchema.omit({ execution: true });

// Requests and notifications without the envelope, as in this revision's schema.json.
const optionalPagination = /* @__PURE__ */ z.optional(base.PaginatedRequestParamsSchema);
const optionalNotificationParams = /* @__PURE__ */ z.optional(base.NotificationParamsSchema);
export const InitializeRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'initialize',
  base.InitializeRequestParamsSchema,
);
export const PingRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'ping',
  /* @__PURE__ */ z.optional(base.RequestParamsSchema),
);
export const PaginatedRequestSchema = /* @__PURE__ */ base.RequestSchema.extend({
  params: optionalPagination,
});
export const ListResourcesRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'resources/list',
  optionalPagination,
);
export const ListResourceTemplatesRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'resources/templates/list',
  optionalPagination,
);
export const ReadResourceRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'resources/read',
  base.ReadResourceRequestParamsSchema,
);
export const SubscribeRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'resources/subscribe',
  base.SubscribeRequestParamsSchema,
);
export const UnsubscribeRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'resources/unsubscribe',
  base.UnsubscribeRequestParamsSchema,
);
export const ListPromptsRequestSchema = /* @__PURE__ */ bareRequestSchema('prompts/list', optionalPagination);
export const GetPromptRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'prompts/get',
  base.GetPromptRequestParamsSchema,
);
export const ListToolsRequestSchema = /* @__PURE__ */ bareRequestSchema('tools/list', optionalPagination);
export const SetLevelRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'logging/setLevel',
  base.SetLevelRequestParamsSchema,
);
export const CompleteRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'completion/complete',
  base.CompleteRequestParamsSchema,
);
export const ListRootsRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'roots/list',
  /* @__PURE__ */ z.optional(base.RequestParamsSchema),
);
export const InitializedNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/initialized',
  optionalNotificationParams,
);
export const ProgressNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/progress',
  base.ProgressNotificationParamsSchema,
);
export const LoggingMessageNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/message',
  base.LoggingMessageNotificationParamsSchema,
);
export const ResourceUpdatedNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/resources/updated',
  base.ResourceUpdatedNotificationParamsSchema,
);
export const ResourceListChangedNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/resources/list_changed',
  optionalNotificationParams,
);
export const PromptListChangedNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/prompts/list_changed',
  optionalNotificationParams,
);
export const ToolListChangedNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/tools/list_changed',
  optionalNotificationParams,
);
export const RootsListChangedNotificationSchema = /* @__PURE__ */ bareNotificationSchema(
  'notifications/roots/list_changed',
  optionalNotificationParams,
);
