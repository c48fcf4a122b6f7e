import * as z from 'zod';
import { MetaKey } from '../constants.js';
import { ImplementationSchema, RequestIdSchema } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';

// subscriptions/listen (2026-07-28): one long-lived request over which the server streams the
// notifications the client opted into.

export const SubscriptionFilterSchema = z.looseObject({
  toolsListChanged: z.optional(z.boolean()),
  promptsListChanged: z.optional(z.boolean()),
  resourcesListChanged: z.optional(z.boolean()),
  resourceSubscriptions: z.optional(z.array(z.string())),
  /** Tasks extension: the tasks whose status notifications the client wants. */
  taskIds: z.optional(z.array(z.string())),
});
export type SubscriptionFilter = z.infer<typeof SubscriptionFilterSchema>;

export const SubscriptionsListenRequestParamsSchema = RequestParamsSchema.extend({
  notifications: SubscriptionFilterSchema,
});
export type SubscriptionsListenRequestParams = z.infer<typeof SubscriptionsListenRequestParamsSchema>;

export const SubscriptionsListenRequestSchema = requestSchema(
  'subscriptions/listen',
  SubscriptionsListenRequestParamsSchema,
);
export type SubscriptionsListenRequest = z.infer<typeof SubscriptionsListenRequestSchema>;

export const SubscriptionsListenResultMetaObjectSchema = z.looseObject({
  [MetaKey.ServerInfo]: z.optional(ImplementationSchema),
  [MetaKey.SubscriptionId]: RequestIdSchema,
});
export type SubscriptionsListenResultMetaObject = z.infer<typeof SubscriptionsListenResultMetaObjectSchema>;

export const SubscriptionsListenResultSchema = ResultSchema.extend({
  _meta: SubscriptionsListenResultMetaObjectSchema,
});
export type SubscriptionsListenResult = z.infer<typeof SubscriptionsListenResultSchema>;

export const SubscriptionsAcknowledgedNotificationParamsSchema = NotificationParamsSchema.extend({
  notifications: SubscriptionFilterSchema,
});
export type SubscriptionsAcknowledgedNotificationParams = z.infer<
  typeof SubscriptionsAcknowledgedNotificationParamsSchema
>;

export const SubscriptionsAcknowledgedNotificationSchema = notificationSchema(
  'notifications/subscriptions/acknowledged',
  SubscriptionsAcknowledgedNotificationParamsSchema,
);
export type SubscriptionsAcknowledgedNotification = z.infer<
  typeof SubscriptionsAcknowledgedNotificationSchema
>;
