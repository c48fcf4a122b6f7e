import * as z from 'zod';
import { MetaKey } from '../constants.js';
import {
  CursorSchema,
  ImplementationSchema,
  integer,
  LoggingLevelSchema,
  ProgressTokenSchema,
  RequestIdSchema,
  ResultTypeSchema,
} from './base.js';
import { ClientCapabilitiesSchema } from './capabilities.js';

// `_meta`, params and result bases. These accept every revision: the per-request keys that
// 2026-07-28 requires are optional here and required in the 2026-07-28 revision schemas.

/** Request `_meta`: progress token plus the 2026-07-28 per-request protocol facts. */
export const RequestMetaObjectSchema = z.looseObject({
  progressToken: z.optional(ProgressTokenSchema),
  [MetaKey.ProtocolVersion]: z.optional(z.string()),
  [MetaKey.ClientCapabilities]: z.optional(ClientCapabilitiesSchema),
  [MetaKey.ClientInfo]: z.optional(ImplementationSchema),
  [MetaKey.LogLevel]: z.optional(LoggingLevelSchema),
});
export type RequestMetaObject = z.infer<typeof RequestMetaObjectSchema>;

export const ResultMetaObjectSchema = z.looseObject({
  [MetaKey.ServerInfo]: z.optional(ImplementationSchema),
});
export type ResultMetaObject = z.infer<typeof ResultMetaObjectSchema>;

export const NotificationMetaObjectSchema = z.looseObject({
  [MetaKey.SubscriptionId]: z.optional(RequestIdSchema),
});
export type NotificationMetaObject = z.infer<typeof NotificationMetaObjectSchema>;

export const RequestParamsSchema = z.looseObject({ _meta: z.optional(RequestMetaObjectSchema) });
export type RequestParams = z.infer<typeof RequestParamsSchema>;

export const NotificationParamsSchema = z.looseObject({ _meta: z.optional(NotificationMetaObjectSchema) });
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

export const PaginatedRequestParamsSchema = RequestParamsSchema.extend({ cursor: z.optional(CursorSchema) });
export type PaginatedRequestParams = z.infer<typeof PaginatedRequestParamsSchema>;

/** Common result fields. `resultType` is required from 2026-07-28 on. */
export const ResultSchema = z.looseObject({
  _meta: z.optional(ResultMetaObjectSchema),
  resultType: z.optional(ResultTypeSchema),
});
export type Result = z.infer<typeof ResultSchema>;

export const EmptyResultSchema = ResultSchema;
export type EmptyResult = z.infer<typeof EmptyResultSchema>;

export const PaginatedResultSchema = ResultSchema.extend({ nextCursor: z.optional(CursorSchema) });
export type PaginatedResult = z.infer<typeof PaginatedResultSchema>;

/** 2026-07-28 cache hints (SEP-2549) on list and read results: optional before 2026-07-28. */
export const CacheHintsShape = {
  ttlMs: z.optional(integer().min(0)),
  cacheScope: z.optional(z.enum(['public', 'private'])),
};

export const CacheableResultSchema = ResultSchema.extend(CacheHintsShape);
export type CacheableResult = z.infer<typeof CacheableResultSchema>;
