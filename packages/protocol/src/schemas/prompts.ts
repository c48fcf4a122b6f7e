import { IconSchema, MetaObjectSchema, RoleSchema } from './base.js';
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
import { z } from './zod.js';

// prompts/list, prompts/get and the prompts list_changed notification.

/** Zod schema of `PromptArgument`. Describes an argument that a prompt can accept. */
export const PromptArgumentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    required: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  }),
);
/** Describes an argument that a prompt can accept. */
export type PromptArgument = z.infer<typeof PromptArgumentSchema>;

/** Zod schema of `Prompt`. A prompt or prompt template that the server offers. */
export const PromptSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    arguments: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(PromptArgumentSchema))),
    icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(IconSchema))),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** A prompt or prompt template that the server offers. */
export type Prompt = z.infer<typeof PromptSchema>;

/**
 * Zod schema of `PromptMessage`. Describes a message returned as part of a prompt. This is similar to
 * `SamplingMessage`, but also supports the embedding of resources from the MCP server.
 */
export const PromptMessageSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    role: built(RoleSchema),
    content: built(ContentBlockSchema),
  }),
);
/**
 * Describes a message returned as part of a prompt. This is similar to `SamplingMessage`, but also
 * supports the embedding of resources from the MCP server.
 */
export type PromptMessage = z.infer<typeof PromptMessageSchema>;

/**
 * Zod schema of `ListPromptsRequest`. Sent from the client to request a list of prompts and prompt
 * templates the server has.
 */
export const ListPromptsRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('prompts/list', /* @__PURE__ */ z.optional(built(PaginatedRequestParamsSchema))),
);
/** Sent from the client to request a list of prompts and prompt templates the server has. */
export type ListPromptsRequest = z.infer<typeof ListPromptsRequestSchema>;

/** Zod schema of `ListPromptsResult`. The result returned by the server for a `prompts/list` request. */
export const ListPromptsResultSchema = /* @__PURE__ */ lazy(() =>
  built(PaginatedResultSchema)
    .extend({
      prompts: /* @__PURE__ */ z.array(built(PromptSchema)),
    })
    .extend(built(CacheHintsShape)),
);
/** The result returned by the server for a `prompts/list` request. */
export type ListPromptsResult = z.infer<typeof ListPromptsResultSchema>;

/** Zod schema of `GetPromptRequestParams`. Parameters for a `prompts/get` request. */
export const GetPromptRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema)
    .extend({
      name: /* @__PURE__ */ z.string(),
      arguments: /* @__PURE__ */ z.optional(
        /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.string()),
      ),
    })
    .extend(built(InputResponseParamsShape)),
);
/** Parameters for a `prompts/get` request. */
export type GetPromptRequestParams = z.infer<typeof GetPromptRequestParamsSchema>;

/** Zod schema of `GetPromptRequest`. Used by the client to get a prompt provided by the server. */
export const GetPromptRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('prompts/get', built(GetPromptRequestParamsSchema)),
);
/** Used by the client to get a prompt provided by the server. */
export type GetPromptRequest = z.infer<typeof GetPromptRequestSchema>;

/** Zod schema of `GetPromptResult`. The result returned by the server for a `prompts/get` request. */
export const GetPromptResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    messages: /* @__PURE__ */ z.array(built(PromptMessageSchema)),
  }),
);
/** The result returned by the server for a `prompts/get` request. */
export type GetPromptResult = z.infer<typeof GetPromptResultSchema>;

/**
 * Zod schema of `PromptListChangedNotification`. An optional notification from the server to the
 * client, informing it that the list of prompts it offers has changed.
 */
export const PromptListChangedNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/prompts/list_changed',
    /* @__PURE__ */ z.optional(built(NotificationParamsSchema)),
  ),
);
/**
 * An optional notification from the server to the client, informing it that the list of prompts it
 * offers has changed.
 */
export type PromptListChangedNotification = z.infer<typeof PromptListChangedNotificationSchema>;
