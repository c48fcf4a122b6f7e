import * as base from '../schemas/index.js';
import { requestSchema } from '../schemas/jsonrpc.js';
import { verbatim } from '../schemas/tool.js';
import { z } from '../schemas/zod.js';

// Exact 2025-11-25 shapes (stateful, initialize handshake; tasks experimental). Server-to-client
// questions are real JSON-RPC requests. Everything not redefined here is the shared schema.
export * from '../schemas/index.js';

/** Before 2026-07-28 input and output schemas describe objects with a map of property schemas. */
const objectSchemaShape = /* @__PURE__ */ z.looseObject({
  $schema: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  type: /* @__PURE__ */ z.literal('object'),
  properties: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), base.JsonSchemaNodeSchema),
  ),
  required: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
});
export const ToolInputSchemaSchema = /* @__PURE__ */ verbatim(objectSchemaShape);
export const ToolOutputSchemaSchema = /* @__PURE__ */ verbatim(objectSchemaShape);
export const ToolSchema = /* @__PURE__ */ base.ToolSchema.extend({
  inputSchema: ToolInputSchemaSchema,
  outputSchema: /* @__PURE__ */ z.optional(ToolOutputSchemaSchema),
});
export const ListToolsResultSchema = /* @__PURE__ */ base.ListToolsResultSchema.extend({
  tools: /* @__PURE__ */ z.array(ToolSchema),
});

/** Up to 2025-11-25 structured tool output is an object. */
export const CallToolResultSchema = /* @__PURE__ */ base.CallToolResultSchema.extend({
  structuredContent: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  ),
});
export const ToolResultContentSchema = /* @__PURE__ */ base.ToolResultContentSchema.extend({
  structuredContent: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  ),
});

export const ElicitRequestURLParamsSchema = /* @__PURE__ */ base.ElicitRequestURLParamsSchema.extend({
  elicitationId: /* @__PURE__ */ z.string(),
});
export const ElicitRequestParamsSchema = /* @__PURE__ */ z.union([
  ElicitRequestURLParamsSchema,
  base.ElicitRequestFormParamsSchema,
]);
export const ElicitRequestSchema = /* @__PURE__ */ requestSchema(
  'elicitation/create',
  ElicitRequestParamsSchema,
);

export const CreateMessageRequestParamsSchema = /* @__PURE__ */ base.CreateMessageRequestParamsSchema.extend({
  tools: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(ToolSchema)),
});
export const CreateMessageRequestSchema = /* @__PURE__ */ requestSchema(
  'sampling/createMessage',
  CreateMessageRequestParamsSchema,
);
export const ListRootsRequestSchema = /* @__PURE__ */ requestSchema(
  'roots/list',
  /* @__PURE__ */ z.optional(base.RequestParamsSchema),
);

/** A task-augmented request may be answered with a task handle instead of its result. */
export const CallToolResultOrTaskSchema = /* @__PURE__ */ z.union([
  CallToolResultSchema,
  base.CreateTaskResultSchema,
]);
export const CreateMessageResultOrTaskSchema = /* @__PURE__ */ z.union([
  base.CreateTaskResultSchema,
  base.CreateMessageResultSchema,
]);
export const ElicitResultOrTaskSchema = /* @__PURE__ */ z.union([
  base.ElicitResultSchema,
  base.CreateTaskResultSchema,
]);
