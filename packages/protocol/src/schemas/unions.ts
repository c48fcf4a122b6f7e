import { CompleteRequestSchema, CompleteResultSchema } from './completion.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
} from './elicitation.js';
import { built, lazy } from './lazy.js';
import {
  CancelledNotificationSchema,
  DiscoverRequestSchema,
  DiscoverResultSchema,
  InitializedNotificationSchema,
  InitializeRequestSchema,
  InitializeResultSchema,
  PingRequestSchema,
  ProgressNotificationSchema,
} from './lifecycle.js';
import { LoggingMessageNotificationSchema, SetLevelRequestSchema } from './logging.js';
import { InputRequiredResultSchema } from './mrtr.js';
import { ResultSchema } from './params.js';
import {
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  PromptListChangedNotificationSchema,
} from './prompts.js';
import {
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from './resources.js';
import {
  ListRootsRequestSchema,
  ListRootsResultSchema,
  RootsListChangedNotificationSchema,
} from './roots.js';
import { CreateMessageRequestSchema, CreateMessageResultSchema } from './sampling.js';
import {
  SubscriptionsAcknowledgedNotificationSchema,
  SubscriptionsListenRequestSchema,
  SubscriptionsListenResultSchema,
} from './subscriptions.js';
import {
  CancelTaskRequestSchema,
  CreateTaskResultSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  GetTaskResultSchema,
  ListTasksRequestSchema,
  ListTasksResultSchema,
  TaskStatusNotificationSchema,
} from './tasks.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  ToolListChangedNotificationSchema,
} from './tools.js';
import { z } from './zod.js';

// Messages by direction, across every revision. Requests and notifications dispatch on `method`;
// results carry no tag, so the most specific shapes come first and the bare Result last.

// The task requests are listed in both unions rather than spread from a shared array: a spread
// argument is a side effect to a bundler, which then keeps every request schema in bundles that
// use none of them.
/** Zod schema of `ClientRequest`. Any request a client sends to a server, in any revision. */
export const ClientRequestSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    built(InitializeRequestSchema),
    built(PingRequestSchema),
    built(DiscoverRequestSchema),
    built(ListResourcesRequestSchema),
    built(ListResourceTemplatesRequestSchema),
    built(ReadResourceRequestSchema),
    built(SubscribeRequestSchema),
    built(UnsubscribeRequestSchema),
    built(SubscriptionsListenRequestSchema),
    built(ListPromptsRequestSchema),
    built(GetPromptRequestSchema),
    built(ListToolsRequestSchema),
    built(CallToolRequestSchema),
    built(SetLevelRequestSchema),
    built(CompleteRequestSchema),
    built(GetTaskRequestSchema),
    built(GetTaskPayloadRequestSchema),
    built(CancelTaskRequestSchema),
    built(ListTasksRequestSchema),
  ]),
);
/** Any request a client sends to a server, in any revision. */
export type ClientRequest = z.infer<typeof ClientRequestSchema>;

/** Zod schema of `ServerRequest`. Any request a server sends to a client, in any revision. */
export const ServerRequestSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    built(PingRequestSchema),
    built(CreateMessageRequestSchema),
    built(ListRootsRequestSchema),
    built(ElicitRequestSchema),
    built(GetTaskRequestSchema),
    built(GetTaskPayloadRequestSchema),
    built(CancelTaskRequestSchema),
    built(ListTasksRequestSchema),
  ]),
);
/** Any request a server sends to a client, in any revision. */
export type ServerRequest = z.infer<typeof ServerRequestSchema>;

/**
 * Zod schema of `ClientNotification`. This notification is sent by the client to indicate that it is
 * cancelling a request it previously issued.
 */
export const ClientNotificationSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    built(CancelledNotificationSchema),
    built(InitializedNotificationSchema),
    built(ProgressNotificationSchema),
    built(RootsListChangedNotificationSchema),
    built(TaskStatusNotificationSchema),
  ]),
);
/**
 * This notification is sent by the client to indicate that it is cancelling a request it previously
 * issued.
 */
export type ClientNotification = z.infer<typeof ClientNotificationSchema>;

/** Zod schema of `ServerNotification`. Any notification a server sends to a client, in any revision. */
export const ServerNotificationSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    built(CancelledNotificationSchema),
    built(ProgressNotificationSchema),
    built(ResourceListChangedNotificationSchema),
    built(ResourceUpdatedNotificationSchema),
    built(SubscriptionsAcknowledgedNotificationSchema),
    built(PromptListChangedNotificationSchema),
    built(ToolListChangedNotificationSchema),
    built(LoggingMessageNotificationSchema),
    built(ElicitationCompleteNotificationSchema),
    built(TaskStatusNotificationSchema),
  ]),
);
/** Any notification a server sends to a client, in any revision. */
export type ServerNotification = z.infer<typeof ServerNotificationSchema>;

/** Zod schema of `ClientResult`. Common result fields. */
export const ClientResultSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    built(CreateMessageResultSchema),
    built(ListRootsResultSchema),
    built(ElicitResultSchema),
    built(CreateTaskResultSchema),
    built(GetTaskResultSchema),
    built(ListTasksResultSchema),
    built(ResultSchema),
  ]),
);
/** Common result fields. */
export type ClientResult = z.infer<typeof ClientResultSchema>;

/** Zod schema of `ServerResult`. Any result a server returns to a client, in any revision. */
export const ServerResultSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    built(InputRequiredResultSchema),
    built(InitializeResultSchema),
    built(DiscoverResultSchema),
    built(ListResourcesResultSchema),
    built(ListResourceTemplatesResultSchema),
    built(ReadResourceResultSchema),
    built(SubscriptionsListenResultSchema),
    built(ListPromptsResultSchema),
    built(GetPromptResultSchema),
    built(ListToolsResultSchema),
    built(CallToolResultSchema),
    built(CompleteResultSchema),
    built(CreateTaskResultSchema),
    built(GetTaskResultSchema),
    built(ListTasksResultSchema),
    built(ResultSchema),
  ]),
);
/** Any result a server returns to a client, in any revision. */
export type ServerResult = z.infer<typeof ServerResultSchema>;
