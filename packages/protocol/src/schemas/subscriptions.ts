import { ImplementationSchema, type MetaShape, RequestIdSchema } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { z } from './zod.js';

// subscriptions/listen (2026-07-28): one long-lived request over which the server streams the
// notifications the client opted into.

/**
 * Zod schema of `SubscriptionFilter`. The set of notification types a client may opt in to on a
 * `subscriptions/listen` request.
 */
export const SubscriptionFilterSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    toolsListChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    promptsListChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    resourcesListChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    resourceSubscriptions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
    /** Tasks extension: the tasks whose status notifications the client wants. */
    taskIds: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  }),
);
/** The set of notification types a client may opt in to on a `subscriptions/listen` request. */
export type SubscriptionFilter = z.infer<typeof SubscriptionFilterSchema>;

/** Zod schema of `SubscriptionsListenRequestParams`. Parameters for a `subscriptions/listen` request. */
export const SubscriptionsListenRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    notifications: built(SubscriptionFilterSchema),
  }),
);
/** Parameters for a `subscriptions/listen` request. */
export type SubscriptionsListenRequestParams = z.infer<typeof SubscriptionsListenRequestParamsSchema>;

/**
 * Zod schema of `SubscriptionsListenRequest`. Sent from the client to open a long-lived channel for
 * receiving notifications outside the context of a specific request.
 */
export const SubscriptionsListenRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('subscriptions/listen', built(SubscriptionsListenRequestParamsSchema)),
);
/**
 * Sent from the client to open a long-lived channel for receiving notifications outside the context of
 * a specific request.
 */
export type SubscriptionsListenRequest = z.infer<typeof SubscriptionsListenRequestSchema>;

/**
 * Zod schema of `SubscriptionsListenResultMetaObject`. Extends `ResultMetaObject` with the
 * subscription-stream identifier carried by a `SubscriptionsListenResult`.
 */
export const SubscriptionsListenResultMetaObjectSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    'io.modelcontextprotocol/serverInfo': /* @__PURE__ */ z.optional(built(ImplementationSchema)),
    'io.modelcontextprotocol/subscriptionId': built(RequestIdSchema),
  } satisfies MetaShape),
);
/**
 * Extends `ResultMetaObject` with the subscription-stream identifier carried by a
 * `SubscriptionsListenResult`.
 */
export type SubscriptionsListenResultMetaObject = z.infer<typeof SubscriptionsListenResultMetaObjectSchema>;

/**
 * Zod schema of `SubscriptionsListenResult`. The response to a `subscriptions/listen` request,
 * signalling that the subscription has ended gracefully (for example, during server shutdown).
 */
export const SubscriptionsListenResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    _meta: built(SubscriptionsListenResultMetaObjectSchema),
  }),
);
/**
 * The response to a `subscriptions/listen` request, signalling that the subscription has ended
 * gracefully (for example, during server shutdown).
 */
export type SubscriptionsListenResult = z.infer<typeof SubscriptionsListenResultSchema>;

/**
 * Zod schema of `SubscriptionsAcknowledgedNotificationParams`. Parameters for a
 * `notifications/subscriptions/acknowledged` notification.
 */
export const SubscriptionsAcknowledgedNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  built(NotificationParamsSchema).extend({
    notifications: built(SubscriptionFilterSchema),
  }),
);
/** Parameters for a `notifications/subscriptions/acknowledged` notification. */
export type SubscriptionsAcknowledgedNotificationParams = z.infer<
  typeof SubscriptionsAcknowledgedNotificationParamsSchema
>;

/**
 * Zod schema of `SubscriptionsAcknowledgedNotification`. Sent by the server to acknowledge that a
 * `subscriptions/listen` subscription has been established and to report which notification types it
 * agreed to honor.
 */
export const SubscriptionsAcknowledgedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/subscriptions/acknowledged',
    built(SubscriptionsAcknowledgedNotificationParamsSchema),
  ),
);
/**
 * Sent by the server to acknowledge that a `subscriptions/listen` subscription has been established
 * and to report which notification types it agreed to honor.
 */
export type SubscriptionsAcknowledgedNotification = z.infer<
  typeof SubscriptionsAcknowledgedNotificationSchema
>;
