import * as z from 'zod';
import * as base from '../schemas/index.js';
import { bareRequestSchema } from '../schemas/jsonrpc.js';
import * as next from './v2025-06-18.js';

// Exact 2025-03-26 shapes: audio content, tool annotations, completions capability, JSON-RPC
// batching; no resource links, no structured tool output, no elicitation. Otherwise as 2025-06-18.
export * from './v2025-06-18.js';

export const ContentBlockSchema = base.ContentBlock20250326Schema;
export const CallToolResultSchema = base.CallToolResultSchema.omit({ structuredContent: true }).extend({
  content: z.array(ContentBlockSchema),
});
export const PromptMessageSchema = base.PromptMessageSchema.extend({ content: ContentBlockSchema });
export const GetPromptResultSchema = base.GetPromptResultSchema.extend({
  messages: z.array(PromptMessageSchema),
});

export const ToolSchema = next.ToolSchema.omit({ outputSchema: true, title: true, icons: true });
export const ListToolsResultSchema = base.ListToolsResultSchema.extend({ tools: z.array(ToolSchema) });

/** Completion requests had no `context` yet. */
export const CompleteRequestParamsSchema = base.CompleteRequestParamsSchema.omit({ context: true });
export const CompleteRequestSchema = bareRequestSchema('completion/complete', CompleteRequestParamsSchema);
