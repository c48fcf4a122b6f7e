import * as base from '../schemas/index.js';
import { bareRequestSchema } from '../schemas/jsonrpc.js';
import { z } from '../schemas/zod.js';
import * as next from './v2025-03-26.js';

// Exact 2024-11-05 shapes: the first stateful revision. Text, image and embedded-resource content
// only (no audio), no tool annotations, no batching (enforced by parseJSONRPCPayload). Otherwise as
// 2025-03-26.
export * from './v2025-03-26.js';

export const ContentBlockSchema = base.ContentBlock20241105Schema;
export const CallToolResultSchema = /* @__PURE__ */ next.CallToolResultSchema.extend({
  content: /* @__PURE__ */ z.array(ContentBlockSchema),
});
export const PromptMessageSchema = /* @__PURE__ */ base.PromptMessageSchema.extend({
  content: ContentBlockSchema,
});
export const GetPromptResultSchema = /* @__PURE__ */ base.GetPromptResultSchema.extend({
  messages: /* @__PURE__ */ z.array(PromptMessageSchema),
});

export const SamplingMessageContentBlockSchema = /* @__PURE__ */ z.discriminatedUnion('type', [
  base.TextContentSchema,
  base.ImageContentSchema,
]);
export const SamplingMessageSchema = /* @__PURE__ */ base.SamplingMessageSchema.extend({
  content: SamplingMessageContentBlockSchema,
});
export const CreateMessageRequestParamsSchema = /* @__PURE__ */ next.CreateMessageRequestParamsSchema.extend({
  messages: /* @__PURE__ */ z.array(SamplingMessageSchema),
});
export const CreateMessageRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const CreateMessageResultSchema = /* @__PURE__ */ base.CreateMessageResultSchema.extend({
  content: SamplingMessageContentBlockSchema,
});

export const ToolSchema = /* @__PURE__ */ next.ToolSchema.omit({ annotations: true });
export const ListToolsResultSchema = /* @__PURE__ */ base.ListToolsResultSchema.extend({
  tools: /* @__PURE__ */ z.array(ToolSchema),
});

/** `ref/resource` was called `ResourceReference` in this revision. */
export const ResourceReferenceSchema = base.ResourceTemplateReferenceSchema;
