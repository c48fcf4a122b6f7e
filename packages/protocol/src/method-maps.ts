import type { ProtocolVersion } from './constants.js';
import { TasksExtensionCreateTaskResultSchema } from './extensions/tasks.js';
import * as v20241105 from './revisions/v2024-11-05.js';
import * as v20250326 from './revisions/v2025-03-26.js';
import * as v20250618 from './revisions/v2025-06-18.js';
import * as v20251125 from './revisions/v2025-11-25.js';
import * as v20260728 from './revisions/v2026-07-28.js';
import * as s from './schemas/index.js';
import { z } from './schemas/zod.js';
import { anyRevisionServerRequestMaps, serverRequestMaps } from './server-request-maps.js';

// Method name -> schema maps for boundary validation: one lookup per message, no union scanning.
// The unversioned maps accept every revision; `methodSchemas[version]` holds exactly the methods
// and shapes of one revision.

/** Params of every request method of any revision; `undefined` where params may be omitted. */
export const requestParamsSchemas = /* @__PURE__ */ anyRevisionRequestParams();

// Built by a function: the table spreads other tables, and a spread at module level would keep it
// in every bundle that imports this module, used or not.
function anyRevisionRequestParams() {
  return {
    initialize: s.InitializeRequestParamsSchema,
    ping: z.optional(s.RequestParamsSchema),
    'server/discover': z.optional(s.RequestParamsSchema),
    'tools/list': z.optional(s.PaginatedRequestParamsSchema),
    'tools/call': s.CallToolRequestParamsSchema,
    'resources/list': z.optional(s.PaginatedRequestParamsSchema),
    'resources/templates/list': z.optional(s.PaginatedRequestParamsSchema),
    'resources/read': s.ReadResourceRequestParamsSchema,
    'resources/subscribe': s.SubscribeRequestParamsSchema,
    'resources/unsubscribe': s.UnsubscribeRequestParamsSchema,
    'prompts/list': z.optional(s.PaginatedRequestParamsSchema),
    'prompts/get': s.GetPromptRequestParamsSchema,
    'completion/complete': s.CompleteRequestParamsSchema,
    'logging/setLevel': s.SetLevelRequestParamsSchema,
    ...anyRevisionServerRequestMaps.requestParams,
    'subscriptions/listen': s.SubscriptionsListenRequestParamsSchema,
    'tasks/get': s.TaskIdParamsSchema,
    'tasks/result': s.TaskIdParamsSchema,
    'tasks/cancel': s.TaskIdParamsSchema,
    'tasks/list': z.optional(s.PaginatedRequestParamsSchema),
  } as const;
}
/** The method name of any request of any revision. */
export type RequestMethod = keyof typeof requestParamsSchemas;
/** The params type of each request method. */
export type RequestParamsByMethod = { [M in RequestMethod]: z.output<(typeof requestParamsSchemas)[M]> };

/** Full request messages (envelope + params) of every request method of any revision. */
export const requestSchemas = {
  initialize: s.InitializeRequestSchema,
  ping: s.PingRequestSchema,
  'server/discover': s.DiscoverRequestSchema,
  'tools/list': s.ListToolsRequestSchema,
  'tools/call': s.CallToolRequestSchema,
  'resources/list': s.ListResourcesRequestSchema,
  'resources/templates/list': s.ListResourceTemplatesRequestSchema,
  'resources/read': s.ReadResourceRequestSchema,
  'resources/subscribe': s.SubscribeRequestSchema,
  'resources/unsubscribe': s.UnsubscribeRequestSchema,
  'prompts/list': s.ListPromptsRequestSchema,
  'prompts/get': s.GetPromptRequestSchema,
  'completion/complete': s.CompleteRequestSchema,
  'logging/setLevel': s.SetLevelRequestSchema,
  'sampling/createMessage': s.CreateMessageRequestSchema,
  'elicitation/create': s.ElicitRequestSchema,
  'roots/list': s.ListRootsRequestSchema,
  'subscriptions/listen': s.SubscriptionsListenRequestSchema,
  'tasks/get': s.GetTaskRequestSchema,
  'tasks/result': s.GetTaskPayloadRequestSchema,
  'tasks/cancel': s.CancelTaskRequestSchema,
  'tasks/list': s.ListTasksRequestSchema,
} as const satisfies Record<RequestMethod, z.ZodType>;

/** Results of every request method of any revision (including task handles and input_required). */
export const resultSchemas = /* @__PURE__ */ anyRevisionResults();

// Built by a function: the table spreads other tables, and a spread at module level would keep it
// in every bundle that imports this module, used or not.
function anyRevisionResults() {
  return {
    initialize: s.InitializeResultSchema,
    ping: s.EmptyResultSchema,
    'server/discover': s.DiscoverResultSchema,
    'tools/list': s.ListToolsResultSchema,
    'tools/call': z.union([
      s.InputRequiredResultSchema,
      TasksExtensionCreateTaskResultSchema,
      s.CallToolResultSchema,
      s.CreateTaskResultSchema,
    ]),
    'resources/list': s.ListResourcesResultSchema,
    'resources/templates/list': s.ListResourceTemplatesResultSchema,
    'resources/read': z.union([s.InputRequiredResultSchema, s.ReadResourceResultSchema]),
    'resources/subscribe': s.EmptyResultSchema,
    'resources/unsubscribe': s.EmptyResultSchema,
    'prompts/list': s.ListPromptsResultSchema,
    'prompts/get': z.union([s.InputRequiredResultSchema, s.GetPromptResultSchema]),
    'completion/complete': s.CompleteResultSchema,
    'logging/setLevel': s.EmptyResultSchema,
    ...anyRevisionServerRequestMaps.results,
    'subscriptions/listen': s.SubscriptionsListenResultSchema,
    'tasks/get': s.GetTaskResultSchema,
    'tasks/result': s.GetTaskPayloadResultSchema,
    'tasks/cancel': s.CancelTaskResultSchema,
    'tasks/list': s.ListTasksResultSchema,
  } as const satisfies Record<RequestMethod, z.ZodType>;
}
/** The result type of each request method. */
export type ResultByMethod = { [M in RequestMethod]: z.output<(typeof resultSchemas)[M]> };

/** Params of every notification method of any revision. */
export const notificationParamsSchemas = {
  'notifications/initialized': /* @__PURE__ */ z.optional(s.NotificationParamsSchema),
  'notifications/cancelled': s.CancelledNotificationParamsSchema,
  'notifications/progress': s.ProgressNotificationParamsSchema,
  'notifications/message': s.LoggingMessageNotificationParamsSchema,
  'notifications/resources/updated': s.ResourceUpdatedNotificationParamsSchema,
  'notifications/resources/list_changed': /* @__PURE__ */ z.optional(s.NotificationParamsSchema),
  'notifications/tools/list_changed': /* @__PURE__ */ z.optional(s.NotificationParamsSchema),
  'notifications/prompts/list_changed': /* @__PURE__ */ z.optional(s.NotificationParamsSchema),
  'notifications/roots/list_changed': /* @__PURE__ */ z.optional(s.NotificationParamsSchema),
  'notifications/elicitation/complete': /* @__PURE__ */ s.NotificationParamsSchema.extend({
    elicitationId: /* @__PURE__ */ z.string(),
  }),
  'notifications/subscriptions/acknowledged': s.SubscriptionsAcknowledgedNotificationParamsSchema,
  'notifications/tasks/status': s.TaskStatusNotificationParamsSchema,
} as const;
/** The method name of any notification of any revision. */
export type NotificationMethod = keyof typeof notificationParamsSchemas;
/** The params type of each notification method. */
export type NotificationParamsByMethod = {
  [M in NotificationMethod]: z.output<(typeof notificationParamsSchemas)[M]>;
};

/** Full notification messages of every notification method of any revision. */
export const notificationSchemas = {
  'notifications/initialized': s.InitializedNotificationSchema,
  'notifications/cancelled': s.CancelledNotificationSchema,
  'notifications/progress': s.ProgressNotificationSchema,
  'notifications/message': s.LoggingMessageNotificationSchema,
  'notifications/resources/updated': s.ResourceUpdatedNotificationSchema,
  'notifications/resources/list_changed': s.ResourceListChangedNotificationSchema,
  'notifications/tools/list_changed': s.ToolListChangedNotificationSchema,
  'notifications/prompts/list_changed': s.PromptListChangedNotificationSchema,
  'notifications/roots/list_changed': s.RootsListChangedNotificationSchema,
  'notifications/elicitation/complete': s.ElicitationCompleteNotificationSchema,
  'notifications/subscriptions/acknowledged': s.SubscriptionsAcknowledgedNotificationSchema,
  'notifications/tasks/status': s.TaskStatusNotificationSchema,
} as const satisfies Record<NotificationMethod, z.ZodType>;

type SchemaMap<K extends string> = Readonly<Partial<Record<K, z.ZodType>>>;

/** The methods one revision defines, and the exact schema of each. */
export interface RevisionMethodSchemas {
  readonly version: ProtocolVersion;
  /** Request params by method; a method missing here does not exist in this revision. */
  readonly requestParams: SchemaMap<RequestMethod>;
  /** Result by request method. */
  readonly results: SchemaMap<RequestMethod>;
  /** Notification params by method. */
  readonly notificationParams: SchemaMap<NotificationMethod>;
  /** Whether JSON-RPC batches (arrays of messages) are allowed (2025-03-26 only). */
  readonly batches: boolean;
}

type StatefulRevision = typeof v20241105 | typeof v20250326 | typeof v20250618 | typeof v20251125;

/** The methods every stateful revision (2024-11-05 .. 2025-11-25) shares. */
function statefulMethods(r: StatefulRevision) {
  const requestParams = {
    initialize: r.InitializeRequestParamsSchema,
    ping: z.optional(r.RequestParamsSchema),
    'tools/list': z.optional(r.PaginatedRequestParamsSchema),
    'tools/call': r.CallToolRequestParamsSchema,
    'resources/list': z.optional(r.PaginatedRequestParamsSchema),
    'resources/templates/list': z.optional(r.PaginatedRequestParamsSchema),
    'resources/read': r.ReadResourceRequestParamsSchema,
    'resources/subscribe': r.SubscribeRequestParamsSchema,
    'resources/unsubscribe': r.UnsubscribeRequestParamsSchema,
    'prompts/list': z.optional(r.PaginatedRequestParamsSchema),
    'prompts/get': r.GetPromptRequestParamsSchema,
    'completion/complete': r.CompleteRequestParamsSchema,
    'logging/setLevel': r.SetLevelRequestParamsSchema,
  } satisfies SchemaMap<RequestMethod>;
  const results = {
    initialize: r.InitializeResultSchema,
    ping: r.EmptyResultSchema,
    'tools/list': r.ListToolsResultSchema,
    'tools/call': r.CallToolResultSchema,
    'resources/list': r.ListResourcesResultSchema,
    'resources/templates/list': r.ListResourceTemplatesResultSchema,
    'resources/read': r.ReadResourceResultSchema,
    'resources/subscribe': r.EmptyResultSchema,
    'resources/unsubscribe': r.EmptyResultSchema,
    'prompts/list': r.ListPromptsResultSchema,
    'prompts/get': r.GetPromptResultSchema,
    'completion/complete': r.CompleteResultSchema,
    'logging/setLevel': r.EmptyResultSchema,
  } satisfies SchemaMap<RequestMethod>;
  const notificationParams = {
    'notifications/initialized': z.optional(r.NotificationParamsSchema),
    'notifications/cancelled': r.CancelledNotificationParamsSchema,
    'notifications/progress': r.ProgressNotificationParamsSchema,
    'notifications/message': r.LoggingMessageNotificationParamsSchema,
    'notifications/resources/updated': r.ResourceUpdatedNotificationParamsSchema,
    'notifications/resources/list_changed': z.optional(r.NotificationParamsSchema),
    'notifications/tools/list_changed': z.optional(r.NotificationParamsSchema),
    'notifications/prompts/list_changed': z.optional(r.NotificationParamsSchema),
    'notifications/roots/list_changed': z.optional(r.NotificationParamsSchema),
  } satisfies SchemaMap<NotificationMethod>;
  return { requestParams, results, notificationParams };
}

/** Exact method schemas per revision. */
export const methodSchemas: Readonly<Record<ProtocolVersion, RevisionMethodSchemas>> =
  /* @__PURE__ */ revisionMethodSchemas();

// Built by a function: the table spreads other tables, and a spread at module level would keep it
// in every bundle that imports this module, used or not.
function revisionMethodSchemas(): Record<ProtocolVersion, RevisionMethodSchemas> {
  const m20241105 = statefulMethods(v20241105);
  const m20250326 = statefulMethods(v20250326);
  const m20250618 = statefulMethods(v20250618);
  const m20251125 = statefulMethods(v20251125);
  return {
    '2024-11-05': {
      version: '2024-11-05',
      batches: false,
      requestParams: { ...m20241105.requestParams, ...serverRequestMaps['2024-11-05'].requestParams },
      results: { ...m20241105.results, ...serverRequestMaps['2024-11-05'].results },
      notificationParams: m20241105.notificationParams,
    },
    '2025-03-26': {
      version: '2025-03-26',
      batches: true,
      requestParams: { ...m20250326.requestParams, ...serverRequestMaps['2025-03-26'].requestParams },
      results: { ...m20250326.results, ...serverRequestMaps['2025-03-26'].results },
      notificationParams: m20250326.notificationParams,
    },
    '2025-06-18': {
      version: '2025-06-18',
      batches: false,
      requestParams: { ...m20250618.requestParams, ...serverRequestMaps['2025-06-18'].requestParams },
      results: { ...m20250618.results, ...serverRequestMaps['2025-06-18'].results },
      notificationParams: m20250618.notificationParams,
    },
    '2025-11-25': {
      version: '2025-11-25',
      batches: false,
      requestParams: {
        ...m20251125.requestParams,
        ...serverRequestMaps['2025-11-25'].requestParams,
        'tasks/get': v20251125.TaskIdParamsSchema,
        'tasks/result': v20251125.TaskIdParamsSchema,
        'tasks/cancel': v20251125.TaskIdParamsSchema,
        'tasks/list': z.optional(v20251125.PaginatedRequestParamsSchema),
      },
      results: {
        ...m20251125.results,
        ...serverRequestMaps['2025-11-25'].results,
        'tools/call': v20251125.CallToolResultOrTaskSchema,
        'tasks/get': v20251125.GetTaskResultSchema,
        'tasks/result': v20251125.GetTaskPayloadResultSchema,
        'tasks/cancel': v20251125.CancelTaskResultSchema,
        'tasks/list': v20251125.ListTasksResultSchema,
      },
      notificationParams: {
        ...m20251125.notificationParams,
        'notifications/elicitation/complete': v20251125.NotificationParamsSchema.extend({
          elicitationId: z.string(),
        }),
        'notifications/tasks/status': v20251125.TaskStatusNotificationParamsSchema,
      },
    },
    '2026-07-28': {
      version: '2026-07-28',
      batches: false,
      requestParams: {
        'server/discover': v20260728.RequestParamsSchema,
        'tools/list': v20260728.PaginatedRequestParamsSchema,
        'tools/call': v20260728.CallToolRequestParamsSchema,
        'resources/list': v20260728.PaginatedRequestParamsSchema,
        'resources/templates/list': v20260728.PaginatedRequestParamsSchema,
        'resources/read': v20260728.ReadResourceRequestParamsSchema,
        'prompts/list': v20260728.PaginatedRequestParamsSchema,
        'prompts/get': v20260728.GetPromptRequestParamsSchema,
        'completion/complete': v20260728.CompleteRequestParamsSchema,
        'subscriptions/listen': v20260728.SubscriptionsListenRequestParamsSchema,
      },
      results: {
        'server/discover': v20260728.DiscoverResultSchema,
        'tools/list': v20260728.ListToolsResultSchema,
        // A flat task handle only reaches clients that declared the tasks extension.
        'tools/call': z.union([
          v20260728.InputRequiredResultSchema,
          TasksExtensionCreateTaskResultSchema,
          v20260728.CallToolResultSchema,
        ]),
        'resources/list': v20260728.ListResourcesResultSchema,
        'resources/templates/list': v20260728.ListResourceTemplatesResultSchema,
        'resources/read': z.union([v20260728.InputRequiredResultSchema, v20260728.ReadResourceResultSchema]),
        'prompts/list': v20260728.ListPromptsResultSchema,
        'prompts/get': z.union([v20260728.InputRequiredResultSchema, v20260728.GetPromptResultSchema]),
        'completion/complete': v20260728.CompleteResultSchema,
        'subscriptions/listen': v20260728.SubscriptionsListenResultSchema,
      },
      notificationParams: {
        'notifications/cancelled': v20260728.CancelledNotificationParamsSchema,
        'notifications/progress': v20260728.ProgressNotificationParamsSchema,
        'notifications/message': v20260728.LoggingMessageNotificationParamsSchema,
        'notifications/resources/updated': v20260728.ResourceUpdatedNotificationParamsSchema,
        'notifications/resources/list_changed': z.optional(v20260728.NotificationParamsSchema),
        'notifications/tools/list_changed': z.optional(v20260728.NotificationParamsSchema),
        'notifications/prompts/list_changed': z.optional(v20260728.NotificationParamsSchema),
        'notifications/subscriptions/acknowledged':
          v20260728.SubscriptionsAcknowledgedNotificationParamsSchema,
      },
    },
  };
}
