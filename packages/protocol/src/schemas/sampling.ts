import { integer, MetaObjectSchema, RequestIdSchema, RoleSchema } from './base.js';
import { SamplingMessageContentBlockSchema } from './content.js';
import { JSONRPCVersionSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { RequestParamsSchema, ResultSchema } from './params.js';
import { TaskMetadataSchema } from './tasks.js';
import { ToolSchema } from './tool.js';
import { z } from './zod.js';

// sampling/createMessage: the server asks the client's model for a completion.

/**
 * Server-to-client questions are JSON-RPC requests up to 2025-11-25 and bare `{method, params}`
 * input requests inside an `input_required` result in 2026-07-28; this envelope accepts both
 * (the revision schemas pin each shape down).
 */
export function inputRequestSchema<M extends string, P extends z.ZodType>(method: M, params: P) {
  return z.looseObject({
    jsonrpc: z.optional(built(JSONRPCVersionSchema)),
    id: z.optional(built(RequestIdSchema)),
    method: z.literal(method),
    params,
  });
}

/**
 * Zod schema of `ModelHint`. Hints to use for model selection. Keys not declared here are currently
 * left unspecified by the spec and are up to the client to interpret.
 */
export const ModelHintSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/**
 * Hints to use for model selection. Keys not declared here are currently left unspecified by the spec
 * and are up to the client to interpret.
 */
export type ModelHint = z.infer<typeof ModelHintSchema>;

const PrioritySchema = /* @__PURE__ */ lazy(() => z.optional(/* @__PURE__ */ z.number().min(0).max(1)));
/**
 * Zod schema of `ModelPreferences`. The server's preferences for model selection, requested of the
 * client during sampling.
 */
export const ModelPreferencesSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    hints: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(ModelHintSchema))),
    costPriority: built(PrioritySchema),
    speedPriority: built(PrioritySchema),
    intelligencePriority: built(PrioritySchema),
  }),
);
/** The server's preferences for model selection, requested of the client during sampling. */
export type ModelPreferences = z.infer<typeof ModelPreferencesSchema>;

/** Zod schema of `ToolChoice`. Controls tool selection behavior for sampling requests. */
export const ToolChoiceSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    mode: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['auto', 'required', 'none'])),
  }),
);
/** Controls tool selection behavior for sampling requests. */
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/** One block, or (since 2025-11-25) an array of blocks. */
export const SamplingContentSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    built(SamplingMessageContentBlockSchema),
    /* @__PURE__ */ z.array(built(SamplingMessageContentBlockSchema)),
  ]),
);

/** Zod schema of `SamplingMessage`. Describes a message issued to or received from an LLM API. */
export const SamplingMessageSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    role: built(RoleSchema),
    content: built(SamplingContentSchema),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** Describes a message issued to or received from an LLM API. */
export type SamplingMessage = z.infer<typeof SamplingMessageSchema>;

/** Zod schema of `CreateMessageRequestParams`. Parameters for a `sampling/createMessage` request. */
export const CreateMessageRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    messages: /* @__PURE__ */ z.array(built(SamplingMessageSchema)),
    modelPreferences: /* @__PURE__ */ z.optional(built(ModelPreferencesSchema)),
    systemPrompt: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    includeContext: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['none', 'thisServer', 'allServers'])),
    temperature: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
    maxTokens: /* @__PURE__ */ integer(),
    stopSequences: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
    metadata: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
    ),
    tools: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(ToolSchema))),
    toolChoice: /* @__PURE__ */ z.optional(built(ToolChoiceSchema)),
    task: /* @__PURE__ */ z.optional(built(TaskMetadataSchema)),
  }),
);
/** Parameters for a `sampling/createMessage` request. */
export type CreateMessageRequestParams = z.infer<typeof CreateMessageRequestParamsSchema>;

/** Zod schema of `CreateMessageRequest`. A request from the server to sample an LLM via the client. */
export const CreateMessageRequestSchema = /* @__PURE__ */ lazy(() =>
  inputRequestSchema('sampling/createMessage', built(CreateMessageRequestParamsSchema)),
);
/** A request from the server to sample an LLM via the client. */
export type CreateMessageRequest = z.infer<typeof CreateMessageRequestSchema>;

/**
 * Zod schema of `CreateMessageResult`. The result returned by the client for a
 * `sampling/createMessage` request.
 */
export const CreateMessageResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    role: built(RoleSchema),
    content: built(SamplingContentSchema),
    model: /* @__PURE__ */ z.string(),
    /** `endTurn`, `stopSequence`, `maxTokens`, `toolUse`, or any provider-specific reason. */
    stopReason: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** The result returned by the client for a `sampling/createMessage` request. */
export type CreateMessageResult = z.infer<typeof CreateMessageResultSchema>;
