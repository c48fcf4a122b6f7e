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

export const PromptArgumentSchema = /* @__PURE__ */ z.looseObject({
  name: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  required: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
});
export type PromptArgument = z.infer<typeof PromptArgumentSchema>;

export const PromptSchema = /* @__PURE__ */ z.looseObject({
  name: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  arguments: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(PromptArgumentSchema)),
  icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(IconSchema)),
  _meta: /* @__PURE__ */ z.optional(MetaObjectSchema),
});
export type Prompt = z.infer<typeof PromptSchema>;

export const PromptMessageSchema = /* @__PURE__ */ z.looseObject({
  role: RoleSchema,
  content: ContentBlockSchema,
});
export type PromptMessage = z.infer<typeof PromptMessageSchema>;

export const ListPromptsRequestSchema = /* @__PURE__ */ requestSchema(
  'prompts/list',
  /* @__PURE__ */ z.optional(PaginatedRequestParamsSchema),
);
export type ListPromptsRequest = z.infer<typeof ListPromptsRequestSchema>;

export const ListPromptsResultSchema = /* @__PURE__ */ PaginatedResultSchema.extend({
  prompts: /* @__PURE__ */ z.array(PromptSchema),
}).extend(CacheHintsShape);
export type ListPromptsResult = z.infer<typeof ListPromptsResultSchema>;

export const GetPromptRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  name: /* @__PURE__ */ z.string(),
  arguments: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.string()),
  ),
}).extend(InputResponseParamsShape);
export type GetPromptRequestParams = z.infer<typeof GetPromptRequestParamsSchema>;

export const GetPromptRequestSchema = /* @__PURE__ */ requestSchema(
  'prompts/get',
  GetPromptRequestParamsSchema,
);
export type GetPromptRequest = z.infer<typeof GetPromptRequestSchema>;

export const GetPromptResultSchema = /* @__PURE__ */ ResultSchema.extend({
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  messages: /* @__PURE__ */ z.array(PromptMessageSchema),
});
export type GetPromptResult = z.infer<typeof GetPromptResultSchema>;

export const PromptListChangedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/prompts/list_changed',
  /* @__PURE__ */ z.optional(NotificationParamsSchema),
);
export type PromptListChangedNotification = z.infer<typeof PromptListChangedNotificationSchema>;
