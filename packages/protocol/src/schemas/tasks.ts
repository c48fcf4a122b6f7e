import type { MetaKey } from '../constants.js';
import { CursorSchema, integer } from './base.js';
import { notificationSchema, requestSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import {
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  RequestParamsSchema,
  ResultSchema,
} from './params.js';
import { z } from './zod.js';

// Tasks: experimental in 2025-11-25, moved to an extension in 2026-07-28.

/** Asks the receiver to run a request as a task (a `task` param on tools/call, sampling, elicitation). */
export const TaskMetadataSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ttl: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  }),
);
/** Metadata for augmenting a request with task execution. */
export type TaskMetadata = z.infer<typeof TaskMetadataSchema>;

/**
 * Zod schema of `RelatedTaskMetadata`. Metadata for associating messages with a task. Include this in
 * the `_meta` field under the key `io.modelcontextprotocol/related-task`.
 */
export const RelatedTaskMetadataSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    taskId: /* @__PURE__ */ z.string(),
  }),
);
/**
 * Metadata for associating messages with a task. Include this in the `_meta` field under the key
 * `io.modelcontextprotocol/related-task`.
 */
export type RelatedTaskMetadata = z.infer<typeof RelatedTaskMetadataSchema>;
/** `_meta` key that ties a message to a task (`MetaKey.RelatedTask`, spelled out so bundlers can drop it). */
export const RELATED_TASK_META_KEY: typeof MetaKey.RelatedTask = 'io.modelcontextprotocol/related-task';

/**
 * Zod schema of `TaskStatus`. The status of a task: working, input_required, completed, failed or
 * cancelled.
 */
export const TaskStatusSchema = /* @__PURE__ */ lazy(() =>
  z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
);
/** The status of a task: working, input_required, completed, failed or cancelled. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

// A plain shape, not `TaskSchema.shape`: a property read in a schema's definition is kept by
// bundlers even when nothing uses that schema.
const taskShape = /* @__PURE__ */ lazy(() => ({
  taskId: /* @__PURE__ */ z.string(),
  status: built(TaskStatusSchema),
  statusMessage: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  createdAt: /* @__PURE__ */ z.string(),
  lastUpdatedAt: /* @__PURE__ */ z.string(),
  ttl: /* @__PURE__ */ z.nullable(/* @__PURE__ */ integer()),
  pollInterval: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
}));

/** Zod schema of `Task`. Data associated with a task. */
export const TaskSchema = /* @__PURE__ */ lazy(() => z.looseObject(built(taskShape)));
/** Data associated with a task. */
export type Task = z.infer<typeof TaskSchema>;

/** Zod schema of `TaskAugmentedRequestParams`. Common params for any task-augmented request. */
export const TaskAugmentedRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    task: /* @__PURE__ */ z.optional(built(TaskMetadataSchema)),
  }),
);
/** Common params for any task-augmented request. */
export type TaskAugmentedRequestParams = z.infer<typeof TaskAugmentedRequestParamsSchema>;

/** Zod schema of `CreateTaskResult`. A response to a task-augmented request. */
export const CreateTaskResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({ task: built(TaskSchema) }),
);
/** A response to a task-augmented request. */
export type CreateTaskResult = z.infer<typeof CreateTaskResultSchema>;

/** Zod schema of the params of task requests that name one task (`taskId`). */
export const TaskIdParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    taskId: /* @__PURE__ */ z.string(),
  }),
);

/** Zod schema of `GetTaskRequest`. A request to retrieve the state of a task. */
export const GetTaskRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/get', built(TaskIdParamsSchema)),
);
/** A request to retrieve the state of a task. */
export type GetTaskRequest = z.infer<typeof GetTaskRequestSchema>;
/** Zod schema of `GetTaskResult`. The response to a tasks/get request. */
export const GetTaskResultSchema = /* @__PURE__ */ lazy(() => built(ResultSchema).extend(built(taskShape)));
/** The response to a tasks/get request. */
export type GetTaskResult = z.infer<typeof GetTaskResultSchema>;

/** Zod schema of `GetTaskPayloadRequest`. A request to retrieve the result of a completed task. */
export const GetTaskPayloadRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/result', built(TaskIdParamsSchema)),
);
/** A request to retrieve the result of a completed task. */
export type GetTaskPayloadRequest = z.infer<typeof GetTaskPayloadRequestSchema>;
/** The payload is the result of the original request, whatever its shape. */
export const GetTaskPayloadResultSchema = ResultSchema;
/**
 * The response to a tasks/result request. The structure matches the result type of the original
 * request.
 */
export type GetTaskPayloadResult = z.infer<typeof GetTaskPayloadResultSchema>;

/** Zod schema of `CancelTaskRequest`. A request to cancel a task. */
export const CancelTaskRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/cancel', built(TaskIdParamsSchema)),
);
/** A request to cancel a task. */
export type CancelTaskRequest = z.infer<typeof CancelTaskRequestSchema>;
/** Zod schema of `CancelTaskResult`. The response to a tasks/cancel request. */
export const CancelTaskResultSchema = GetTaskResultSchema;
/** The response to a tasks/cancel request. */
export type CancelTaskResult = z.infer<typeof CancelTaskResultSchema>;

/** Zod schema of `ListTasksRequest`. A request to retrieve a list of tasks. */
export const ListTasksRequestSchema = /* @__PURE__ */ lazy(() =>
  requestSchema('tasks/list', /* @__PURE__ */ z.optional(built(PaginatedRequestParamsSchema))),
);
/** A request to retrieve a list of tasks. */
export type ListTasksRequest = z.infer<typeof ListTasksRequestSchema>;
/** Zod schema of `ListTasksResult`. The response to a tasks/list request. */
export const ListTasksResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    tasks: /* @__PURE__ */ z.array(built(TaskSchema)),
    nextCursor: /* @__PURE__ */ z.optional(built(CursorSchema)),
  }),
);
/** The response to a tasks/list request. */
export type ListTasksResult = z.infer<typeof ListTasksResultSchema>;

/**
 * Zod schema of `TaskStatusNotificationParams`. Parameters for a `notifications/tasks/status`
 * notification.
 */
export const TaskStatusNotificationParamsSchema = /* @__PURE__ */ lazy(() =>
  built(NotificationParamsSchema).extend(built(taskShape)),
);
/** Parameters for a `notifications/tasks/status` notification. */
export type TaskStatusNotificationParams = z.infer<typeof TaskStatusNotificationParamsSchema>;
/**
 * Zod schema of `TaskStatusNotification`. An optional notification from the receiver to the requestor,
 * informing them that a task's status has changed.
 */
export const TaskStatusNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema('notifications/tasks/status', built(TaskStatusNotificationParamsSchema)),
);
/**
 * An optional notification from the receiver to the requestor, informing them that a task's status has
 * changed.
 */
export type TaskStatusNotification = z.infer<typeof TaskStatusNotificationSchema>;
