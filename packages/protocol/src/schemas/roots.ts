import * as z from 'zod';
import { MetaObjectSchema } from './base.js';
import { notificationSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { inputRequestSchema } from './sampling.js';

// roots/list: the server asks which filesystem roots the client exposes.

export const RootSchema = /* @__PURE__ */ z.looseObject({
  uri: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  _meta: /* @__PURE__ */ z.optional(MetaObjectSchema),
});
export type Root = z.infer<typeof RootSchema>;

export const ListRootsRequestSchema = /* @__PURE__ */ inputRequestSchema(
  'roots/list',
  /* @__PURE__ */ z.optional(RequestParamsSchema),
);
export type ListRootsRequest = z.infer<typeof ListRootsRequestSchema>;

export const ListRootsResultSchema = /* @__PURE__ */ ResultSchema.extend({
  roots: /* @__PURE__ */ z.array(RootSchema),
});
export type ListRootsResult = z.infer<typeof ListRootsResultSchema>;

/** Up to 2025-11-25 (2026-07-28 has no server-bound notifications besides cancellation). */
export const RootsListChangedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/roots/list_changed',
  /* @__PURE__ */ z.optional(NotificationParamsSchema),
);
export type RootsListChangedNotification = z.infer<typeof RootsListChangedNotificationSchema>;
