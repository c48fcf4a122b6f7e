import { ElicitRequestSchema, ElicitResultSchema } from './elicitation.js';
import { built, lazy } from './lazy.js';
import { RequestParamsSchema, ResultMetaObjectSchema } from './params.js';
import { ListRootsRequestSchema, ListRootsResultSchema } from './roots.js';
import { CreateMessageRequestSchema, CreateMessageResultSchema } from './sampling.js';
import { z } from './zod.js';

// Multi-round-trip requests (2026-07-28, SEP-2322): instead of calling the client, the server
// answers `input_required` with questions keyed by id; the client retries the original request
// with `inputResponses` under the same keys and the opaque `requestState` echoed back.

/** Zod schema of one input request of a 2026-07-28 `input_required` result. */
export const InputRequestSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    built(CreateMessageRequestSchema),
    built(ListRootsRequestSchema),
    built(ElicitRequestSchema),
  ]),
);
/**
 * A request the server needs answered to go on (2026-07-28 multi-round-trip requests): sampling, roots
 * or elicitation.
 */
export type InputRequest = z.infer<typeof InputRequestSchema>;

/** Zod schema of `InputRequests`. A map of server-initiated requests that the client must fulfill. */
export const InputRequestsSchema = /* @__PURE__ */ lazy(() =>
  z.record(/* @__PURE__ */ z.string(), built(InputRequestSchema)),
);
/** A map of server-initiated requests that the client must fulfill. */
export type InputRequests = z.infer<typeof InputRequestsSchema>;

/** An answer to one input request; its shape follows the question asked under the same key. */
export const InputResponseSchema = /* @__PURE__ */ lazy(() =>
  z.union([built(CreateMessageResultSchema), built(ListRootsResultSchema), built(ElicitResultSchema)]),
);
/** The client's answer to one input request, sent back with the retried request (2026-07-28). */
export type InputResponse = z.infer<typeof InputResponseSchema>;

/** Zod schema of `InputResponses`. A map of client responses to server-initiated requests. */
export const InputResponsesSchema = /* @__PURE__ */ lazy(() =>
  z.record(/* @__PURE__ */ z.string(), built(InputResponseSchema)),
);
/** A map of client responses to server-initiated requests. */
export type InputResponses = z.infer<typeof InputResponsesSchema>;

/** The params a retried request carries (mixed into tools/call, prompts/get, resources/read). */
export const InputResponseParamsShape = /* @__PURE__ */ lazy(() => ({
  inputResponses: /* @__PURE__ */ z.optional(built(InputResponsesSchema)),
  requestState: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
}));

/** Params of any request retried with answers (2026-07-28). */
export const InputResponseRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend(built(InputResponseParamsShape)),
);
/**
 * Params of a request retried with `inputResponses` (and `requestState`) after an `input_required`
 * result (2026-07-28).
 */
export type InputResponseRequestParams = z.infer<typeof InputResponseRequestParamsSchema>;

/**
 * Zod schema of `InputRequiredResult`. An InputRequiredResult sent by the server to indicate that
 * additional input is needed before the request can be completed.
 */
export const InputRequiredResultSchema = /* @__PURE__ */ lazy(() =>
  z
    .looseObject({
      _meta: /* @__PURE__ */ z.optional(built(ResultMetaObjectSchema)),
      resultType: /* @__PURE__ */ z.literal('input_required'),
      inputRequests: /* @__PURE__ */ z.optional(built(InputRequestsSchema)),
      requestState: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    })
    .refine((result) => result.inputRequests !== undefined || result.requestState !== undefined, {
      message: 'expected inputRequests or requestState (at least one must be present)',
      path: ['inputRequests'],
    }),
);
/**
 * An InputRequiredResult sent by the server to indicate that additional input is needed before the
 * request can be completed.
 */
export type InputRequiredResult = z.infer<typeof InputRequiredResultSchema>;
