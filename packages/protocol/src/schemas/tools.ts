import { ContentBlockSchema } from './content.js';
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
import { TaskMetadataSchema } from './tasks.js';
import { ToolSchema } from './tool.js';
import { z } from './zod.js';

// tools/list, tools/call and the tools list_changed notification.

/** Zod schema of `ListToolsRequest`. Sent from the client to request a list of tools the server has. */
export const ListToolsRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tools/list', /* @__PURE__ */ z.optional(built(PaginatedRequestParamsSchema))),
);
/** Sent from the client to request a list of tools the server has. */
export type ListToolsRequest = z.infer<typeof ListToolsRequestSchema>;

/** Zod schema of `ListToolsResult`. The result returned by the server for a `tools/list` request. */
export const ListToolsResultSchema = /* @__PURE__ */ lazy(() =>
  built(PaginatedResultSchema)
    .extend({
      tools: /* @__PURE__ */ z.array(built(ToolSchema)),
    })
    .extend(built(CacheHintsShape)),
);
/** The result returned by the server for a `tools/list` request. */
export type ListToolsResult = z.infer<typeof ListToolsResultSchema>;

/** Zod schema of `CallToolRequestParams`. Parameters for a `tools/call` request. */
export const CallToolRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema)
    .extend({
      name: /* @__PURE__ */ z.string(),
      arguments: /* @__PURE__ */ z.optional(
        /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
      ),
      /** 2025-11-25 (tasks, experimental). */
      task: /* @__PURE__ */ z.optional(built(TaskMetadataSchema)),
    })
    .extend(built(InputResponseParamsShape)),
);
/** Parameters for a `tools/call` request. */
export type CallToolRequestParams = z.infer<typeof CallToolRequestParamsSchema>;

/** Zod schema of `CallToolRequest`. Used by the client to invoke a tool provided by the server. */
export const CallToolRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tools/call', built(CallToolRequestParamsSchema)),
);
/** Used by the client to invoke a tool provided by the server. */
export type CallToolRequest = z.infer<typeof CallToolRequestSchema>;

/** Zod schema of `CallToolResult`. The result returned by the server for a `tools/call` request. */
export const CallToolResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    content: /* @__PURE__ */ z.array(built(ContentBlockSchema)),
    /** An object up to 2025-11-25; any JSON value from 2026-07-28. */
    structuredContent: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
    isError: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  }),
);
/** The result returned by the server for a `tools/call` request. */
export type CallToolResult = z.infer<typeof CallToolResultSchema>;

/**
 * Zod schema of `ToolListChangedNotification`. An optional notification from the server to the client,
 * informing it that the list of tools it offers has changed.
 */
export const ToolListChangedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/tools/list_changed',
    /* @__PURE__ */ z.optional(built(NotificationParamsSchema)),
  ),
);
/**
 * An optional notification from the server to the client, informing it that the list of tools it
 * offers has changed.
 */
export type ToolListChangedNotification = z.infer<typeof ToolListChangedNotificationSchema>;
