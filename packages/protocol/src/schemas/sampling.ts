import * as z from 'zod';
import { integer, MetaObjectSchema, RequestIdSchema, RoleSchema } from './base.js';
import { SamplingMessageContentBlockSchema } from './content.js';
import { JSONRPCVersionSchema } from './jsonrpc.js';
import { RequestParamsSchema, ResultSchema } from './params.js';
import { TaskMetadataSchema } from './tasks.js';
import { ToolSchema } from './tool.js';

// sampling/createMessage: the server asks the client's model for a completion.

/**
 * Server-to-client questions are JSON-RPC requests up to 2025-11-25 and bare `{method, params}`
 * input requests inside an `input_required` result in 2026-07-28; this envelope accepts both
 * (the revision schemas pin each shape down).
 */
export function inputRequestSchema<M extends string, P extends z.ZodType>(method: M, params: P) {
  return z.looseObject({
    jsonrpc: z.optional(JSONRPCVersionSchema),
    id: z.optional(RequestIdSchema),
    method: z.literal(method),
    params,
  });
}

export const ModelHintSchema = z.looseObject({ name: z.optional(z.string()) });
export type ModelHint = z.infer<typeof ModelHintSchema>;

const PrioritySchema = z.optional(z.number().min(0).max(1));
export const ModelPreferencesSchema = z.looseObject({
  hints: z.optional(z.array(ModelHintSchema)),
  costPriority: PrioritySchema,
  speedPriority: PrioritySchema,
  intelligencePriority: PrioritySchema,
});
export type ModelPreferences = z.infer<typeof ModelPreferencesSchema>;

export const ToolChoiceSchema = z.looseObject({ mode: z.optional(z.enum(['auto', 'required', 'none'])) });
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/** One block, or (since 2025-11-25) an array of blocks. */
export const SamplingContentSchema = z.union([
  SamplingMessageContentBlockSchema,
  z.array(SamplingMessageContentBlockSchema),
]);

export const SamplingMessageSchema = z.looseObject({
  role: RoleSchema,
  content: SamplingContentSchema,
  _meta: z.optional(MetaObjectSchema),
});
export type SamplingMessage = z.infer<typeof SamplingMessageSchema>;

export const CreateMessageRequestParamsSchema = RequestParamsSchema.extend({
  messages: z.array(SamplingMessageSchema),
  modelPreferences: z.optional(ModelPreferencesSchema),
  systemPrompt: z.optional(z.string()),
  includeContext: z.optional(z.enum(['none', 'thisServer', 'allServers'])),
  temperature: z.optional(z.number()),
  maxTokens: integer(),
  stopSequences: z.optional(z.array(z.string())),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  tools: z.optional(z.array(ToolSchema)),
  toolChoice: z.optional(ToolChoiceSchema),
  task: z.optional(TaskMetadataSchema),
});
export type CreateMessageRequestParams = z.infer<typeof CreateMessageRequestParamsSchema>;

export const CreateMessageRequestSchema = inputRequestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export type CreateMessageRequest = z.infer<typeof CreateMessageRequestSchema>;

export const CreateMessageResultSchema = ResultSchema.extend({
  role: RoleSchema,
  content: SamplingContentSchema,
  model: z.string(),
  /** `endTurn`, `stopSequence`, `maxTokens`, `toolUse`, or any provider-specific reason. */
  stopReason: z.optional(z.string()),
});
export type CreateMessageResult = z.infer<typeof CreateMessageResultSchema>;
