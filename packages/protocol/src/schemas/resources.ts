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

export const ResourceTemplateSchema = z.looseObject({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  icons: z.optional(z.array(IconSchema)),
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaObjectSchema),
});
export type ResourceTemplate = z.infer<typeof ResourceTemplateSchema>;

export const ListResourcesRequestSchema = requestSchema(
  'resources/list',
  z.optional(PaginatedRequestParamsSchema),
);
export type ListResourcesRequest = z.infer<typeof ListResourcesRequestSchema>;

export const ListResourcesResultSchema = PaginatedResultSchema.extend({
  resources: z.array(ResourceSchema),
  ...CacheHintsShape,
});
export type ListResourcesResult = z.infer<typeof ListResourcesResultSchema>;

export const ListResourceTemplatesRequestSchema = requestSchema(
  'resources/templates/list',
  z.optional(PaginatedRequestParamsSchema),
);
export type ListResourceTemplatesRequest = z.infer<typeof ListResourceTemplatesRequestSchema>;

export const ListResourceTemplatesResultSchema = PaginatedResultSchema.extend({
  resourceTemplates: z.array(ResourceTemplateSchema),
  ...CacheHintsShape,
});
export type ListResourceTemplatesResult = z.infer<typeof ListResourceTemplatesResultSchema>;

export const ResourceRequestParamsSchema = RequestParamsSchema.extend({ uri: z.string() });
export type ResourceRequestParams = z.infer<typeof ResourceRequestParamsSchema>;

export const ReadResourceRequestParamsSchema = ResourceRequestParamsSchema.extend(InputResponseParamsShape);
export type ReadResourceRequestParams = z.infer<typeof ReadResourceRequestParamsSchema>;

export const ReadResourceRequestSchema = requestSchema('resources/read', ReadResourceRequestParamsSchema);
export type ReadResourceRequest = z.infer<typeof ReadResourceRequestSchema>;

export const ReadResourceResultSchema = ResultSchema.extend({
  contents: z.array(ResourceContentsItemSchema),
  ...CacheHintsShape,
});
export type ReadResourceResult = z.infer<typeof ReadResourceResultSchema>;

/** Up to 2025-11-25 (2026-07-28 subscribes through subscriptions/listen). */
export const SubscribeRequestParamsSchema = ResourceRequestParamsSchema;
export type SubscribeRequestParams = z.infer<typeof SubscribeRequestParamsSchema>;
export const SubscribeRequestSchema = requestSchema('resources/subscribe', SubscribeRequestParamsSchema);
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

export const UnsubscribeRequestParamsSchema = ResourceRequestParamsSchema;
export type UnsubscribeRequestParams = z.infer<typeof UnsubscribeRequestParamsSchema>;
export const UnsubscribeRequestSchema = requestSchema(
  'resources/unsubscribe',
  UnsubscribeRequestParamsSchema,
);
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequestSchema>;

export const ResourceUpdatedNotificationParamsSchema = NotificationParamsSchema.extend({ uri: z.string() });
export type ResourceUpdatedNotificationParams = z.infer<typeof ResourceUpdatedNotificationParamsSchema>;
export const ResourceUpdatedNotificationSchema = notificationSchema(
  'notifications/resources/updated',
  ResourceUpdatedNotificationParamsSchema,
);
export type ResourceUpdatedNotification = z.infer<typeof ResourceUpdatedNotificationSchema>;

export const ResourceListChangedNotificationSchema = notificationSchema(
  'notifications/resources/list_changed',
  z.optional(NotificationParamsSchema),
);
export type ResourceListChangedNotification = z.infer<typeof ResourceListChangedNotificationSchema>;
