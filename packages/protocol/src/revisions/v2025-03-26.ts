import * as base from '../schemas/index.js';
import { bareRequestSchema } from '../schemas/jsonrpc.js';
import { z } from '../schemas/zod.js';
import * as next from './v2025-06-18.js';

// Exact 2025-03-26 shapes: audio content, tool annotations, completions capability, JSON-RPC
// batching; no resource links, no structured tool output, no elicitation. Otherwise as 2025-06-18.
export * from './v2025-06-18.js';

export const ContentBlockSchema = base.ContentBlock20250326Schema;
export const CallToolResultSchema = /* @__PURE__ */ base.CallToolResultSchema.omit({
  structuredContent: true,
}).extend({
  content: /* @__PURE__ */ z.array(ContentBlockSchema),
});
export const PromptMessageSchema = /* @__PURE__ */ base.PromptMessageSchema.extend({
  content: ContentBlockSchema,
});
export const GetPromptResultSchema = /* @__PURE__ */ base.GetPromptResultSchema.extend({
  messages: /* @__PURE__ */ z.array(PromptMessageSchema),
});

export const ToolSchema = /* @__PURE__ */ next.ToolSchema.omit({
  outputSchema: true,
  title: true,
  icons: true,
});
export const ListToolsResultSchema = /* @__PURE__ */ base.ListToolsResultSchema.extend({
  tools: /* @__PURE__ */ z.array(ToolSchema),
});

/** Completion requests had no `context` yet. */
export const CompleteRequestParamsSchema = /* @__PURE__ */ base.CompleteRequestParamsSchema.omit({
  context: true,
});
export const CompleteRequestSchema = /* @__PURE__ */ bareRequestSchema(
  'completion/complete',
  CompleteRequestParamsSchema,
);
