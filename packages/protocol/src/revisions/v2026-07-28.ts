import { integer } from '../schemas/base.js';
import * as base from '../schemas/index.js';
import { requestSchema, resultResponseSchema } from '../schemas/jsonrpc.js';
import { z } from '../schemas/zod.js';

// Exact 2026-07-28 shapes (stateless): every request carries protocol version and client
// capabilities in `_meta`, every result a `resultType`, list/read results cache hints, and the
// server asks the client questions through `input_required` results.
// Everything not redefined here is the shared schema of the same name.
export * from '../schemas/index.js';

export const RequestMetaObjectSchema = /* @__PURE__ */ base.RequestMetaObjectSchema.extend({
  'io.modelcontextprotocol/protocolVersion': /* @__PURE__ */ z.string(),
  'io.modelcontextprotocol/clientCapabilities': base.ClientCapabilitiesSchema,
} satisfies base.MetaShape);

const requiredMeta = { _meta: RequestMetaObjectSchema };

export const RequestParamsSchema = /* @__PURE__ */ base.RequestParamsSchema.extend(requiredMeta);
export const PaginatedRequestParamsSchema =
  /* @__PURE__ */ base.PaginatedRequestParamsSchema.extend(requiredMeta);
export const CallToolRequestParamsSchema = /* @__PURE__ */ base.CallToolRequestParamsSchema.omit({
  task: true,
}).extend(requiredMeta);
export const GetPromptRequestParamsSchema =
  /* @__PURE__ */ base.GetPromptRequestParamsSchema.extend(requiredMeta);
export const ReadResourceRequestParamsSchema =
  /* @__PURE__ */ base.ReadResourceRequestParamsSchema.extend(requiredMeta);
export const ResourceRequestParamsSchema =
  /* @__PURE__ */ base.ResourceRequestParamsSchema.extend(requiredMeta);
export const CompleteRequestParamsSchema =
  /* @__PURE__ */ base.CompleteRequestParamsSchema.extend(requiredMeta);
export const SubscriptionsListenRequestParamsSchema =
  /* @__PURE__ */ base.SubscriptionsListenRequestParamsSchema.extend(requiredMeta);
export const InputResponseRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend(
  base.InputResponseParamsShape,
);

export const DiscoverRequestSchema = /* @__PURE__ */ requestSchema('server/discover', RequestParamsSchema);
export const ListToolsRequestSchema = /* @__PURE__ */ requestSchema(
  'tools/list',
  PaginatedRequestParamsSchema,
);
export const CallToolRequestSchema = /* @__PURE__ */ requestSchema('tools/call', CallToolRequestParamsSchema);
export const ListResourcesRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/list',
  PaginatedRequestParamsSchema,
);
export const ListResourceTemplatesRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/templates/list',
  PaginatedRequestParamsSchema,
);
export const ReadResourceRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/read',
  ReadResourceRequestParamsSchema,
);
export const ListPromptsRequestSchema = /* @__PURE__ */ requestSchema(
  'prompts/list',
  PaginatedRequestParamsSchema,
);
export const GetPromptRequestSchema = /* @__PURE__ */ requestSchema(
  'prompts/get',
  GetPromptRequestParamsSchema,
);
export const CompleteRequestSchema = /* @__PURE__ */ requestSchema(
  'completion/complete',
  CompleteRequestParamsSchema,
);
export const SubscriptionsListenRequestSchema = /* @__PURE__ */ requestSchema(
  'subscriptions/listen',
  SubscriptionsListenRequestParamsSchema,
);
export const PaginatedRequestSchema = /* @__PURE__ */ base.JSONRPCRequestSchema.extend({
  params: PaginatedRequestParamsSchema,
});

// Input requests travel inside an input_required result: `{ method, params }`, no JSON-RPC envelope.
export const CreateMessageRequestParamsSchema = /* @__PURE__ */ base.CreateMessageRequestParamsSchema.omit({
  task: true,
});
export const CreateMessageRequestSchema = /* @__PURE__ */ z.looseObject({
  method: /* @__PURE__ */ z.literal('sampling/createMessage'),
  params: CreateMessageRequestParamsSchema,
});
export const ElicitRequestFormParamsSchema = /* @__PURE__ */ base.ElicitRequestFormParamsSchema.omit({
  task: true,
});
export const ElicitRequestURLParamsSchema = /* @__PURE__ */ base.ElicitRequestURLParamsSchema.omit({
  task: true,
});
export const ElicitRequestParamsSchema = /* @__PURE__ */ z.union([
  ElicitRequestFormParamsSchema,
  ElicitRequestURLParamsSchema,
]);
export const ElicitRequestSchema = /* @__PURE__ */ z.looseObject({
  method: /* @__PURE__ */ z.literal('elicitation/create'),
  params: ElicitRequestParamsSchema,
});
export const ListRootsRequestSchema = /* @__PURE__ */ z.looseObject({
  method: /* @__PURE__ */ z.literal('roots/list'),
  params: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.looseObject({ _meta: /* @__PURE__ */ z.optional(base.MetaObjectSchema) }),
  ),
});
export const InputRequestSchema = /* @__PURE__ */ z.discriminatedUnion('method', [
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
  ElicitRequestSchema,
]);
export const InputRequestsSchema = /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), InputRequestSchema);

const resultType = { resultType: base.ResultTypeSchema };
const cacheHints = { ttlMs: /* @__PURE__ */ integer().min(0), cacheScope: base.CacheScopeSchema };

export const ResultSchema = /* @__PURE__ */ base.ResultSchema.extend(resultType);
export const EmptyResultSchema = ResultSchema;
export const PaginatedResultSchema = /* @__PURE__ */ base.PaginatedResultSchema.extend(resultType);
export const CacheableResultSchema = /* @__PURE__ */ ResultSchema.extend(cacheHints);
export const DiscoverResultSchema = /* @__PURE__ */ base.DiscoverResultSchema.extend(resultType).extend(
  cacheHints,
);
export const ListToolsResultSchema = /* @__PURE__ */ base.ListToolsResultSchema.extend(resultType).extend(
  cacheHints,
);
export const ListResourcesResultSchema = /* @__PURE__ */ base.ListResourcesResultSchema.extend(
  resultType,
).extend(cacheHints);
export const ListResourceTemplatesResultSchema =
  /* @__PURE__ */ base.ListResourceTemplatesResultSchema.extend(resultType).extend(cacheHints);
export const ListPromptsResultSchema = /* @__PURE__ */ base.ListPromptsResultSchema.extend(resultType).extend(
  cacheHints,
);
export const ReadResourceResultSchema = /* @__PURE__ */ base.ReadResourceResultSchema.extend(
  resultType,
).extend(cacheHints);
export const CallToolResultSchema = /* @__PURE__ */ base.CallToolResultSchema.extend(resultType);
export const GetPromptResultSchema = /* @__PURE__ */ base.GetPromptResultSchema.extend(resultType);
export const CompleteResultSchema = /* @__PURE__ */ base.CompleteResultSchema.extend(resultType).extend({
  completion: /* @__PURE__ */ base.CompleteResultSchema.shape.completion.extend({
    values: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()).max(100),
  }),
});
export const SubscriptionsListenResultSchema =
  /* @__PURE__ */ base.SubscriptionsListenResultSchema.extend(resultType);

/** tools/call, prompts/get and resources/read may answer `input_required` instead. */
function orInputRequired<R extends z.ZodType>(result: R) {
  return z.union([base.InputRequiredResultSchema, result]);
}

export const CallToolResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  /* @__PURE__ */ orInputRequired(CallToolResultSchema),
);
export const GetPromptResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  /* @__PURE__ */ orInputRequired(GetPromptResultSchema),
);
export const ReadResourceResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  /* @__PURE__ */ orInputRequired(ReadResourceResultSchema),
);
export const CompleteResultResponseSchema = /* @__PURE__ */ resultResponseSchema(CompleteResultSchema);
export const DiscoverResultResponseSchema = /* @__PURE__ */ resultResponseSchema(DiscoverResultSchema);
export const ListToolsResultResponseSchema = /* @__PURE__ */ resultResponseSchema(ListToolsResultSchema);
export const ListPromptsResultResponseSchema = /* @__PURE__ */ resultResponseSchema(ListPromptsResultSchema);
export const ListResourcesResultResponseSchema =
  /* @__PURE__ */ resultResponseSchema(ListResourcesResultSchema);
export const ListResourceTemplatesResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  ListResourceTemplatesResultSchema,
);
export const SubscriptionsListenResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  SubscriptionsListenResultSchema,
);

export const CancelledNotificationParamsSchema =
  /* @__PURE__ */ base.CancelledNotificationParamsSchema.extend({
    requestId: base.RequestIdSchema,
  });
export const CancelledNotificationSchema = /* @__PURE__ */ base.CancelledNotificationSchema.extend({
  params: CancelledNotificationParamsSchema,
});

export const ClientCapabilitiesSchema = /* @__PURE__ */ base.ClientCapabilitiesSchema.omit({ tasks: true });
export const ServerCapabilitiesSchema = /* @__PURE__ */ base.ServerCapabilitiesSchema.omit({ tasks: true });
