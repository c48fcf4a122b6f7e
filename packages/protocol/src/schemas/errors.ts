import { ErrorCode } from '../constants.js';
import { RequestIdSchema } from './base.js';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { ElicitRequestURLParamsSchema } from './elicitation.js';
import { ErrorSchema, JSONRPCVersionSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// Typed error objects and error responses of the spec. A generic error response parses with
// JSONRPCErrorResponseSchema; these pin the code and `data` shape of the errors MCP defines.

// Takes the code's name, not `ErrorCode.X`: a property read in the argument is a possible side
// effect to a bundler, which then keeps every error schema in bundles that use none of them.
function errorObjectSchema<K extends keyof typeof ErrorCode>(name: K) {
  return built(ErrorSchema).extend({ code: z.literal(ErrorCode[name]) });
}

/** Zod schema of `ParseError`. A JSON-RPC error indicating that invalid JSON was received by the server. */
export const ParseErrorSchema = /* @__PURE__ */ lazy(() => errorObjectSchema('ParseError'));
/** A JSON-RPC error indicating that invalid JSON was received by the server. */
export type ParseError = z.infer<typeof ParseErrorSchema>;
/**
 * Zod schema of `InvalidRequestError`. A JSON-RPC error indicating that the request is not a valid
 * request object.
 */
export const InvalidRequestErrorSchema = /* @__PURE__ */ lazy(() => errorObjectSchema('InvalidRequest'));
/** A JSON-RPC error indicating that the request is not a valid request object. */
export type InvalidRequestError = z.infer<typeof InvalidRequestErrorSchema>;
/**
 * Zod schema of `MethodNotFoundError`. A JSON-RPC error indicating that the requested method does not
 * exist or is not available.
 */
export const MethodNotFoundErrorSchema = /* @__PURE__ */ lazy(() => errorObjectSchema('MethodNotFound'));
/** A JSON-RPC error indicating that the requested method does not exist or is not available. */
export type MethodNotFoundError = z.infer<typeof MethodNotFoundErrorSchema>;
/**
 * Zod schema of `InvalidParamsError`. A JSON-RPC error indicating that the method parameters are
 * invalid or malformed.
 */
export const InvalidParamsErrorSchema = /* @__PURE__ */ lazy(() => errorObjectSchema('InvalidParams'));
/** A JSON-RPC error indicating that the method parameters are invalid or malformed. */
export type InvalidParamsError = z.infer<typeof InvalidParamsErrorSchema>;
/**
 * Zod schema of `InternalError`. A JSON-RPC error indicating that an internal error occurred on the
 * receiver.
 */
export const InternalErrorSchema = /* @__PURE__ */ lazy(() => errorObjectSchema('InternalError'));
/** A JSON-RPC error indicating that an internal error occurred on the receiver. */
export type InternalError = z.infer<typeof InternalErrorSchema>;

function errorResponseSchema<E extends z.ZodType>(error: E) {
  return z.looseObject({
    jsonrpc: built(JSONRPCVersionSchema),
    id: z.nullable(built(RequestIdSchema)).default(null),
    error,
  });
}

/** 2026-07-28 (-32020): an HTTP header disagrees with the body. */
export const HeaderMismatchErrorSchema = /* @__PURE__ */ lazy(() =>
  errorResponseSchema(/* @__PURE__ */ errorObjectSchema('HeaderMismatch')),
);
/**
 * Returned when a server rejects a request because the values in the HTTP headers do not match the
 * corresponding values in the request body, or because required headers are missing or malformed.
 */
export type HeaderMismatchError = z.infer<typeof HeaderMismatchErrorSchema>;

/** 2026-07-28 (-32021): the request needs client capabilities it did not declare. */
export const MissingRequiredClientCapabilityErrorSchema = /* @__PURE__ */ lazy(() =>
  errorResponseSchema(
    /* @__PURE__ */ errorObjectSchema('MissingRequiredClientCapability').extend({
      data: /* @__PURE__ */ z.looseObject({ requiredCapabilities: built(ClientCapabilitiesSchema) }),
    }),
  ),
);
/**
 * Returned when processing a request requires a capability the client did not declare in
 * `clientCapabilities`.
 */
export type MissingRequiredClientCapabilityError = z.infer<typeof MissingRequiredClientCapabilityErrorSchema>;

/** 2026-07-28 (-32022): the requested protocol version is unsupported; `data` lists the alternatives. */
export const UnsupportedProtocolVersionErrorSchema = /* @__PURE__ */ lazy(() =>
  errorResponseSchema(
    /* @__PURE__ */ errorObjectSchema('UnsupportedProtocolVersion').extend({
      data: /* @__PURE__ */ z.looseObject({
        supported: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
        requested: /* @__PURE__ */ z.string(),
      }),
    }),
  ),
);
/**
 * Returned when the request's protocol version is unknown to the server or unsupported (e.g., a known
 * experimental or draft version the server has chosen not to implement).
 */
export type UnsupportedProtocolVersionError = z.infer<typeof UnsupportedProtocolVersionErrorSchema>;

/** 2025-11-25 (-32042): URL-mode elicitations the client must complete before retrying. */
export const URLElicitationRequiredErrorSchema = /* @__PURE__ */ lazy(() =>
  errorResponseSchema(
    /* @__PURE__ */ errorObjectSchema('UrlElicitationRequired').extend({
      data: /* @__PURE__ */ z.looseObject({
        elicitations: /* @__PURE__ */ z.array(built(ElicitRequestURLParamsSchema)),
      }),
    }),
  ),
);
/**
 * An error response that indicates that the server requires the client to provide additional
 * information via an elicitation request.
 */
export type URLElicitationRequiredError = z.infer<typeof URLElicitationRequiredErrorSchema>;
