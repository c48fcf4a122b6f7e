import * as z from 'zod';
import * as base from '../schemas/index.js';
import { requestSchema } from '../schemas/jsonrpc.js';
import { verbatim } from '../schemas/tool.js';

// Exact 2025-11-25 shapes (stateful, initialize handshake; tasks experimental). Server-to-client
// questions are real JSON-RPC requests. Everything not redefined here is the shared schema.
export * from '../schemas/index.js';

/** Before 2026-07-28 input and output schemas describe objects with a map of property schemas. */
const objectSchemaShape = z.looseObject({
  $schema: z.optional(z.string()),
  type: z.literal('object'),
  properties: z.optional(z.record(z.string(), base.JsonSchemaNodeSchema)),
  required: z.optional(z.array(z.string())),
});
export const ToolInputSchemaSchema = verbatim(objectSchemaShape);
export const ToolOutputSchemaSchema = verbatim(objectSchemaShape);
export const ToolSchema = base.ToolSchema.extend({
  inputSchema: ToolInputSchemaSchema,
  outputSchema: z.optional(ToolOutputSchemaSchema),
});
export const ListToolsResultSchema = base.ListToolsResultSchema.extend({ tools: z.array(ToolSchema) });

/** Up to 2025-11-25 structured tool output is an object. */
export const CallToolResultSchema = base.CallToolResultSchema.extend({
  structuredContent: z.optional(z.record(z.string(), z.unknown())),
});
export const ToolResultContentSchema = base.ToolResultContentSchema.extend({
  structuredContent: z.optional(z.record(z.string(), z.unknown())),
});

export const ElicitRequestURLParamsSchema = base.ElicitRequestURLParamsSchema.extend({
  elicitationId: z.string(),
});
export const ElicitRequestParamsSchema = z.union([
  ElicitRequestURLParamsSchema,
  base.ElicitRequestFormParamsSchema,
]);
export const ElicitRequestSchema = requestSchema('elicitation/create', ElicitRequestParamsSchema);

export const CreateMessageRequestParamsSchema = base.CreateMessageRequestParamsSchema.extend({
  tools: z.optional(z.array(ToolSchema)),
});
export const CreateMessageRequestSchema = requestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const ListRootsRequestSchema = requestSchema('roots/list', z.optional(base.RequestParamsSchema));

/** A task-augmented request may be answered with a task handle instead of its result. */
export const CallToolResultOrTaskSchema = z.union([CallToolResultSchema, base.CreateTaskResultSchema]);
export const CreateMessageResultOrTaskSchema = z.union([
  base.CreateTaskResultSchema,
  base.CreateMessageResultSchema,
]);
export const ElicitResultOrTaskSchema = z.union([base.ElicitResultSchema, base.CreateTaskResultSchema]);
