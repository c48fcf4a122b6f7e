import * as z from 'zod';
import { ErrorCode } from '../constants.js';
import { RequestIdSchema } from './base.js';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { ElicitRequestURLParamsSchema } from './elicitation.js';
import { ErrorSchema, JSONRPCVersionSchema } from './jsonrpc.js';

// Typed error objects and error responses of the spec. A generic error response parses with
// JSONRPCErrorResponseSchema; these pin the code and `data` shape of the errors MCP defines.

function errorObjectSchema<C extends number>(code: C) {
  return ErrorSchema.extend({ code: z.literal(code) });
}

export const ParseErrorSchema = /* @__PURE__ */ errorObjectSchema(ErrorCode.ParseError);
export type ParseError = z.infer<typeof ParseErrorSchema>;
export const InvalidRequestErrorSchema = /* @__PURE__ */ errorObjectSchema(ErrorCode.InvalidRequest);
export type InvalidRequestError = z.infer<typeof InvalidRequestErrorSchema>;
export const MethodNotFoundErrorSchema = /* @__PURE__ */ errorObjectSchema(ErrorCode.MethodNotFound);
export type MethodNotFoundError = z.infer<typeof MethodNotFoundErrorSchema>;
export const InvalidParamsErrorSchema = /* @__PURE__ */ errorObjectSchema(ErrorCode.InvalidParams);
export type InvalidParamsError = z.infer<typeof InvalidParamsErrorSchema>;
export const InternalErrorSchema = /* @__PURE__ */ errorObjectSchema(ErrorCode.InternalError);
export type InternalError = z.infer<typeof InternalErrorSchema>;

function errorResponseSchema<E extends z.ZodType>(error: E) {
  return z.looseObject({
    jsonrpc: JSONRPCVersionSchema,
    id: z.nullable(RequestIdSchema).default(null),
    error,
  });
}

/** 2026-07-28 (-32020): an HTTP header disagrees with the body. */
export const HeaderMismatchErrorSchema = /* @__PURE__ */ errorResponseSchema(
  /* @__PURE__ */ errorObjectSchema(ErrorCode.HeaderMismatch),
);
export type HeaderMismatchError = z.infer<typeof HeaderMismatchErrorSchema>;

/** 2026-07-28 (-32021): the request needs client capabilities it did not declare. */
export const MissingRequiredClientCapabilityErrorSchema = /* @__PURE__ */ errorResponseSchema(
  /* @__PURE__ */ errorObjectSchema(ErrorCode.MissingRequiredClientCapability).extend({
    data: /* @__PURE__ */ z.looseObject({ requiredCapabilities: ClientCapabilitiesSchema }),
  }),
);
export type MissingRequiredClientCapabilityError = z.infer<typeof MissingRequiredClientCapabilityErrorSchema>;

/** 2026-07-28 (-32022): the requested protocol version is unsupported; `data` lists the alternatives. */
export const UnsupportedProtocolVersionErrorSchema = /* @__PURE__ */ errorResponseSchema(
  /* @__PURE__ */ errorObjectSchema(ErrorCode.UnsupportedProtocolVersion).extend({
    data: /* @__PURE__ */ z.looseObject({
      supported: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
      requested: /* @__PURE__ */ z.string(),
    }),
  }),
);
export type UnsupportedProtocolVersionError = z.infer<typeof UnsupportedProtocolVersionErrorSchema>;

/** 2025-11-25 (-32042): URL-mode elicitations the client must complete before retrying. */
export const URLElicitationRequiredErrorSchema = /* @__PURE__ */ errorResponseSchema(
  /* @__PURE__ */ errorObjectSchema(ErrorCode.UrlElicitationRequired).extend({
    data: /* @__PURE__ */ z.looseObject({
      elicitations: /* @__PURE__ */ z.array(ElicitRequestURLParamsSchema),
    }),
  }),
);
export type URLElicitationRequiredError = z.infer<typeof URLElicitationRequiredErrorSchema>;
