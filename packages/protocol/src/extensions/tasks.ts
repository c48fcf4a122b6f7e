import * as z from 'zod';
import { integer } from '../schemas/base.js';
import { notificationSchema, requestSchema } from '../schemas/jsonrpc.js';
import { InputRequestsSchema, InputResponsesSchema } from '../schemas/mrtr.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from '../schemas/params.js';

// The tasks extension of 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663). It replaces the
// experimental tasks of 2025-11-25: the server may answer a tools/call with a flat task handle
// (`resultType: "task"`), the client polls tasks/get, answers input through tasks/update and cancels
// with tasks/cancel. Names carry `TasksExtension` where 2025-11-25 already uses the spec's name.

/** The extension identifier, used as a key of `capabilities.extensions`. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

export const TasksExtensionTaskStatusSchema = z.enum([
  'working',
  'input_required',
  'completed',
  'cancelled',
  'failed',
]);

/** Operational metadata of a task (flat: no nested `task` key, milliseconds in the names). */
export const TasksExtensionTaskSchema = z.looseObject({
  taskId: z.string(),
  status: TasksExtensionTaskStatusSchema,
  statusMessage: z.optional(z.string()),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttlMs: z.nullable(integer()),
  pollIntervalMs: z.optional(integer()),
});
export type TasksExtensionTask = z.infer<typeof TasksExtensionTaskSchema>;

/** A task with the payload of its status: input requests, the final result or the error. */
export const DetailedTaskSchema = z.discriminatedUnion('status', [
  TasksExtensionTaskSchema.extend({ status: z.literal('working') }),
  TasksExtensionTaskSchema.extend({
    status: z.literal('input_required'),
    inputRequests: InputRequestsSchema,
  }),
  TasksExtensionTaskSchema.extend({
    status: z.literal('completed'),
    result: z.record(z.string(), z.unknown()),
  }),
  TasksExtensionTaskSchema.extend({ status: z.literal('failed'), error: z.record(z.string(), z.unknown()) }),
  TasksExtensionTaskSchema.extend({ status: z.literal('cancelled') }),
]);
export type DetailedTask = z.infer<typeof DetailedTaskSchema>;

/** Returned instead of a tool result when the server runs the call as a task. */
export const TasksExtensionCreateTaskResultSchema = ResultSchema.extend({
  ...TasksExtensionTaskSchema.shape,
  resultType: z.literal('task'),
});
export type TasksExtensionCreateTaskResult = z.infer<typeof TasksExtensionCreateTaskResultSchema>;

export const TasksExtensionTaskIdParamsSchema = RequestParamsSchema.extend({ taskId: z.string() });
export const UpdateTaskRequestParamsSchema = TasksExtensionTaskIdParamsSchema.extend({
  inputResponses: InputResponsesSchema,
});
export type UpdateTaskRequestParams = z.infer<typeof UpdateTaskRequestParamsSchema>;

export const TasksExtensionGetTaskRequestSchema = requestSchema(
  'tasks/get',
  TasksExtensionTaskIdParamsSchema,
);
export const UpdateTaskRequestSchema = requestSchema('tasks/update', UpdateTaskRequestParamsSchema);
export const TasksExtensionCancelTaskRequestSchema = requestSchema(
  'tasks/cancel',
  TasksExtensionTaskIdParamsSchema,
);

/** Extension results are 2026-07-28 results: `resultType` is required. */
const CompleteResultSchema = ResultSchema.extend({ resultType: z.string() });

/** tasks/get answers the detailed task with `resultType: "complete"`. */
export const TasksExtensionGetTaskResultSchema = z.intersection(CompleteResultSchema, DetailedTaskSchema);
export type TasksExtensionGetTaskResult = z.infer<typeof TasksExtensionGetTaskResultSchema>;

export const TasksExtensionStatusNotificationParamsSchema = z.intersection(
  NotificationParamsSchema,
  DetailedTaskSchema,
);
export const TasksExtensionStatusNotificationSchema = notificationSchema(
  'notifications/tasks',
  TasksExtensionStatusNotificationParamsSchema,
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
