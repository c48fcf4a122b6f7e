import { AnnotationsSchema, IconSchema, MetaObjectSchema } from './base.js';
import { ResourceContentsItemSchema, ResourceSchema } from './content.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { InputResponseParamsShape } from './mrtr.js';
import {
  CacheHintsShape,
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  PaginatedResultSchema,
  RequestParamsSchema,
  ResultSchema,
} from './params.js';
import { z } from './zod.js';

// resources/list, resources/templates/list, resources/read, subscribe/unsubscribe and the
// resource notifications.

/** Zod schema of `ResourceTemplate`. A template description for resources available on the server. */
export const ResourceTemplateSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    uriTemplate: /* @__PURE__ */ z.string(),
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    mimeType: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(IconSchema))),
    annotations: /* @__PURE__ */ z.optional(built(AnnotationsSchema)),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** A template description for resources available on the server. */
export type ResourceTemplate = z.infer<typeof ResourceTemplateSchema>;

/**
 * Zod schema of `ListResourcesRequest`. Sent from the client to request a list of resources the server
 * has.
 */
export const ListResourcesRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('resources/list', /* @__PURE__ */ z.optional(built(PaginatedRequestParamsSchema))),
);
/** Sent from the client to request a list of resources the server has. */
export type ListResourcesRequest = z.infer<typeof ListResourcesRequestSchema>;

/**
 * Zod schema of `ListResourcesResult`. The result returned by the server for a `resources/list`
 * request.
 */
export const ListResourcesResultSchema = /* @__PURE__ */ lazy(() =>
  built(PaginatedResultSchema)
    .extend({
      resources: /* @__PURE__ */ z.array(built(ResourceSchema)),
    })
    .extend(built(CacheHintsShape)),
);
/** The result returned by the server for a `resources/list` request. */
export type ListResourcesResult = z.infer<typeof ListResourcesResultSchema>;

/**
 * Zod schema of `ListResourceTemplatesRequest`. Sent from the client to request a list of resource
 * templates the server has.
 */
export const ListResourceTemplatesRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('resources/templates/list', /* @__PURE__ */ z.optional(built(PaginatedRequestParamsSchema))),
);
/** Sent from the client to request a list of resource templates the server has. */
export type ListResourceTemplatesRequest = z.infer<typeof ListResourceTemplatesRequestSchema>;

/**
 * Zod schema of `ListResourceTemplatesResult`. The result returned by the server for a
 * `resources/templates/list` request.
 */
export const ListResourceTemplatesResultSchema = /* @__PURE__ */ lazy(() =>
  built(PaginatedResultSchema)
    .extend({
      resourceTemplates: /* @__PURE__ */ z.array(built(ResourceTemplateSchema)),
    })
    .extend(built(CacheHintsShape)),
);
/** The result returned by the server for a `resources/templates/list` request. */
export type ListResourceTemplatesResult = z.infer<typeof ListResourceTemplatesResultSchema>;

/** Zod schema of `ResourceRequestParams`. Common params for resource-related requests. */
export const ResourceRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    uri: /* @__PURE__ */ z.string(),
  }),
);
/** Common params for resource-related requests. */
export type ResourceRequestParams = z.infer<typeof ResourceRequestParamsSchema>;

/** Zod schema of `ReadResourceRequestParams`. Parameters for a `resources/read` request. */
export const ReadResourceRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(ResourceRequestParamsSchema).extend(built(InputResponseParamsShape)),
);
/** Parameters for a `resources/read` request. */
export type ReadResourceRequestParams = z.infer<typeof ReadResourceRequestParamsSchema>;

/**
 * Zod schema of `ReadResourceRequest`. Sent from the client to the server, to read a specific resource
 * URI.
 */
export const ReadResourceRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('resources/read', built(ReadResourceRequestParamsSchema)),
);
/** Sent from the client to the server, to read a specific resource URI. */
export type ReadResourceRequest = z.infer<typeof ReadResourceRequestSchema>;

/** Zod schema of `ReadResourceResult`. The result returned by the server for a `resources/read` request. */
export const ReadResourceResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema)
    .extend({
      contents: /* @__PURE__ */ z.array(built(ResourceContentsItemSchema)),
    })
    .extend(built(CacheHintsShape)),
);
/** The result returned by the server for a `resources/read` request. */
export type ReadResourceResult = z.infer<typeof ReadResourceResultSchema>;

/** Up to 2025-11-25 (2026-07-28 subscribes through subscriptions/listen). */
export const SubscribeRequestParamsSchema = ResourceRequestParamsSchema;
/** Parameters for a `resources/subscribe` request. */
export type SubscribeRequestParams = z.infer<typeof SubscribeRequestParamsSchema>;
/**
 * Zod schema of `SubscribeRequest`. Sent from the client to request resources/updated notifications
 * from the server whenever a particular resource changes.
 */
export const SubscribeRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('resources/subscribe', SubscribeRequestParamsSchema),
);
/**
 * Sent from the client to request resources/updated notifications from the server whenever a
 * particular resource changes.
 */
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** Zod schema of `UnsubscribeRequestParams`. Parameters for a `resources/unsubscribe` request. */
export const UnsubscribeRequestParamsSchema = ResourceRequestParamsSchema;
/** Parameters for a `resources/unsubscribe` request. */
export type UnsubscribeRequestParams = z.infer<typeof UnsubscribeRequestParamsSchema>;
/**
 * Zod schema of `UnsubscribeRequest`. Sent from the client to request cancellation of
 * resources/updated notifications from the server.
 */
export const UnsubscribeRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('resources/unsubscribe', UnsubscribeRequestParamsSchema),
);
/** Sent from the client to request cancellation of resources/updated notifications from the server. */
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequestSchema>;

/**
 * Zod schema of `ResourceUpdatedNotificationParams`. Parameters for a
 * `notifications/resources/updated` notification.
 */
export const ResourceUpdatedNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  built(NotificationParamsSchema).extend({
    uri: /* @__PURE__ */ z.string(),
  }),
);
/** Parameters for a `notifications/resources/updated` notification. */
export type ResourceUpdatedNotificationParams = z.infer<typeof ResourceUpdatedNotificationParamsSchema>;
/**
 * Zod schema of `ResourceUpdatedNotification`. A notification from the server to the client, informing
 * it that a resource has changed and may need to be read again.
 */
export const ResourceUpdatedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema('notifications/resources/updated', built(ResourceUpdatedNotificationParamsSchema)),
);
/**
 * A notification from the server to the client, informing it that a resource has changed and may need
 * to be read again.
 */
export type ResourceUpdatedNotification = z.infer<typeof ResourceUpdatedNotificationSchema>;

/**
 * Zod schema of `ResourceListChangedNotification`. An optional notification from the server to the
 * client, informing it that the list of resources it can read from has changed.
 */
export const ResourceListChangedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/resources/list_changed',
    /* @__PURE__ */ z.optional(built(NotificationParamsSchema)),
  ),
);
/**
 * An optional notification from the server to the client, informing it that the list of resources it
 * can read from has changed.
 */
export type ResourceListChangedNotification = z.infer<typeof ResourceListChangedNotificationSchema>;
