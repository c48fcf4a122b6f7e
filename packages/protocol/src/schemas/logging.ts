import * as z from 'zod';
import { LoggingLevelSchema } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema } from './params.js';

// logging/setLevel (up to 2025-11-25; 2026-07-28 carries the level in request `_meta`) and log
// message notifications.

export const SetLevelRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  level: LoggingLevelSchema,
});
export type SetLevelRequestParams = z.infer<typeof SetLevelRequestParamsSchema>;

export const SetLevelRequestSchema = /* @__PURE__ */ requestSchema(
  'logging/setLevel',
  SetLevelRequestParamsSchema,
);
export type SetLevelRequest = z.infer<typeof SetLevelRequestSchema>;

export const LoggingMessageNotificationParamsSchema = /* @__PURE__ */ NotificationParamsSchema.extend({
  level: LoggingLevelSchema,
  logger: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  data: /* @__PURE__ */ z.unknown(),
});
export type LoggingMessageNotificationParams = z.infer<typeof LoggingMessageNotificationParamsSchema>;

export const LoggingMessageNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/message',
  LoggingMessageNotificationParamsSchema,
);
export type LoggingMessageNotification = z.infer<typeof LoggingMessageNotificationSchema>;
