import { integer } from '../schemas/base.js';
import { notificationSchema, requestSchema } from '../schemas/jsonrpc.js';
import { built, lazy } from '../schemas/lazy.js';
import { InputRequestsSchema, InputResponsesSchema } from '../schemas/mrtr.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from '../schemas/params.js';
import { z } from '../schemas/zod.js';

// The tasks extension of 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663). It replaces the
// experimental tasks of 2025-11-25: the server may answer a tools/call with a flat task handle
// (`resultType: "task"`), the client polls tasks/get, answers input through tasks/update and cancels
// with tasks/cancel. Names carry `TasksExtension` where 2025-11-25 already uses the spec's name.

/** The extension identifier, used as a key of `capabilities.extensions`. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/**
 * Zod schema of a tasks extension task's status: working, input_required, completed, failed or
 * cancelled.
 */
export const TasksExtensionTaskStatusSchema = /* @__PURE__ */ lazy(() =>
  z.enum(['working', 'input_required', 'completed', 'cancelled', 'failed']),
);

// A plain shape, not `TasksExtensionTaskSchema.shape`: a property read in a schema's definition is
// kept by bundlers even when nothing uses that schema.
const taskShape = /* @__PURE__ */ lazy(() => ({
  taskId: /* @__PURE__ */ z.string(),
  status: built(TasksExtensionTaskStatusSchema),
  statusMessage: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  createdAt: /* @__PURE__ */ z.string(),
  lastUpdatedAt: /* @__PURE__ */ z.string(),
  ttlMs: /* @__PURE__ */ z.nullable(/* @__PURE__ */ integer()),
  pollIntervalMs: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
}));

/** Operational metadata of a task (flat: no nested `task` key, milliseconds in the names). */
export const TasksExtensionTaskSchema = /* @__PURE__ */ lazy(() => z.looseObject(built(taskShape)));
/** A task of the 2026-07-28 tasks extension: its id, status, timestamps and lifetime. */
export type TasksExtensionTask = z.infer<typeof TasksExtensionTaskSchema>;

/** A task with the payload of its status: input requests, the final result or the error. */
export const DetailedTaskSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('status', [
    /* @__PURE__ */ built(TasksExtensionTaskSchema).extend({ status: /* @__PURE__ */ z.literal('working') }),
    /* @__PURE__ */ built(TasksExtensionTaskSchema).extend({
      status: /* @__PURE__ */ z.literal('input_required'),
      inputRequests: built(InputRequestsSchema),
    }),
    /* @__PURE__ */ built(TasksExtensionTaskSchema).extend({
      status: /* @__PURE__ */ z.literal('completed'),
      result: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
    }),
    /* @__PURE__ */ built(TasksExtensionTaskSchema).extend({
      status: /* @__PURE__ */ z.literal('failed'),
      error: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
    }),
    /* @__PURE__ */ built(TasksExtensionTaskSchema).extend({
      status: /* @__PURE__ */ z.literal('cancelled'),
    }),
  ]),
);
/**
 * A 2026-07-28 extension task with the payload of its status: input requests, the final result or the
 * error.
 */
export type DetailedTask = z.infer<typeof DetailedTaskSchema>;

/** Returned instead of a tool result when the server runs the call as a task. */
export const TasksExtensionCreateTaskResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema)
    .extend(built(taskShape))
    .extend({
      resultType: /* @__PURE__ */ z.literal('task'),
    }),
);
/**
 * What the server returns instead of a tool result when it runs the call as a task (tasks extension,
 * 2026-07-28).
 */
export type TasksExtensionCreateTaskResult = z.infer<typeof TasksExtensionCreateTaskResultSchema>;

/** Zod schema of the params of tasks extension requests that name one task (`taskId`). */
export const TasksExtensionTaskIdParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    taskId: /* @__PURE__ */ z.string(),
  }),
);
/**
 * Zod schema of `UpdateTaskRequestParams`. Params of the tasks extension's `tasks/update`: the task
 * and the client's answers to its input requests.
 */
export const UpdateTaskRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(TasksExtensionTaskIdParamsSchema).extend({
    inputResponses: built(InputResponsesSchema),
  }),
);
/**
 * Params of the tasks extension's `tasks/update`: the task and the client's answers to its input
 * requests.
 */
export type UpdateTaskRequestParams = z.infer<typeof UpdateTaskRequestParamsSchema>;

/** Zod schema of the tasks extension's `tasks/get` request (2026-07-28). */
export const TasksExtensionGetTaskRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/get', built(TasksExtensionTaskIdParamsSchema)),
);
/** Zod schema of the tasks extension's `tasks/update` request, which answers a task's input requests. */
export const UpdateTaskRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/update', built(UpdateTaskRequestParamsSchema)),
);
/** Zod schema of the tasks extension's `tasks/cancel` request (2026-07-28). */
export const TasksExtensionCancelTaskRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/cancel', built(TasksExtensionTaskIdParamsSchema)),
);

/** Extension results are 2026-07-28 results: `resultType` is required. */
const CompleteResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({ resultType: /* @__PURE__ */ z.string() }),
);

/** tasks/get answers the detailed task with `resultType: "complete"`. */
export const TasksExtensionGetTaskResultSchema = /* @__PURE__ */ lazy(() =>
  z.intersection(built(CompleteResultSchema), built(DetailedTaskSchema)),
);
/** The result of the tasks extension's `tasks/get`: the task with the payload of its status. */
export type TasksExtensionGetTaskResult = z.infer<typeof TasksExtensionGetTaskResultSchema>;

/**
 * Zod schema of the params of the tasks extension's `notifications/tasks`: the task with its status
 * payload.
 */
export const TasksExtensionStatusNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  z.intersection(built(NotificationParamsSchema), built(DetailedTaskSchema)),
);
/** Zod schema of the tasks extension's `notifications/tasks`, sent when a task's status changes. */
export const TasksExtensionStatusNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema('notifications/tasks', built(TasksExtensionStatusNotificationParamsSchema)),
);

/** The extension's methods, to merge into a 2026-07-28 dispatcher once the extension is negotiated. */
export const tasksExtensionMethodSchemas = {
  requestParams: {
    'tasks/get': TasksExtensionTaskIdParamsSchema,
    'tasks/update': UpdateTaskRequestParamsSchema,
    'tasks/cancel': TasksExtensionTaskIdParamsSchema,
  },
  results: {
    'tasks/get': TasksExtensionGetTaskResultSchema,
    'tasks/update': CompleteResultSchema,
    'tasks/cancel': CompleteResultSchema,
  },
  notificationParams: { 'notifications/tasks': TasksExtensionStatusNotificationParamsSchema },
} as const;
