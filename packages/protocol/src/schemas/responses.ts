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

export const CallToolResultResponseSchema = resultResponseSchema(orInputRequired(CallToolResultSchema));
export type CallToolResultResponse = z.infer<typeof CallToolResultResponseSchema>;
export const GetPromptResultResponseSchema = resultResponseSchema(orInputRequired(GetPromptResultSchema));
export type GetPromptResultResponse = z.infer<typeof GetPromptResultResponseSchema>;
export const ReadResourceResultResponseSchema = resultResponseSchema(
  orInputRequired(ReadResourceResultSchema),
);
export type ReadResourceResultResponse = z.infer<typeof ReadResourceResultResponseSchema>;
export const CompleteResultResponseSchema = resultResponseSchema(CompleteResultSchema);
export type CompleteResultResponse = z.infer<typeof CompleteResultResponseSchema>;
export const DiscoverResultResponseSchema = resultResponseSchema(DiscoverResultSchema);
export type DiscoverResultResponse = z.infer<typeof DiscoverResultResponseSchema>;
export const ListToolsResultResponseSchema = resultResponseSchema(ListToolsResultSchema);
export type ListToolsResultResponse = z.infer<typeof ListToolsResultResponseSchema>;
export const ListPromptsResultResponseSchema = resultResponseSchema(ListPromptsResultSchema);
export type ListPromptsResultResponse = z.infer<typeof ListPromptsResultResponseSchema>;
export const ListResourcesResultResponseSchema = resultResponseSchema(ListResourcesResultSchema);
export type ListResourcesResultResponse = z.infer<typeof ListResourcesResultResponseSchema>;
export const ListResourceTemplatesResultResponseSchema = resultResponseSchema(
  ListResourceTemplatesResultSchema,
);
export type ListResourceTemplatesResultResponse = z.infer<typeof ListResourceTemplatesResultResponseSchema>;
export const SubscriptionsListenResultResponseSchema = resultResponseSchema(SubscriptionsListenResultSchema);
export type SubscriptionsListenResultResponse = z.infer<typeof SubscriptionsListenResultResponseSchema>;
