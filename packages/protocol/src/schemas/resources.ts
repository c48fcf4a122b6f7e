import * as z from 'zod';
import { AnnotationsSchema, IconSchema, MetaObjectSchema } from './base.js';
import { ResourceContentsItemSchema, ResourceSchema } from './content.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { InputResponseParamsShape } from './mrtr.js';
import {
  CacheHintsShape,
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  PaginatedResultSchema,
  RequestParamsSchema,
  ResultSchema,
} from './params.js';

// resources/list, resources/templates/list, resources/read, subscribe/unsubscribe and the
// resource notifications.

export const ResourceTemplateSchema = /* @__PURE__ */ z.looseObject({
  uriTemplate: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  mimeType: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(IconSchema)),
  annotations: /* @__PURE__ */ z.optional(AnnotationsSchema),
  _meta: /* @__PURE__ */ z.optional(MetaObjectSchema),
});
export type ResourceTemplate = z.infer<typeof ResourceTemplateSchema>;

export const ListResourcesRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/list',
  /* @__PURE__ */ z.optional(PaginatedRequestParamsSchema),
);
export type ListResourcesRequest = z.infer<typeof ListResourcesRequestSchema>;

export const ListResourcesResultSchema = /* @__PURE__ */ PaginatedResultSchema.extend({
  resources: /* @__PURE__ */ z.array(ResourceSchema),
}).extend(CacheHintsShape);
export type ListResourcesResult = z.infer<typeof ListResourcesResultSchema>;

export const ListResourceTemplatesRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/templates/list',
  /* @__PURE__ */ z.optional(PaginatedRequestParamsSchema),
);
export type ListResourceTemplatesRequest = z.infer<typeof ListResourceTemplatesRequestSchema>;

export const ListResourceTemplatesResultSchema = /* @__PURE__ */ PaginatedResultSchema.extend({
  resourceTemplates: /* @__PURE__ */ z.array(ResourceTemplateSchema),
}).extend(CacheHintsShape);
export type ListResourceTemplatesResult = z.infer<typeof ListResourceTemplatesResultSchema>;

export const ResourceRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  uri: /* @__PURE__ */ z.string(),
});
export type ResourceRequestParams = z.infer<typeof ResourceRequestParamsSchema>;

export const ReadResourceRequestParamsSchema =
  /* @__PURE__ */ ResourceRequestParamsSchema.extend(InputResponseParamsShape);
export type ReadResourceRequestParams = z.infer<typeof ReadResourceRequestParamsSchema>;

export const ReadResourceRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/read',
  ReadResourceRequestParamsSchema,
);
export type ReadResourceRequest = z.infer<typeof ReadResourceRequestSchema>;

export const ReadResourceResultSchema = /* @__PURE__ */ ResultSchema.extend({
  contents: /* @__PURE__ */ z.array(ResourceContentsItemSchema),
}).extend(CacheHintsShape);
export type ReadResourceResult = z.infer<typeof ReadResourceResultSchema>;

/** Up to 2025-11-25 (2026-07-28 subscribes through subscriptions/listen). */
export const SubscribeRequestParamsSchema = ResourceRequestParamsSchema;
export type SubscribeRequestParams = z.infer<typeof SubscribeRequestParamsSchema>;
export const SubscribeRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/subscribe',
  SubscribeRequestParamsSchema,
);
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

export const UnsubscribeRequestParamsSchema = ResourceRequestParamsSchema;
export type UnsubscribeRequestParams = z.infer<typeof UnsubscribeRequestParamsSchema>;
export const UnsubscribeRequestSchema = /* @__PURE__ */ requestSchema(
  'resources/unsubscribe',
  UnsubscribeRequestParamsSchema,
);
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequestSchema>;

export const ResourceUpdatedNotificationParamsSchema = /* @__PURE__ */ NotificationParamsSchema.extend({
  uri: /* @__PURE__ */ z.string(),
});
export type ResourceUpdatedNotificationParams = z.infer<typeof ResourceUpdatedNotificationParamsSchema>;
export const ResourceUpdatedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/resources/updated',
  ResourceUpdatedNotificationParamsSchema,
);
export type ResourceUpdatedNotification = z.infer<typeof ResourceUpdatedNotificationSchema>;

export const ResourceListChangedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/resources/list_changed',
  /* @__PURE__ */ z.optional(NotificationParamsSchema),
);
export type ResourceListChangedNotification = z.infer<typeof ResourceListChangedNotificationSchema>;
