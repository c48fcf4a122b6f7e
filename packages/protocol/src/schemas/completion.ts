import { integer } from './base.js';
import { requestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { RequestParamsSchema, ResultSchema } from './params.js';
import { z } from './zod.js';

// completion/complete: argument autocompletion for prompts and resource templates.

/** Zod schema of `PromptReference`. Identifies a prompt. */
export const PromptReferenceSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('ref/prompt'),
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** Identifies a prompt. */
export type PromptReference = z.infer<typeof PromptReferenceSchema>;

/** Named `ResourceReference` before 2025-06-18; same shape. */
export const ResourceTemplateReferenceSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('ref/resource'),
    uri: /* @__PURE__ */ z.string(),
  }),
);
/** A reference to a resource or resource template definition. */
export type ResourceTemplateReference = z.infer<typeof ResourceTemplateReferenceSchema>;

/** Zod schema of `CompleteRequestParams`. Parameters for a `completion/complete` request. */
export const CompleteRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    ref: /* @__PURE__ */ z.discriminatedUnion('type', [
      built(PromptReferenceSchema),
      built(ResourceTemplateReferenceSchema),
    ]),
    argument: /* @__PURE__ */ z.looseObject({
      name: /* @__PURE__ */ z.string(),
      value: /* @__PURE__ */ z.string(),
    }),
    /** Since 2025-06-18: values of arguments already resolved. */
    context: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.looseObject({
        arguments: /* @__PURE__ */ z.optional(
          /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.string()),
        ),
      }),
    ),
  }),
);
/** Parameters for a `completion/complete` request. */
export type CompleteRequestParams = z.infer<typeof CompleteRequestParamsSchema>;

/**
 * Zod schema of `CompleteRequest`. A request from the client to the server, to ask for completion
 * options.
 */
export const CompleteRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('completion/complete', built(CompleteRequestParamsSchema)),
);
/** A request from the client to the server, to ask for completion options. */
export type CompleteRequest = z.infer<typeof CompleteRequestSchema>;

/**
 * Zod schema of `CompleteResult`. The result returned by the server for a `completion/complete`
 * request.
 */
export const CompleteResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    completion: /* @__PURE__ */ z.looseObject({
      /** At most 100 (schema.json enforces it from 2026-07-28 on; see that revision). */
      values: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
      total: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
      hasMore: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    }),
  }),
);
/** The result returned by the server for a `completion/complete` request. */
export type CompleteResult = z.infer<typeof CompleteResultSchema>;
