import * as z from 'zod';
import { ImplementationSchema, integer, RequestIdSchema } from './base.js';
import { ClientCapabilitiesSchema, ServerCapabilitiesSchema } from './capabilities.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';

// Lifecycle and utilities: initialize (stateful revisions), server/discover (2026-07-28), ping,
// progress and cancellation.

export const InitializeRequestParamsSchema = RequestParamsSchema.extend({
  /** Any string: an unknown version is negotiated down, not rejected. */
  protocolVersion: z.string(),
  capabilities: ClientCapabilitiesSchema,
  clientInfo: ImplementationSchema,
});
export type InitializeRequestParams = z.infer<typeof InitializeRequestParamsSchema>;

export const InitializeRequestSchema = requestSchema('initialize', InitializeRequestParamsSchema);
export type InitializeRequest = z.infer<typeof InitializeRequestSchema>;

export const InitializeResultSchema = ResultSchema.extend({
  protocolVersion: z.string(),
  capabilities: ServerCapabilitiesSchema,
  serverInfo: ImplementationSchema,
  instructions: z.optional(z.string()),
});
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

export const InitializedNotificationSchema = notificationSchema(
  'notifications/initialized',
  z.optional(NotificationParamsSchema),
);
export type InitializedNotification = z.infer<typeof InitializedNotificationSchema>;

export const PingRequestSchema = requestSchema('ping', z.optional(RequestParamsSchema));
export type PingRequest = z.infer<typeof PingRequestSchema>;

/** 2026-07-28: what the server speaks and offers, asked before (or instead of) anything else. */
export const DiscoverRequestSchema = requestSchema('server/discover', z.optional(RequestParamsSchema));
export type DiscoverRequest = z.infer<typeof DiscoverRequestSchema>;

export const DiscoverResultSchema = ResultSchema.extend({
  supportedVersions: z.array(z.string()),
  capabilities: ServerCapabilitiesSchema,
  instructions: z.optional(z.string()),
  ttlMs: z.optional(integer().min(0)),
  cacheScope: z.optional(z.enum(['public', 'private'])),
});
export type DiscoverResult = z.infer<typeof DiscoverResultSchema>;

export const ProgressNotificationParamsSchema = NotificationParamsSchema.extend({
  progressToken: z.union([z.string(), integer()]),
  progress: z.number(),
  total: z.optional(z.number()),
  message: z.optional(z.string()),
});
export type ProgressNotificationParams = z.infer<typeof ProgressNotificationParamsSchema>;

export const ProgressNotificationSchema = notificationSchema(
  'notifications/progress',
  ProgressNotificationParamsSchema,
);
export type ProgressNotification = z.infer<typeof ProgressNotificationSchema>;

/** `requestId` is optional in 2025-11-25 (task cancellation), required in the other revisions. */
export const CancelledNotificationParamsSchema = NotificationParamsSchema.extend({
  requestId: z.optional(RequestIdSchema),
  reason: z.optional(z.string()),
});
export type CancelledNotificationParams = z.infer<typeof CancelledNotificationParamsSchema>;

export const CancelledNotificationSchema = notificationSchema(
  'notifications/cancelled',
  CancelledNotificationParamsSchema,
);
export type CancelledNotification = z.infer<typeof CancelledNotificationSchema>;
