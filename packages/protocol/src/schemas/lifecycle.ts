import * as z from 'zod';
import { ImplementationSchema, integer, RequestIdSchema } from './base.js';
import { ClientCapabilitiesSchema, ServerCapabilitiesSchema } from './capabilities.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';

// Lifecycle and utilities: initialize (stateful revisions), server/discover (2026-07-28), ping,
// progress and cancellation.

export const InitializeRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  /** Any string: an unknown version is negotiated down, not rejected. */
  protocolVersion: /* @__PURE__ */ z.string(),
  capabilities: ClientCapabilitiesSchema,
  clientInfo: ImplementationSchema,
});
export type InitializeRequestParams = z.infer<typeof InitializeRequestParamsSchema>;

export const InitializeRequestSchema = /* @__PURE__ */ requestSchema(
  'initialize',
  InitializeRequestParamsSchema,
);
export type InitializeRequest = z.infer<typeof InitializeRequestSchema>;

export const InitializeResultSchema = /* @__PURE__ */ ResultSchema.extend({
  protocolVersion: /* @__PURE__ */ z.string(),
  capabilities: ServerCapabilitiesSchema,
  serverInfo: ImplementationSchema,
  instructions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

export const InitializedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/initialized',
  /* @__PURE__ */ z.optional(NotificationParamsSchema),
);
export type InitializedNotification = z.infer<typeof InitializedNotificationSchema>;

export const PingRequestSchema = /* @__PURE__ */ requestSchema(
  'ping',
  /* @__PURE__ */ z.optional(RequestParamsSchema),
);
export type PingRequest = z.infer<typeof PingRequestSchema>;

/** 2026-07-28: what the server speaks and offers, asked before (or instead of) anything else. */
export const DiscoverRequestSchema = /* @__PURE__ */ requestSchema(
  'server/discover',
  /* @__PURE__ */ z.optional(RequestParamsSchema),
);
export type DiscoverRequest = z.infer<typeof DiscoverRequestSchema>;

export const DiscoverResultSchema = /* @__PURE__ */ ResultSchema.extend({
  supportedVersions: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  capabilities: ServerCapabilitiesSchema,
  instructions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  ttlMs: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer().min(0)),
  cacheScope: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['public', 'private'])),
});
export type DiscoverResult = z.infer<typeof DiscoverResultSchema>;

export const ProgressNotificationParamsSchema = /* @__PURE__ */ NotificationParamsSchema.extend({
  progressToken: /* @__PURE__ */ z.union([/* @__PURE__ */ z.string(), /* @__PURE__ */ integer()]),
  progress: /* @__PURE__ */ z.number(),
  total: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
  message: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type ProgressNotificationParams = z.infer<typeof ProgressNotificationParamsSchema>;

export const ProgressNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/progress',
  ProgressNotificationParamsSchema,
);
export type ProgressNotification = z.infer<typeof ProgressNotificationSchema>;

/** `requestId` is optional in 2025-11-25 (task cancellation), required in the other revisions. */
export const CancelledNotificationParamsSchema = /* @__PURE__ */ NotificationParamsSchema.extend({
  requestId: /* @__PURE__ */ z.optional(RequestIdSchema),
  reason: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type CancelledNotificationParams = z.infer<typeof CancelledNotificationParamsSchema>;

export const CancelledNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/cancelled',
  CancelledNotificationParamsSchema,
);
export type CancelledNotification = z.infer<typeof CancelledNotificationSchema>;
