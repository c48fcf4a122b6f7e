import * as z from 'zod';
import * as base from '../schemas/index.js';
import { notificationSchema, requestSchema } from '../schemas/jsonrpc.js';
import * as next from './v2025-11-25.js';

// Exact 2025-06-18 shapes: structured tool output, form elicitation, resource links; no tasks,
// no URL elicitation, no tool use in sampling, no icons. Everything else as in 2025-11-25.
export * from './v2025-11-25.js';

/** Sampling content is one text, image or audio block. */
export const SamplingMessageContentBlockSchema = z.discriminatedUnion('type', [
  base.TextContentSchema,
  base.ImageContentSchema,
  base.AudioContentSchema,
]);
export const SamplingMessageSchema = base.SamplingMessageSchema.extend({
  content: SamplingMessageContentBlockSchema,
});
export const CreateMessageRequestParamsSchema = base.CreateMessageRequestParamsSchema.omit({
  task: true,
  tools: true,
  toolChoice: true,
}).extend({ messages: z.array(SamplingMessageSchema) });
export const CreateMessageRequestSchema = requestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const CreateMessageResultSchema = base.CreateMessageResultSchema.extend({
  content: SamplingMessageContentBlockSchema,
});

/** Form mode only (no `mode` field yet). */
export const ElicitRequestParamsSchema = base.ElicitRequestFormParamsSchema.omit({ task: true });
export const ElicitRequestSchema = requestSchema('elicitation/create', ElicitRequestParamsSchema);
export const ElicitResultSchema = base.ElicitResultSchema.extend({
  content: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
});

export const CallToolRequestParamsSchema = base.CallToolRequestParamsSchema.omit({
  task: true,
  inputResponses: true,
  requestState: true,
});
export const CallToolRequestSchema = requestSchema('tools/call', CallToolRequestParamsSchema);

/** `requestId` is required before 2025-11-25. */
export const CancelledNotificationParamsSchema = base.CancelledNotificationParamsSchema.extend({
  requestId: base.RequestIdSchema,
});
export const CancelledNotificationSchema = notificationSchema(
  'notifications/cancelled',
  CancelledNotificationParamsSchema,
);

export const ClientCapabilitiesSchema = base.ClientCapabilitiesSchema.omit({ tasks: true });
export const ServerCapabilitiesSchema = base.ServerCapabilitiesSchema.omit({ tasks: true });

export const ToolSchema = next.ToolSchema.omit({ execution: true });
