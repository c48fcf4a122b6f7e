import * as z from 'zod';
import { ImplementationSchema, type MetaShape, RequestIdSchema } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';

// subscriptions/listen (2026-07-28): one long-lived request over which the server streams the
// notifications the client opted into.

export const SubscriptionFilterSchema = /* @__PURE__ */ z.looseObject({
  toolsListChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  promptsListChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  resourcesListChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  resourceSubscriptions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  /** Tasks extension: the tasks whose status notifications the client wants. */
  taskIds: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
});
export type SubscriptionFilter = z.infer<typeof SubscriptionFilterSchema>;

export const SubscriptionsListenRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  notifications: SubscriptionFilterSchema,
});
export type SubscriptionsListenRequestParams = z.infer<typeof SubscriptionsListenRequestParamsSchema>;

export const SubscriptionsListenRequestSchema = /* @__PURE__ */ requestSchema(
  'subscriptions/listen',
  SubscriptionsListenRequestParamsSchema,
);
export type SubscriptionsListenRequest = z.infer<typeof SubscriptionsListenRequestSchema>;

export const SubscriptionsListenResultMetaObjectSchema = /* @__PURE__ */ z.looseObject({
  'io.modelcontextprotocol/serverInfo': /* @__PURE__ */ z.optional(ImplementationSchema),
  'io.modelcontextprotocol/subscriptionId': RequestIdSchema,
} satisfies MetaShape);
export type SubscriptionsListenResultMetaObject = z.infer<typeof SubscriptionsListenResultMetaObjectSchema>;

export const SubscriptionsListenResultSchema = /* @__PURE__ */ ResultSchema.extend({
  _meta: SubscriptionsListenResultMetaObjectSchema,
});
export type SubscriptionsListenResult = z.infer<typeof SubscriptionsListenResultSchema>;

export const SubscriptionsAcknowledgedNotificationParamsSchema =
  /* @__PURE__ */ NotificationParamsSchema.extend({
    notifications: SubscriptionFilterSchema,
  });
export type SubscriptionsAcknowledgedNotificationParams = z.infer<
  typeof SubscriptionsAcknowledgedNotificationParamsSchema
>;

export const SubscriptionsAcknowledgedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/subscriptions/acknowledged',
  SubscriptionsAcknowledgedNotificationParamsSchema,
);
export type SubscriptionsAcknowledgedNotification = z.infer<
  typeof SubscriptionsAcknowledgedNotificationSchema
>;
