import * as z from 'zod';
import { IconSchema, MetaObjectSchema, RoleSchema } from './base.js';
import { ContentBlockSchema } from './content.js';
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

// prompts/list, prompts/get and the prompts list_changed notification.

export const PromptArgumentSchema = z.looseObject({
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  required: z.optional(z.boolean()),
});
export type PromptArgument = z.infer<typeof PromptArgumentSchema>;

export const PromptSchema = z.looseObject({
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  arguments: z.optional(z.array(PromptArgumentSchema)),
  icons: z.optional(z.array(IconSchema)),
  _meta: z.optional(MetaObjectSchema),
});
export type Prompt = z.infer<typeof PromptSchema>;

export const PromptMessageSchema = z.looseObject({ role: RoleSchema, content: ContentBlockSchema });
export type PromptMessage = z.infer<typeof PromptMessageSchema>;

export const ListPromptsRequestSchema = requestSchema(
  'prompts/list',
  z.optional(PaginatedRequestParamsSchema),
);
export type ListPromptsRequest = z.infer<typeof ListPromptsRequestSchema>;

export const ListPromptsResultSchema = PaginatedResultSchema.extend({
  prompts: z.array(PromptSchema),
  ...CacheHintsShape,
});
export type ListPromptsResult = z.infer<typeof ListPromptsResultSchema>;

export const GetPromptRequestParamsSchema = RequestParamsSchema.extend({
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.string())),
  ...InputResponseParamsShape,
});
export type GetPromptRequestParams = z.infer<typeof GetPromptRequestParamsSchema>;

export const GetPromptRequestSchema = requestSchema('prompts/get', GetPromptRequestParamsSchema);
export type GetPromptRequest = z.infer<typeof GetPromptRequestSchema>;

export const GetPromptResultSchema = ResultSchema.extend({
  description: z.optional(z.string()),
  messages: z.array(PromptMessageSchema),
});
export type GetPromptResult = z.infer<typeof GetPromptResultSchema>;

export const PromptListChangedNotificationSchema = notificationSchema(
  'notifications/prompts/list_changed',
  z.optional(NotificationParamsSchema),
);
export type PromptListChangedNotification = z.infer<typeof PromptListChangedNotificationSchema>;
