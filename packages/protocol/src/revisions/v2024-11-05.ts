import * as z from 'zod';
import * as base from '../schemas/index.js';
import { bareRequestSchema } from '../schemas/jsonrpc.js';
import * as next from './v2025-03-26.js';

// Exact 2024-11-05 shapes: the first stateful revision. Text, image and embedded-resource content
// only (no audio), no tool annotations, no batching (enforced by parseJSONRPCPayload). Otherwise as
// 2025-03-26.
export * from './v2025-03-26.js';

export const ContentBlockSchema = base.ContentBlock20241105Schema;
export const CallToolResultSchema = next.CallToolResultSchema.extend({
  content: z.array(ContentBlockSchema),
});
export const PromptMessageSchema = base.PromptMessageSchema.extend({ content: ContentBlockSchema });
export const GetPromptResultSchema = base.GetPromptResultSchema.extend({
  messages: z.array(PromptMessageSchema),
});

export const SamplingMessageContentBlockSchema = z.discriminatedUnion('type', [
  base.TextContentSchema,
  base.ImageContentSchema,
]);
export const SamplingMessageSchema = base.SamplingMessageSchema.extend({
  content: SamplingMessageContentBlockSchema,
});
export const CreateMessageRequestParamsSchema = next.CreateMessageRequestParamsSchema.extend({
  messages: z.array(SamplingMessageSchema),
});
export const CreateMessageRequestSchema = bareRequestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const CreateMessageResultSchema = base.CreateMessageResultSchema.extend({
  content: SamplingMessageContentBlockSchema,
});

export const ToolSchema = next.ToolSchema.omit({ annotations: true });
export const ListToolsResultSchema = base.ListToolsResultSchema.extend({ tools: z.array(ToolSchema) });

/** `ref/resource` was called `ResourceReference` in this revision. */
export const ResourceReferenceSchema = base.ResourceTemplateReferenceSchema;
