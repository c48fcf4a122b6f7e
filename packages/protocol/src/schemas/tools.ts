import * as z from 'zod';
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
import { TaskMetadataSchema } from './tasks.js';
import { ToolSchema } from './tool.js';

// tools/list, tools/call and the tools list_changed notification.

export const ListToolsRequestSchema = /* @__PURE__ */ requestSchema(
  'tools/list',
  /* @__PURE__ */ z.optional(PaginatedRequestParamsSchema),
);
export type ListToolsRequest = z.infer<typeof ListToolsRequestSchema>;

export const ListToolsResultSchema = /* @__PURE__ */ PaginatedResultSchema.extend({
  tools: /* @__PURE__ */ z.array(ToolSchema),
}).extend(CacheHintsShape);
export type ListToolsResult = z.infer<typeof ListToolsResultSchema>;

export const CallToolRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  name: /* @__PURE__ */ z.string(),
  arguments: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  ),
  /** 2025-11-25 (tasks, experimental). */
  task: /* @__PURE__ */ z.optional(TaskMetadataSchema),
}).extend(InputResponseParamsShape);
export type CallToolRequestParams = z.infer<typeof CallToolRequestParamsSchema>;

export const CallToolRequestSchema = /* @__PURE__ */ requestSchema('tools/call', CallToolRequestParamsSchema);
export type CallToolRequest = z.infer<typeof CallToolRequestSchema>;

export const CallToolResultSchema = /* @__PURE__ */ ResultSchema.extend({
  content: /* @__PURE__ */ z.array(ContentBlockSchema),
  /** An object up to 2025-11-25; any JSON value from 2026-07-28. */
  structuredContent: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
  isError: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
});
export type CallToolResult = z.infer<typeof CallToolResultSchema>;

export const ToolListChangedNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/tools/list_changed',
  /* @__PURE__ */ z.optional(NotificationParamsSchema),
);
export type ToolListChangedNotification = z.infer<typeof ToolListChangedNotificationSchema>;
