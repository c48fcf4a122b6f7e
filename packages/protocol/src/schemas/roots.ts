import { MetaObjectSchema } from './base.js';
import { notificationSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { inputRequestSchema } from './sampling.js';
import { z } from './zod.js';

// roots/list: the server asks which filesystem roots the client exposes.

/** Zod schema of `Root`. Represents a root directory or file that the server can operate on. */
export const RootSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    uri: /* @__PURE__ */ z.string(),
    name: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** Represents a root directory or file that the server can operate on. */
export type Root = z.infer<typeof RootSchema>;

/**
 * Zod schema of `ListRootsRequest`. Sent from the server to request a list of root URIs from the
 * client.
 */
export const ListRootsRequestSchema = /* @__PURE__ */ lazy(() =>
  inputRequestSchema('roots/list', /* @__PURE__ */ z.optional(built(RequestParamsSchema))),
);
/** Sent from the server to request a list of root URIs from the client. */
export type ListRootsRequest = z.infer<typeof ListRootsRequestSchema>;

/** Zod schema of `ListRootsResult`. The result returned by the client for a `roots/list` request. */
export const ListRootsResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    roots: /* @__PURE__ */ z.array(built(RootSchema)),
  }),
);
/** The result returned by the client for a `roots/list` request. */
export type ListRootsResult = z.infer<typeof ListRootsResultSchema>;

/** Up to 2025-11-25 (2026-07-28 has no server-bound notifications besides cancellation). */
export const RootsListChangedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/roots/list_changed',
    /* @__PURE__ */ z.optional(built(NotificationParamsSchema)),
  ),
);
/** A notification from the client to the server, informing it that the list of roots has changed. */
export type RootsListChangedNotification = z.infer<typeof RootsListChangedNotificationSchema>;
