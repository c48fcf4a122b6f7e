import { integer, RequestIdSchema } from './base.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// The JSON-RPC 2.0 envelope. The TypeScript shapes are the contract types of jsonrpc-types.ts;
// these schemas parse into them. Params and results must be objects in MCP; their contents are
// checked per method (see method-maps.ts), not here.

/** Zod schema of the `jsonrpc` member: always `"2.0"`. */
export const JSONRPCVersionSchema = /* @__PURE__ */ lazy(() => z.literal('2.0'));
const ParamsObjectSchema = /* @__PURE__ */ lazy(() =>
  z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
);

/** Zod schema of `JSONRPCRequest`. A request that expects a response. */
export const JSONRPCRequestSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    jsonrpc: built(JSONRPCVersionSchema),
    id: built(RequestIdSchema),
    method: /* @__PURE__ */ z.string(),
    params: /* @__PURE__ */ z.optional(built(ParamsObjectSchema)),
  }),
);

/** A notification has no `id`: a message with one is a request (or a malformed one). */
export const JSONRPCNotificationSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    jsonrpc: built(JSONRPCVersionSchema),
    id: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.never()),
    method: /* @__PURE__ */ z.string(),
    params: /* @__PURE__ */ z.optional(built(ParamsObjectSchema)),
  }),
);

/** Zod schema of `JSONRPCResultResponse`. A successful (non-error) response to a request. */
export const JSONRPCResultResponseSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    jsonrpc: built(JSONRPCVersionSchema),
    id: built(RequestIdSchema),
    result: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  }),
);

/** The `error` member of an error response (the spec calls this type `Error`). */
export const ErrorSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: /* @__PURE__ */ integer(),
    message: /* @__PURE__ */ z.string(),
    data: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
  }),
);

/**
 * `id` is `null` (or, since 2025-11-25, absent) when the failing request's id could not be read;
 * an absent id parses as `null` so the output matches the `JSONRPCErrorResponse` contract type.
 */
export const JSONRPCErrorResponseSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    jsonrpc: built(JSONRPCVersionSchema),
    id: /* @__PURE__ */ z.nullable(built(RequestIdSchema)).default(null),
    error: built(ErrorSchema),
  }),
);

/** Zod schema of `JSONRPCResponse`. A response to a request, containing either the result or error. */
export const JSONRPCResponseSchema = /* @__PURE__ */ lazy(() =>
  z.union([built(JSONRPCResultResponseSchema), built(JSONRPCErrorResponseSchema)]),
);

/**
 * Zod schema of `JSONRPCMessage`. Refers to any valid JSON-RPC object that can be decoded off the
 * wire, or encoded to be sent.
 */
export const JSONRPCMessageSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    built(JSONRPCRequestSchema),
    built(JSONRPCNotificationSchema),
    built(JSONRPCResultResponseSchema),
    built(JSONRPCErrorResponseSchema),
  ]),
);

/** 2025-03-26 only: a batch of requests and notifications (removed again in 2025-06-18). */
export const JSONRPCBatchRequestSchema = /* @__PURE__ */ lazy(() =>
  z.array(/* @__PURE__ */ z.union([built(JSONRPCRequestSchema), built(JSONRPCNotificationSchema)])).min(1),
);
/** A JSON-RPC batch request, as described in https://www.jsonrpc.org/specification#batch. */
export type JSONRPCBatchRequest = z.infer<typeof JSONRPCBatchRequestSchema>;

/** 2025-03-26 only: the responses to a batch. */
export const JSONRPCBatchResponseSchema = /* @__PURE__ */ lazy(() =>
  z
    .array(/* @__PURE__ */ z.union([built(JSONRPCResultResponseSchema), built(JSONRPCErrorResponseSchema)]))
    .min(1),
);
/** A JSON-RPC batch response, as described in https://www.jsonrpc.org/specification#batch. */
export type JSONRPCBatchResponse = z.infer<typeof JSONRPCBatchResponseSchema>;

/** Builds the schema of one request method: envelope plus typed params. */
export function requestSchema<M extends string, P extends z.ZodType>(method: M, params: P) {
  return z.looseObject({
    jsonrpc: built(JSONRPCVersionSchema),
    id: built(RequestIdSchema),
    method: z.literal(method),
    params,
  });
}

/** Builds the schema of one notification method: envelope plus typed params. */
export function notificationSchema<M extends string, P extends z.ZodType>(method: M, params: P) {
  return z.looseObject({ jsonrpc: built(JSONRPCVersionSchema), method: z.literal(method), params });
}

/** Builds the schema of a successful response carrying a given result. */
export function resultResponseSchema<R extends z.ZodType>(result: R) {
  return z.looseObject({ jsonrpc: built(JSONRPCVersionSchema), id: built(RequestIdSchema), result });
}

/**
 * A request as revisions up to 2025-06-18 define it: `method` and `params` only. The envelope
 * members (`jsonrpc`, `id`) are allowed but not checked here (the envelope schemas check them).
 */
export function bareRequestSchema<M extends string, P extends z.ZodType>(method: M, params: P) {
  return z.looseObject({ method: z.literal(method), params });
}

/** A notification as revisions up to 2025-06-18 define it: `method` and `params` only. */
export const bareNotificationSchema = bareRequestSchema;
