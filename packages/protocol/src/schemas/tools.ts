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

export const ListToolsRequestSchema = requestSchema('tools/list', z.optional(PaginatedRequestParamsSchema));
export type ListToolsRequest = z.infer<typeof ListToolsRequestSchema>;

export const ListToolsResultSchema = PaginatedResultSchema.extend({
  tools: z.array(ToolSchema),
  ...CacheHintsShape,
});
export type ListToolsResult = z.infer<typeof ListToolsResultSchema>;

export const CallToolRequestParamsSchema = RequestParamsSchema.extend({
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.unknown())),
  /** 2025-11-25 (tasks, experimental). */
  task: z.optional(TaskMetadataSchema),
  ...InputResponseParamsShape,
});
export type CallToolRequestParams = z.infer<typeof CallToolRequestParamsSchema>;

export const CallToolRequestSchema = requestSchema('tools/call', CallToolRequestParamsSchema);
export type CallToolRequest = z.infer<typeof CallToolRequestSchema>;

export const CallToolResultSchema = ResultSchema.extend({
  content: z.array(ContentBlockSchema),
  /** An object up to 2025-11-25; any JSON value from 2026-07-28. */
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
});
export type CallToolResult = z.infer<typeof CallToolResultSchema>;

export const ToolListChangedNotificationSchema = notificationSchema(
  'notifications/tools/list_changed',
  z.optional(NotificationParamsSchema),
);
export type ToolListChangedNotification = z.infer<typeof ToolListChangedNotificationSchema>;
