import * as z from 'zod';
import { CompleteRequestSchema, CompleteResultSchema } from './completion.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
} from './elicitation.js';
import { lazy } from './lazy.js';
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

// Messages by direction, across every revision. Requests and notifications dispatch on `method`;
// results carry no tag, so the most specific shapes come first and the bare Result last.

// The task requests are listed in both unions rather than spread from a shared array: a spread
// argument is a side effect to a bundler, which then keeps every request schema in bundles that
// use none of them.
/** Zod schema of `ClientRequest`. Any request a client sends to a server, in any revision. */
export const ClientRequestSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    InitializeRequestSchema,
    PingRequestSchema,
    DiscoverRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
    SubscribeRequestSchema,
    UnsubscribeRequestSchema,
    SubscriptionsListenRequestSchema,
    ListPromptsRequestSchema,
    GetPromptRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    SetLevelRequestSchema,
    CompleteRequestSchema,
    GetTaskRequestSchema,
    GetTaskPayloadRequestSchema,
    CancelTaskRequestSchema,
    ListTasksRequestSchema,
  ]),
);
/** Any request a client sends to a server, in any revision. */
export type ClientRequest = z.infer<typeof ClientRequestSchema>;

/** Zod schema of `ServerRequest`. Any request a server sends to a client, in any revision. */
export const ServerRequestSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('method', [
    PingRequestSchema,
    CreateMessageRequestSchema,
    ListRootsRequestSchema,
    ElicitRequestSchema,
    GetTaskRequestSchema,
    GetTaskPayloadRequestSchema,
    CancelTaskRequestSchema,
    ListTasksRequestSchema,
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
    CancelledNotificationSchema,
    InitializedNotificationSchema,
    ProgressNotificationSchema,
    RootsListChangedNotificationSchema,
    TaskStatusNotificationSchema,
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
    CancelledNotificationSchema,
    ProgressNotificationSchema,
    ResourceListChangedNotificationSchema,
    ResourceUpdatedNotificationSchema,
    SubscriptionsAcknowledgedNotificationSchema,
    PromptListChangedNotificationSchema,
    ToolListChangedNotificationSchema,
    LoggingMessageNotificationSchema,
    ElicitationCompleteNotificationSchema,
    TaskStatusNotificationSchema,
  ]),
);
/** Any notification a server sends to a client, in any revision. */
export type ServerNotification = z.infer<typeof ServerNotificationSchema>;

/** Zod schema of `ClientResult`. Common result fields. */
export const ClientResultSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    CreateMessageResultSchema,
    ListRootsResultSchema,
    ElicitResultSchema,
    CreateTaskResultSchema,
    GetTaskResultSchema,
    ListTasksResultSchema,
    ResultSchema,
  ]),
);
/** Common result fields. */
export type ClientResult = z.infer<typeof ClientResultSchema>;

/** Zod schema of `ServerResult`. Any result a server returns to a client, in any revision. */
export const ServerResultSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    InputRequiredResultSchema,
    InitializeResultSchema,
    DiscoverResultSchema,
    ListResourcesResultSchema,
    ListResourceTemplatesResultSchema,
    ReadResourceResultSchema,
    SubscriptionsListenResultSchema,
    ListPromptsResultSchema,
    GetPromptResultSchema,
    ListToolsResultSchema,
    CallToolResultSchema,
    CompleteResultSchema,
    CreateTaskResultSchema,
    GetTaskResultSchema,
    ListTasksResultSchema,
    ResultSchema,
  ]),
);
/** Any result a server returns to a client, in any revision. */
export type ServerResult = z.infer<typeof ServerResultSchema>;
