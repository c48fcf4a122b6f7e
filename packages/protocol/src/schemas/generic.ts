import { AnnotationsSchema, JSONObjectSchema, RoleSchema } from './base.js';
import { ResourceTemplateReferenceSchema } from './completion.js';
import { JSONRPCErrorResponseSchema, JSONRPCRequestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { PaginatedRequestParamsSchema } from './params.js';
import { z } from './zod.js';

// The spec's generic base types and the names older revisions used for today's types.

/** Any JSON value. */
export const JSONValueSchema: z.ZodType<unknown> = /* @__PURE__ */ lazy(() =>
  z.lazy(() =>
    z.union([z.string(), z.number(), z.boolean(), z.null(), built(JSONArraySchema), built(JSONObjectSchema)]),
  ),
);
/** Zod schema of any JSON array. */
export const JSONArraySchema = /* @__PURE__ */ lazy(() => z.array(/* @__PURE__ */ z.unknown()));

/** A request as the spec's base `Request` type: a method and optional params (no envelope). */
export const RequestSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    method: /* @__PURE__ */ z.string(),
    params: /* @__PURE__ */ z.optional(built(JSONObjectSchema)),
  }),
);
export type Request = z.infer<typeof RequestSchema>;

/** A notification as the spec's base `Notification` type (no envelope). */
export const NotificationSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    method: /* @__PURE__ */ z.string(),
    params: /* @__PURE__ */ z.optional(built(JSONObjectSchema)),
  }),
);
export type Notification = z.infer<typeof NotificationSchema>;

/** Any paginated list request. */
export const PaginatedRequestSchema = /* @__PURE__ */ lazy(() =>
  built(JSONRPCRequestSchema).extend({
    params: /* @__PURE__ */ z.optional(built(PaginatedRequestParamsSchema)),
  }),
);
/** A list request that may carry a `cursor` for the next page. */
export type PaginatedRequest = z.infer<typeof PaginatedRequestSchema>;

/** Up to 2025-06-18 the error response was called `JSONRPCError`. */
export const JSONRPCErrorSchema = JSONRPCErrorResponseSchema;

/** Up to 2025-03-26 `ref/resource` was called `ResourceReference`. */
export const ResourceReferenceSchema = ResourceTemplateReferenceSchema;

/** 2024-11-05: the base of content types carrying annotations (audience and priority). */
export const AnnotatedSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    annotations: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ built(AnnotationsSchema).extend({
        audience: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(RoleSchema))),
      }),
    ),
  }),
);
