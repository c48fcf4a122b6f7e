import * as z from 'zod';
import type { MetaKey } from '../constants.js';
import { CursorSchema, integer } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import {
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  RequestParamsSchema,
  ResultSchema,
} from './params.js';

// Tasks: experimental in 2025-11-25, moved to an extension in 2026-07-28.

/** Asks the receiver to run a request as a task (a `task` param on tools/call, sampling, elicitation). */
export const TaskMetadataSchema = /* @__PURE__ */ z.looseObject({
  ttl: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
});
export type TaskMetadata = z.infer<typeof TaskMetadataSchema>;

export const RelatedTaskMetadataSchema = /* @__PURE__ */ z.looseObject({
  taskId: /* @__PURE__ */ z.string(),
});
export type RelatedTaskMetadata = z.infer<typeof RelatedTaskMetadataSchema>;
/** `_meta` key that ties a message to a task (`MetaKey.RelatedTask`, spelled out so bundlers can drop it). */
export const RELATED_TASK_META_KEY: typeof MetaKey.RelatedTask = 'io.modelcontextprotocol/related-task';

export const TaskStatusSchema = /* @__PURE__ */ z.enum([
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
]);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

// A plain shape, not `TaskSchema.shape`: a property read in a schema's definition is kept by
// bundlers even when nothing uses that schema.
const taskShape = {
  taskId: /* @__PURE__ */ z.string(),
  status: TaskStatusSchema,
  statusMessage: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  createdAt: /* @__PURE__ */ z.string(),
  lastUpdatedAt: /* @__PURE__ */ z.string(),
  ttl: /* @__PURE__ */ z.nullable(/* @__PURE__ */ integer()),
  pollInterval: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
};

export const TaskSchema = /* @__PURE__ */ z.looseObject(taskShape);
export type Task = z.infer<typeof TaskSchema>;

export const TaskAugmentedRequestParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  task: /* @__PURE__ */ z.optional(TaskMetadataSchema),
});
export type TaskAugmentedRequestParams = z.infer<typeof TaskAugmentedRequestParamsSchema>;

export const CreateTaskResultSchema = /* @__PURE__ */ ResultSchema.extend({ task: TaskSchema });
export type CreateTaskResult = z.infer<typeof CreateTaskResultSchema>;

export const TaskIdParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  taskId: /* @__PURE__ */ z.string(),
});

export const GetTaskRequestSchema = /* @__PURE__ */ requestSchema('tasks/get', TaskIdParamsSchema);
export type GetTaskRequest = z.infer<typeof GetTaskRequestSchema>;
export const GetTaskResultSchema = /* @__PURE__ */ ResultSchema.extend(taskShape);
export type GetTaskResult = z.infer<typeof GetTaskResultSchema>;

export const GetTaskPayloadRequestSchema = /* @__PURE__ */ requestSchema('tasks/result', TaskIdParamsSchema);
export type GetTaskPayloadRequest = z.infer<typeof GetTaskPayloadRequestSchema>;
/** The payload is the result of the original request, whatever its shape. */
export const GetTaskPayloadResultSchema = ResultSchema;
export type GetTaskPayloadResult = z.infer<typeof GetTaskPayloadResultSchema>;

export const CancelTaskRequestSchema = /* @__PURE__ */ requestSchema('tasks/cancel', TaskIdParamsSchema);
export type CancelTaskRequest = z.infer<typeof CancelTaskRequestSchema>;
export const CancelTaskResultSchema = GetTaskResultSchema;
export type CancelTaskResult = z.infer<typeof CancelTaskResultSchema>;

export const ListTasksRequestSchema = /* @__PURE__ */ requestSchema(
  'tasks/list',
  /* @__PURE__ */ z.optional(PaginatedRequestParamsSchema),
);
export type ListTasksRequest = z.infer<typeof ListTasksRequestSchema>;
export const ListTasksResultSchema = /* @__PURE__ */ ResultSchema.extend({
  tasks: /* @__PURE__ */ z.array(TaskSchema),
  nextCursor: /* @__PURE__ */ z.optional(CursorSchema),
});
export type ListTasksResult = z.infer<typeof ListTasksResultSchema>;

export const TaskStatusNotificationParamsSchema = /* @__PURE__ */ NotificationParamsSchema.extend(taskShape);
export type TaskStatusNotificationParams = z.infer<typeof TaskStatusNotificationParamsSchema>;
export const TaskStatusNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/tasks/status',
  TaskStatusNotificationParamsSchema,
);
export type TaskStatusNotification = z.infer<typeof TaskStatusNotificationSchema>;
