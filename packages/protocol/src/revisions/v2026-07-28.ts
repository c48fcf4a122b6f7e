import * as z from 'zod';
import { MetaKey } from '../constants.js';
import { integer } from '../schemas/base.js';
import * as base from '../schemas/index.js';
import { requestSchema, resultResponseSchema } from '../schemas/jsonrpc.js';

// Exact 2026-07-28 shapes (stateless): every request carries protocol version and client
// capabilities in `_meta`, every result a `resultType`, list/read results cache hints, and the
// server asks the client questions through `input_required` results.
// Everything not redefined here is the shared schema of the same name.
export * from '../schemas/index.js';

export const RequestMetaObjectSchema = base.RequestMetaObjectSchema.extend({
  [MetaKey.ProtocolVersion]: z.string(),
  [MetaKey.ClientCapabilities]: base.ClientCapabilitiesSchema,
});

const requiredMeta = { _meta: RequestMetaObjectSchema };

export const RequestParamsSchema = base.RequestParamsSchema.extend(requiredMeta);
export const PaginatedRequestParamsSchema = base.PaginatedRequestParamsSchema.extend(requiredMeta);
export const CallToolRequestParamsSchema = base.CallToolRequestParamsSchema.omit({ task: true }).extend(
  requiredMeta,
);
export const GetPromptRequestParamsSchema = base.GetPromptRequestParamsSchema.extend(requiredMeta);
export const ReadResourceRequestParamsSchema = base.ReadResourceRequestParamsSchema.extend(requiredMeta);
export const ResourceRequestParamsSchema = base.ResourceRequestParamsSchema.extend(requiredMeta);
export const CompleteRequestParamsSchema = base.CompleteRequestParamsSchema.extend(requiredMeta);
export const SubscriptionsListenRequestParamsSchema =
  base.SubscriptionsListenRequestParamsSchema.extend(requiredMeta);
export const InputResponseRequestParamsSchema = RequestParamsSchema.extend(base.InputResponseParamsShape);

export const DiscoverRequestSchema = requestSchema('server/discover', RequestParamsSchema);
export const ListToolsRequestSchema = requestSchema('tools/list', PaginatedRequestParamsSchema);
export const CallToolRequestSchema = requestSchema('tools/call', CallToolRequestParamsSchema);
export const ListResourcesRequestSchema = requestSchema('resources/list', PaginatedRequestParamsSchema);
export const ListResourceTemplatesRequestSchema = requestSchema(
  'resources/templates/list',
  PaginatedRequestParamsSchema,
);
export const ReadResourceRequestSchema = requestSchema('resources/read', ReadResourceRequestParamsSchema);
export const ListPromptsRequestSchema = requestSchema('prompts/list', PaginatedRequestParamsSchema);
export const GetPromptRequestSchema = requestSchema('prompts/get', GetPromptRequestParamsSchema);
export const CompleteRequestSchema = requestSchema('completion/complete', CompleteRequestParamsSchema);
export const SubscriptionsListenRequestSchema = requestSchema(
  'subscriptions/listen',
  SubscriptionsListenRequestParamsSchema,
);
export const PaginatedRequestSchema = base.JSONRPCRequestSchema.extend({
  params: PaginatedRequestParamsSchema,
});

// Input requests travel inside an input_required result: `{ method, params }`, no JSON-RPC envelope.
export const CreateMessageRequestParamsSchema = base.CreateMessageRequestParamsSchema.omit({ task: true });
export const CreateMessageRequestSchema = z.looseObject({
  method: z.literal('sampling/createMessage'),
  params: CreateMessageRequestParamsSchema,
});
export const ElicitRequestFormParamsSchema = base.ElicitRequestFormParamsSchema.omit({ task: true });
export const ElicitRequestURLParamsSchema = base.ElicitRequestURLParamsSchema.omit({ task: true });
export const ElicitRequestParamsSchema = z.union([
  ElicitRequestFormParamsSchema,
  ElicitRequestURLParamsSchema,
]);
export const ElicitRequestSchema = z.looseObject({
  method: z.literal('elicitation/create'),
  params: ElicitRequestParamsSchema,
});
export const ListRootsRequestSchema = z.looseObject({
  method: z.literal('roots/list'),
  params: z.optional(z.looseObject({ _meta: z.optional(base.MetaObjectSchema) })),
});
export const InputRequestSchema = z.discriminatedUnion('method', [
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
  ElicitRequestSchema,
]);
export const InputRequestsSchema = z.record(z.string(), InputRequestSchema);

const resultType = { resultType: base.ResultTypeSchema };
const cacheHints = { ttlMs: integer().min(0), cacheScope: base.CacheScopeSchema };

export const ResultSchema = base.ResultSchema.extend(resultType);
export const EmptyResultSchema = ResultSchema;
export const PaginatedResultSchema = base.PaginatedResultSchema.extend(resultType);
export const CacheableResultSchema = ResultSchema.extend(cacheHints);
export const DiscoverResultSchema = base.DiscoverResultSchema.extend({ ...resultType, ...cacheHints });
export const ListToolsResultSchema = base.ListToolsResultSchema.extend({ ...resultType, ...cacheHints });
export const ListResourcesResultSchema = base.ListResourcesResultSchema.extend({
  ...resultType,
  ...cacheHints,
});
export const ListResourceTemplatesResultSchema = base.ListResourceTemplatesResultSchema.extend({
  ...resultType,
  ...cacheHints,
});
export const ListPromptsResultSchema = base.ListPromptsResultSchema.extend({ ...resultType, ...cacheHints });
export const ReadResourceResultSchema = base.ReadResourceResultSchema.extend({
  ...resultType,
  ...cacheHints,
});
export const CallToolResultSchema = base.CallToolResultSchema.extend(resultType);
export const GetPromptResultSchema = base.GetPromptResultSchema.extend(resultType);
export const CompleteResultSchema = base.CompleteResultSchema.extend({
  ...resultType,
  completion: base.CompleteResultSchema.shape.completion.extend({ values: z.array(z.string()).max(100) }),
});
export const SubscriptionsListenResultSchema = base.SubscriptionsListenResultSchema.extend(resultType);

/** tools/call, prompts/get and resources/read may answer `input_required` instead. */
function orInputRequired<R extends z.ZodType>(result: R) {
  return z.union([base.InputRequiredResultSchema, result]);
}

export const CallToolResultResponseSchema = resultResponseSchema(orInputRequired(CallToolResultSchema));
export const GetPromptResultResponseSchema = resultResponseSchema(orInputRequired(GetPromptResultSchema));
export const ReadResourceResultResponseSchema = resultResponseSchema(
  orInputRequired(ReadResourceResultSchema),
);
export const CompleteResultResponseSchema = resultResponseSchema(CompleteResultSchema);
export const DiscoverResultResponseSchema = resultResponseSchema(DiscoverResultSchema);
export const ListToolsResultResponseSchema = resultResponseSchema(ListToolsResultSchema);
export const ListPromptsResultResponseSchema = resultResponseSchema(ListPromptsResultSchema);
export const ListResourcesResultResponseSchema = resultResponseSchema(ListResourcesResultSchema);
export const ListResourceTemplatesResultResponseSchema = resultResponseSchema(
  ListResourceTemplatesResultSchema,
);
export const SubscriptionsListenResultResponseSchema = resultResponseSchema(SubscriptionsListenResultSchema);

export const CancelledNotificationParamsSchema = base.CancelledNotificationParamsSchema.extend({
  requestId: base.RequestIdSchema,
});
export const CancelledNotificationSchema = base.CancelledNotificationSchema.extend({
  params: CancelledNotificationParamsSchema,
});

export const ClientCapabilitiesSchema = base.ClientCapabilitiesSchema.omit({ tasks: true });
export const ServerCapabilitiesSchema = base.ServerCapabilitiesSchema.omit({ tasks: true });
