import { ImplementationSchema, integer, RequestIdSchema } from './base.js';
import { ClientCapabilitiesSchema, ServerCapabilitiesSchema } from './capabilities.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { z } from './zod.js';

// Lifecycle and utilities: initialize (stateful revisions), server/discover (2026-07-28), ping,
// progress and cancellation.

/** Zod schema of `InitializeRequestParams`. Parameters for an `initialize` request. */
export const InitializeRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    /** Any string: an unknown version is negotiated down, not rejected. */
    protocolVersion: /* @__PURE__ */ z.string(),
    capabilities: built(ClientCapabilitiesSchema),
    clientInfo: built(ImplementationSchema),
  }),
);
/** Parameters for an `initialize` request. */
export type InitializeRequestParams = z.infer<typeof InitializeRequestParamsSchema>;

/**
 * Zod schema of `InitializeRequest`. This request is sent from the client to the server when it first
 * connects, asking it to begin initialization.
 */
export const InitializeRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('initialize', built(InitializeRequestParamsSchema)),
);
/**
 * This request is sent from the client to the server when it first connects, asking it to begin
 * initialization.
 */
export type InitializeRequest = z.infer<typeof InitializeRequestSchema>;

/**
 * Zod schema of `InitializeResult`. After receiving an initialize request from the client, the server
 * sends this response.
 */
export const InitializeResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    protocolVersion: /* @__PURE__ */ z.string(),
    capabilities: built(ServerCapabilitiesSchema),
    serverInfo: built(ImplementationSchema),
    instructions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** After receiving an initialize request from the client, the server sends this response. */
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

/**
 * Zod schema of `InitializedNotification`. This notification is sent from the client to the server
 * after initialization has finished.
 */
export const InitializedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/initialized',
    /* @__PURE__ */ z.optional(built(NotificationParamsSchema)),
  ),
);
/** This notification is sent from the client to the server after initialization has finished. */
export type InitializedNotification = z.infer<typeof InitializedNotificationSchema>;

/**
 * Zod schema of `PingRequest`. A ping, issued by either the server or the client, to check that the
 * other party is still alive.
 */
export const PingRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('ping', /* @__PURE__ */ z.optional(built(RequestParamsSchema))),
);
/** A ping, issued by either the server or the client, to check that the other party is still alive. */
export type PingRequest = z.infer<typeof PingRequestSchema>;

/** 2026-07-28: what the server speaks and offers, asked before (or instead of) anything else. */
export const DiscoverRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('server/discover', /* @__PURE__ */ z.optional(built(RequestParamsSchema))),
);
/**
 * A request from the client asking the server to advertise its supported protocol versions,
 * capabilities, and other metadata.
 */
export type DiscoverRequest = z.infer<typeof DiscoverRequestSchema>;

/** Zod schema of `DiscoverResult`. The result returned by the server for a `server/discover` request. */
export const DiscoverResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    supportedVersions: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
    capabilities: built(ServerCapabilitiesSchema),
    instructions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    ttlMs: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer().min(0)),
    cacheScope: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['public', 'private'])),
  }),
);
/** The result returned by the server for a `server/discover` request. */
export type DiscoverResult = z.infer<typeof DiscoverResultSchema>;

/** Zod schema of `ProgressNotificationParams`. Parameters for a `notifications/progress` notification. */
export const ProgressNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  built(NotificationParamsSchema).extend({
    progressToken: /* @__PURE__ */ z.union([/* @__PURE__ */ z.string(), /* @__PURE__ */ integer()]),
    progress: /* @__PURE__ */ z.number(),
    total: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
    message: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** Parameters for a `notifications/progress` notification. */
export type ProgressNotificationParams = z.infer<typeof ProgressNotificationParamsSchema>;

/**
 * Zod schema of `ProgressNotification`. An out-of-band notification used to inform the receiver of a
 * progress update for a long-running request.
 */
export const ProgressNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema('notifications/progress', built(ProgressNotificationParamsSchema)),
);
/**
 * An out-of-band notification used to inform the receiver of a progress update for a long-running
 * request.
 */
export type ProgressNotification = z.infer<typeof ProgressNotificationSchema>;

/** `requestId` is optional in 2025-11-25 (task cancellation), required in the other revisions. */
export const CancelledNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  built(NotificationParamsSchema).extend({
    requestId: /* @__PURE__ */ z.optional(built(RequestIdSchema)),
    reason: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** Parameters for a `notifications/cancelled` notification. */
export type CancelledNotificationParams = z.infer<typeof CancelledNotificationParamsSchema>;

/**
 * Zod schema of `CancelledNotification`. This notification is sent by the client to indicate that it
 * is cancelling a request it previously issued.
 */
export const CancelledNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema('notifications/cancelled', built(CancelledNotificationParamsSchema)),
);
/**
 * This notification is sent by the client to indicate that it is cancelling a request it previously
 * issued.
 */
export type CancelledNotification = z.infer<typeof CancelledNotificationSchema>;
