import * as z from 'zod';
import { MetaKey } from '../constants.js';
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
export const TaskMetadataSchema = z.looseObject({ ttl: z.optional(integer()) });
export type TaskMetadata = z.infer<typeof TaskMetadataSchema>;

export const RelatedTaskMetadataSchema = z.looseObject({ taskId: z.string() });
export type RelatedTaskMetadata = z.infer<typeof RelatedTaskMetadataSchema>;
/** `_meta` key that ties a message to a task. */
export const RELATED_TASK_META_KEY = MetaKey.RelatedTask;

export const TaskStatusSchema = z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

export const TaskSchema = z.looseObject({
  taskId: z.string(),
  status: TaskStatusSchema,
  statusMessage: z.optional(z.string()),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttl: z.nullable(integer()),
  pollInterval: z.optional(integer()),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskAugmentedRequestParamsSchema = RequestParamsSchema.extend({
  task: z.optional(TaskMetadataSchema),
});
export type TaskAugmentedRequestParams = z.infer<typeof TaskAugmentedRequestParamsSchema>;

export const CreateTaskResultSchema = ResultSchema.extend({ task: TaskSchema });
export type CreateTaskResult = z.infer<typeof CreateTaskResultSchema>;

export const TaskIdParamsSchema = RequestParamsSchema.extend({ taskId: z.string() });

export const GetTaskRequestSchema = requestSchema('tasks/get', TaskIdParamsSchema);
export type GetTaskRequest = z.infer<typeof GetTaskRequestSchema>;
export const GetTaskResultSchema = ResultSchema.extend(TaskSchema.shape);
export type GetTaskResult = z.infer<typeof GetTaskResultSchema>;

export const GetTaskPayloadRequestSchema = requestSchema('tasks/result', TaskIdParamsSchema);
export type GetTaskPayloadRequest = z.infer<typeof GetTaskPayloadRequestSchema>;
/** The payload is the result of the original request, whatever its shape. */
export const GetTaskPayloadResultSchema = ResultSchema;
export type GetTaskPayloadResult = z.infer<typeof GetTaskPayloadResultSchema>;

export const CancelTaskRequestSchema = requestSchema('tasks/cancel', TaskIdParamsSchema);
export type CancelTaskRequest = z.infer<typeof CancelTaskRequestSchema>;
export const CancelTaskResultSchema = GetTaskResultSchema;
export type CancelTaskResult = z.infer<typeof CancelTaskResultSchema>;

export const ListTasksRequestSchema = requestSchema('tasks/list', z.optional(PaginatedRequestParamsSchema));
export type ListTasksRequest = z.infer<typeof ListTasksRequestSchema>;
export const ListTasksResultSchema = ResultSchema.extend({
  tasks: z.array(TaskSchema),
  nextCursor: z.optional(CursorSchema),
});
export type ListTasksResult = z.infer<typeof ListTasksResultSchema>;

export const TaskStatusNotificationParamsSchema = NotificationParamsSchema.extend(TaskSchema.shape);
export type TaskStatusNotificationParams = z.infer<typeof TaskStatusNotificationParamsSchema>;
export const TaskStatusNotificationSchema = notificationSchema(
  'notifications/tasks/status',
  TaskStatusNotificationParamsSchema,
);
export type TaskStatusNotification = z.infer<typeof TaskStatusNotificationSchema>;
