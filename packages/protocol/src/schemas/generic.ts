import * as z from 'zod';
import { AnnotationsSchema, JSONObjectSchema, RoleSchema } from './base.js';
import { ResourceTemplateReferenceSchema } from './completion.js';
import { JSONRPCErrorResponseSchema, JSONRPCRequestSchema } from './jsonrpc.js';
import { PaginatedRequestParamsSchema } from './params.js';

// The spec's generic base types and the names older revisions used for today's types.

/** Any JSON value. */
export const JSONValueSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), JSONArraySchema, JSONObjectSchema]),
);
export const JSONArraySchema = z.array(z.unknown());

/** A request as the spec's base `Request` type: a method and optional params (no envelope). */
export const RequestSchema = z.looseObject({ method: z.string(), params: z.optional(JSONObjectSchema) });
export type Request = z.infer<typeof RequestSchema>;

/** A notification as the spec's base `Notification` type (no envelope). */
export const NotificationSchema = z.looseObject({ method: z.string(), params: z.optional(JSONObjectSchema) });
export type Notification = z.infer<typeof NotificationSchema>;

/** Any paginated list request. */
export const PaginatedRequestSchema = JSONRPCRequestSchema.extend({
  params: z.optional(PaginatedRequestParamsSchema),
});
export type PaginatedRequest = z.infer<typeof PaginatedRequestSchema>;

/** Up to 2025-06-18 the error response was called `JSONRPCError`. */
export const JSONRPCErrorSchema = JSONRPCErrorResponseSchema;

/** Up to 2025-03-26 `ref/resource` was called `ResourceReference`. */
export const ResourceReferenceSchema = ResourceTemplateReferenceSchema;

/** 2024-11-05: the base of content types carrying annotations (audience and priority). */
export const AnnotatedSchema = z.looseObject({
  annotations: z.optional(AnnotationsSchema.extend({ audience: z.optional(z.array(RoleSchema)) })),
});
