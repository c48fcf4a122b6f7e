import { LoggingLevelSchema } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { NotificationParamsSchema, RequestParamsSchema } from './params.js';
import { z } from './zod.js';

// logging/setLevel (up to 2025-11-25; 2026-07-28 carries the level in request `_meta`) and log
// message notifications.

/** Zod schema of `SetLevelRequestParams`. Parameters for a `logging/setLevel` request. */
export const SetLevelRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    level: built(LoggingLevelSchema),
  }),
);
/** Parameters for a `logging/setLevel` request. */
export type SetLevelRequestParams = z.infer<typeof SetLevelRequestParamsSchema>;

/**
 * Zod schema of `SetLevelRequest`. A request from the client to the server, to enable or adjust
 * logging.
 */
export const SetLevelRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('logging/setLevel', built(SetLevelRequestParamsSchema)),
);
/** A request from the client to the server, to enable or adjust logging. */
export type SetLevelRequest = z.infer<typeof SetLevelRequestSchema>;

/**
 * Zod schema of `LoggingMessageNotificationParams`. Parameters for a `notifications/message`
 * notification.
 */
export const LoggingMessageNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  built(NotificationParamsSchema).extend({
    level: built(LoggingLevelSchema),
    logger: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    data: /* @__PURE__ */ z.unknown(),
  }),
);
/** Parameters for a `notifications/message` notification. */
export type LoggingMessageNotificationParams = z.infer<typeof LoggingMessageNotificationParamsSchema>;

/**
 * Zod schema of `LoggingMessageNotification`. JSONRPCNotification of a log message passed from server
 * to client.
 */
export const LoggingMessageNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema('notifications/message', built(LoggingMessageNotificationParamsSchema)),
);
/** JSONRPCNotification of a log message passed from server to client. */
export type LoggingMessageNotification = z.infer<typeof LoggingMessageNotificationSchema>;
