import * as z from 'zod';
import { ElicitRequestSchema, ElicitResultSchema } from './elicitation.js';
import { RequestParamsSchema, ResultMetaObjectSchema } from './params.js';
import { ListRootsRequestSchema, ListRootsResultSchema } from './roots.js';
import { CreateMessageRequestSchema, CreateMessageResultSchema } from './sampling.js';

// Multi-round-trip requests (2026-07-28, SEP-2322): instead of calling the client, the server
// answers `input_required` with questions keyed by id; the client retries the original request
// with `inputResponses` under the same keys and the opaque `requestState` echoed back.

export const InputRequestSchema = /* @__PURE__ */ z.discriminatedUnion('method', [
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
  ElicitRequestSchema,
]);
export type InputRequest = z.infer<typeof InputRequestSchema>;

export const InputRequestsSchema = /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), InputRequestSchema);
export type InputRequests = z.infer<typeof InputRequestsSchema>;

/** An answer to one input request; its shape follows the question asked under the same key. */
export const InputResponseSchema = /* @__PURE__ */ z.union([
  CreateMessageResultSchema,
  ListRootsResultSchema,
  ElicitResultSchema,
]);
export type InputResponse = z.infer<typeof InputResponseSchema>;

export const InputResponsesSchema = /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), InputResponseSchema);
export type InputResponses = z.infer<typeof InputResponsesSchema>;

/** The params a retried request carries (mixed into tools/call, prompts/get, resources/read). */
export const InputResponseParamsShape = {
  inputResponses: /* @__PURE__ */ z.optional(InputResponsesSchema),
  requestState: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
};

/** Params of any request retried with answers (2026-07-28). */
export const InputResponseRequestParamsSchema =
  /* @__PURE__ */ RequestParamsSchema.extend(InputResponseParamsShape);
export type InputResponseRequestParams = z.infer<typeof InputResponseRequestParamsSchema>;

export const InputRequiredResultSchema = /* @__PURE__ */ z
  .looseObject({
    _meta: /* @__PURE__ */ z.optional(ResultMetaObjectSchema),
    resultType: /* @__PURE__ */ z.literal('input_required'),
    inputRequests: /* @__PURE__ */ z.optional(InputRequestsSchema),
    requestState: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  })
  .refine((result) => result.inputRequests !== undefined || result.requestState !== undefined, {
    message: 'expected inputRequests or requestState (at least one must be present)',
    path: ['inputRequests'],
  });
export type InputRequiredResult = z.infer<typeof InputRequiredResultSchema>;
