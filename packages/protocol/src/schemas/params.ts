import {
  CursorSchema,
  ImplementationSchema,
  integer,
  LoggingLevelSchema,
  type MetaShape,
  ProgressTokenSchema,
  RequestIdSchema,
  ResultTypeSchema,
} from './base.js';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// `_meta`, params and result bases. These accept every revision: the per-request keys that
// 2026-07-28 requires are optional here and required in the 2026-07-28 revision schemas. The
// `_meta` keys are MetaKey values spelled out (see MetaShape).

/** Request `_meta`: progress token plus the 2026-07-28 per-request protocol facts. */
export const RequestMetaObjectSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    progressToken: /* @__PURE__ */ z.optional(built(ProgressTokenSchema)),
    'io.modelcontextprotocol/protocolVersion': /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    'io.modelcontextprotocol/clientCapabilities': /* @__PURE__ */ z.optional(built(ClientCapabilitiesSchema)),
    'io.modelcontextprotocol/clientInfo': /* @__PURE__ */ z.optional(built(ImplementationSchema)),
    'io.modelcontextprotocol/logLevel': /* @__PURE__ */ z.optional(built(LoggingLevelSchema)),
  } satisfies MetaShape & { progressToken: z.ZodType }),
);
/** Extends `MetaObject` with additional request-specific fields. */
export type RequestMetaObject = z.infer<typeof RequestMetaObjectSchema>;

/** Zod schema of `ResultMetaObject`. Extends `MetaObject` with additional result-specific fields. */
export const ResultMetaObjectSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    'io.modelcontextprotocol/serverInfo': /* @__PURE__ */ z.optional(built(ImplementationSchema)),
  } satisfies MetaShape),
);
/** Extends `MetaObject` with additional result-specific fields. */
export type ResultMetaObject = z.infer<typeof ResultMetaObjectSchema>;

/**
 * Zod schema of `NotificationMetaObject`. Extends `MetaObject` with additional notification-specific
 * fields.
 */
export const NotificationMetaObjectSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    'io.modelcontextprotocol/subscriptionId': /* @__PURE__ */ z.optional(built(RequestIdSchema)),
  } satisfies MetaShape),
);
/** Extends `MetaObject` with additional notification-specific fields. */
export type NotificationMetaObject = z.infer<typeof NotificationMetaObjectSchema>;

/** Zod schema of `RequestParams`. Common params for any request. */
export const RequestParamsSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    _meta: /* @__PURE__ */ z.optional(built(RequestMetaObjectSchema)),
  }),
);
/** Common params for any request. */
export type RequestParams = z.infer<typeof RequestParamsSchema>;

/** Zod schema of `NotificationParams`. Common params for any notification. */
export const NotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    _meta: /* @__PURE__ */ z.optional(built(NotificationMetaObjectSchema)),
  }),
);
/** Common params for any notification. */
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

/** Zod schema of `PaginatedRequestParams`. Common params for paginated requests. */
export const PaginatedRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    cursor: /* @__PURE__ */ z.optional(built(CursorSchema)),
  }),
);
/** Common params for paginated requests. */
export type PaginatedRequestParams = z.infer<typeof PaginatedRequestParamsSchema>;

/** Common result fields. `resultType` is required from 2026-07-28 on. */
export const ResultSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    _meta: /* @__PURE__ */ z.optional(built(ResultMetaObjectSchema)),
    resultType: /* @__PURE__ */ z.optional(built(ResultTypeSchema)),
  }),
);
/** Common result fields. */
export type Result = z.infer<typeof ResultSchema>;

/** Zod schema of `EmptyResult`. Common result fields. */
export const EmptyResultSchema = ResultSchema;
/** Common result fields. */
export type EmptyResult = z.infer<typeof EmptyResultSchema>;

/**
 * Zod schema of `PaginatedResult`. A list result that may carry a `nextCursor` when there are more
 * pages.
 */
export const PaginatedResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    nextCursor: /* @__PURE__ */ z.optional(built(CursorSchema)),
  }),
);
/** A list result that may carry a `nextCursor` when there are more pages. */
export type PaginatedResult = z.infer<typeof PaginatedResultSchema>;

/** 2026-07-28 cache hints (SEP-2549) on list and read results: optional before 2026-07-28. */
export const CacheHintsShape = /* @__PURE__ */ lazy(() => ({
  ttlMs: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer().min(0)),
  cacheScope: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['public', 'private'])),
}));

/**
 * Zod schema of `CacheableResult`. A result that supports a time-to-live (TTL) hint for client-side
 * caching.
 */
export const CacheableResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend(built(CacheHintsShape)),
);
/** A result that supports a time-to-live (TTL) hint for client-side caching. */
export type CacheableResult = z.infer<typeof CacheableResultSchema>;
