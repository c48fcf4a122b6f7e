import * as z from 'zod';
import { integer } from './base.js';
import { requestSchema } from './jsonrpc.js';
import { RequestParamsSchema, ResultSchema } from './params.js';

// completion/complete: argument autocompletion for prompts and resource templates.

export const PromptReferenceSchema = z.looseObject({
  type: z.literal('ref/prompt'),
  name: z.string(),
  title: z.optional(z.string()),
});
export type PromptReference = z.infer<typeof PromptReferenceSchema>;

/** Named `ResourceReference` before 2025-06-18; same shape. */
export const ResourceTemplateReferenceSchema = z.looseObject({
  type: z.literal('ref/resource'),
  uri: z.string(),
});
export type ResourceTemplateReference = z.infer<typeof ResourceTemplateReferenceSchema>;

export const CompleteRequestParamsSchema = RequestParamsSchema.extend({
  ref: z.discriminatedUnion('type', [PromptReferenceSchema, ResourceTemplateReferenceSchema]),
  argument: z.looseObject({ name: z.string(), value: z.string() }),
  /** Since 2025-06-18: values of arguments already resolved. */
  context: z.optional(z.looseObject({ arguments: z.optional(z.record(z.string(), z.string())) })),
});
export type CompleteRequestParams = z.infer<typeof CompleteRequestParamsSchema>;

export const CompleteRequestSchema = requestSchema('completion/complete', CompleteRequestParamsSchema);
export type CompleteRequest = z.infer<typeof CompleteRequestSchema>;

export const CompleteResultSchema = ResultSchema.extend({
  completion: z.looseObject({
    /** At most 100 (schema.json enforces it from 2026-07-28 on; see that revision). */
    values: z.array(z.string()),
    total: z.optional(integer()),
    hasMore: z.optional(z.boolean()),
  }),
});
export type CompleteResult = z.infer<typeof CompleteResultSchema>;
