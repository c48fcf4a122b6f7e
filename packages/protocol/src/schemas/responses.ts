import * as z from 'zod';
import { CompleteResultSchema } from './completion.js';
import { resultResponseSchema } from './jsonrpc.js';
import { DiscoverResultSchema } from './lifecycle.js';
import { InputRequiredResultSchema } from './mrtr.js';
import { GetPromptResultSchema, ListPromptsResultSchema } from './prompts.js';
import {
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceResultSchema,
} from './resources.js';
import { SubscriptionsListenResultSchema } from './subscriptions.js';
import { CallToolResultSchema, ListToolsResultSchema } from './tools.js';

// Whole success responses (2026-07-28 names them `<Method>ResultResponse`). Methods that may ask
// for input answer either their result or an input_required result.

function orInputRequired<R extends z.ZodType>(result: R) {
  return z.union([InputRequiredResultSchema, result]);
}

export const CallToolResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  /* @__PURE__ */ orInputRequired(CallToolResultSchema),
);
export type CallToolResultResponse = z.infer<typeof CallToolResultResponseSchema>;
export const GetPromptResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  /* @__PURE__ */ orInputRequired(GetPromptResultSchema),
);
export type GetPromptResultResponse = z.infer<typeof GetPromptResultResponseSchema>;
export const ReadResourceResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  /* @__PURE__ */ orInputRequired(ReadResourceResultSchema),
);
export type ReadResourceResultResponse = z.infer<typeof ReadResourceResultResponseSchema>;
export const CompleteResultResponseSchema = /* @__PURE__ */ resultResponseSchema(CompleteResultSchema);
export type CompleteResultResponse = z.infer<typeof CompleteResultResponseSchema>;
export const DiscoverResultResponseSchema = /* @__PURE__ */ resultResponseSchema(DiscoverResultSchema);
export type DiscoverResultResponse = z.infer<typeof DiscoverResultResponseSchema>;
export const ListToolsResultResponseSchema = /* @__PURE__ */ resultResponseSchema(ListToolsResultSchema);
export type ListToolsResultResponse = z.infer<typeof ListToolsResultResponseSchema>;
export const ListPromptsResultResponseSchema = /* @__PURE__ */ resultResponseSchema(ListPromptsResultSchema);
export type ListPromptsResultResponse = z.infer<typeof ListPromptsResultResponseSchema>;
export const ListResourcesResultResponseSchema =
  /* @__PURE__ */ resultResponseSchema(ListResourcesResultSchema);
export type ListResourcesResultResponse = z.infer<typeof ListResourcesResultResponseSchema>;
export const ListResourceTemplatesResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  ListResourceTemplatesResultSchema,
);
export type ListResourceTemplatesResultResponse = z.infer<typeof ListResourceTemplatesResultResponseSchema>;
export const SubscriptionsListenResultResponseSchema = /* @__PURE__ */ resultResponseSchema(
  SubscriptionsListenResultSchema,
);
export type SubscriptionsListenResultResponse = z.infer<typeof SubscriptionsListenResultResponseSchema>;
