import { CompleteResultSchema } from './completion.js';
import { resultResponseSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
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
import { z } from './zod.js';

// Whole success responses (2026-07-28 names them `<Method>ResultResponse`). Methods that may ask
// for input answer either their result or an input_required result.

function orInputRequired<R extends z.ZodType>(result: R) {
  return z.union([built(InputRequiredResultSchema), result]);
}

/**
 * Zod schema of `CallToolResultResponse`. A successful response from the server for a `tools/call`
 * request.
 */
export const CallToolResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(/* @__PURE__ */ orInputRequired(built(CallToolResultSchema))),
);
/** A successful response from the server for a `tools/call` request. */
export type CallToolResultResponse = z.infer<typeof CallToolResultResponseSchema>;
/**
 * Zod schema of `GetPromptResultResponse`. A successful response from the server for a `prompts/get`
 * request.
 */
export const GetPromptResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(/* @__PURE__ */ orInputRequired(built(GetPromptResultSchema))),
);
/** A successful response from the server for a `prompts/get` request. */
export type GetPromptResultResponse = z.infer<typeof GetPromptResultResponseSchema>;
/**
 * Zod schema of `ReadResourceResultResponse`. A successful response from the server for a
 * `resources/read` request.
 */
export const ReadResourceResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(/* @__PURE__ */ orInputRequired(built(ReadResourceResultSchema))),
);
/** A successful response from the server for a `resources/read` request. */
export type ReadResourceResultResponse = z.infer<typeof ReadResourceResultResponseSchema>;
/**
 * Zod schema of `CompleteResultResponse`. A successful response from the server for a
 * `completion/complete` request.
 */
export const CompleteResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(CompleteResultSchema)),
);
/** A successful response from the server for a `completion/complete` request. */
export type CompleteResultResponse = z.infer<typeof CompleteResultResponseSchema>;
/**
 * Zod schema of `DiscoverResultResponse`. A successful response from the server for a
 * `server/discover` request.
 */
export const DiscoverResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(DiscoverResultSchema)),
);
/** A successful response from the server for a `server/discover` request. */
export type DiscoverResultResponse = z.infer<typeof DiscoverResultResponseSchema>;
/**
 * Zod schema of `ListToolsResultResponse`. A successful response from the server for a `tools/list`
 * request.
 */
export const ListToolsResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(ListToolsResultSchema)),
);
/** A successful response from the server for a `tools/list` request. */
export type ListToolsResultResponse = z.infer<typeof ListToolsResultResponseSchema>;
/**
 * Zod schema of `ListPromptsResultResponse`. A successful response from the server for a
 * `prompts/list` request.
 */
export const ListPromptsResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(ListPromptsResultSchema)),
);
/** A successful response from the server for a `prompts/list` request. */
export type ListPromptsResultResponse = z.infer<typeof ListPromptsResultResponseSchema>;
/**
 * Zod schema of `ListResourcesResultResponse`. A successful response from the server for a
 * `resources/list` request.
 */
export const ListResourcesResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(ListResourcesResultSchema)),
);
/** A successful response from the server for a `resources/list` request. */
export type ListResourcesResultResponse = z.infer<typeof ListResourcesResultResponseSchema>;
/**
 * Zod schema of `ListResourceTemplatesResultResponse`. A successful response from the server for a
 * `resources/templates/list` request.
 */
export const ListResourceTemplatesResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(ListResourceTemplatesResultSchema)),
);
/** A successful response from the server for a `resources/templates/list` request. */
export type ListResourceTemplatesResultResponse = z.infer<typeof ListResourceTemplatesResultResponseSchema>;
/**
 * Zod schema of `SubscriptionsListenResultResponse`. A successful response from the server for a
 * `subscriptions/listen` request, sent when the server tears the subscription down gracefully.
 */
export const SubscriptionsListenResultResponseSchema = /* @__PURE__ */ lazy(() =>
  resultResponseSchema(built(SubscriptionsListenResultSchema)),
);
/**
 * A successful response from the server for a `subscriptions/listen` request, sent when the server
 * tears the subscription down gracefully.
 */
export type SubscriptionsListenResultResponse = z.infer<typeof SubscriptionsListenResultResponseSchema>;
