import type * as z from 'zod';
import { ErrorCode, type ProtocolVersion } from './constants.js';
import { describeValue, describeZodError, formatPath, type ValidationIssue } from './format-error.js';
import type { JSONRPCMessage } from './jsonrpc-types.js';
import {
  methodSchemas,
  type NotificationMethod,
  type NotificationParamsByMethod,
  notificationParamsSchemas,
  type RequestMethod,
  type RequestParamsByMethod,
  type ResultByMethod,
  requestParamsSchemas,
  resultSchemas,
} from './method-maps.js';
import {
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from './schemas/jsonrpc.js';
import { anyRevisionServerRequestMaps, serverRequestMaps } from './server-request-maps.js';

// Boundary validation: one map lookup, one schema parse, and on failure one precise error that
// says which JSON-RPC error code to answer with.

/** Why a message was rejected, with the JSON-RPC error code to answer with. */
export interface ProtocolValidationError extends ValidationIssue {
  /**
   * -32601 for a method the revision does not define, -32602 for bad params, -32600 for a bad
   * envelope. `parseResult` also says -32602: a bad result is never answered on the wire, the code
   * only classifies it for the caller's local error.
   */
  code: typeof ErrorCode.MethodNotFound | typeof ErrorCode.InvalidParams | typeof ErrorCode.InvalidRequest;
}

/** The outcome of a `safeParse`: the parsed value, or a `ProtocolValidationError` naming what was wrong. */
export type ParseResult<T> = { success: true; data: T } | { success: false; error: ProtocolValidationError };

type Map = Readonly<Partial<Record<string, z.ZodType>>>;

function lookup(map: Map, method: string): z.ZodType | undefined {
  return Object.hasOwn(map, method) ? map[method] : undefined;
}

function methodNotFound(kind: string, method: string, version: ProtocolVersion | undefined) {
  const where = version ? `protocol revision ${version}` : 'any MCP revision';
  const pathString = 'method';
  const received = JSON.stringify(method);
  return {
    success: false as const,
    error: {
      code: ErrorCode.MethodNotFound,
      path: ['method'],
      pathString,
      expected: `a ${kind} method of ${where}`,
      received,
      message: `Method not found: ${received} is not a ${kind} method of ${where}`,
    },
  };
}

function check<T>(
  schema: z.ZodType,
  value: unknown,
  prefix: PropertyKey[],
  code: ProtocolValidationError['code'],
): ParseResult<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data as T };
  return {
    success: false,
    error: { code, ...describeZodError(parsed.error, value, { pathPrefix: prefix }) },
  };
}

/** Looks `method` up in `map` and checks `value` against its schema (-32601 when it has none). */
function parseByMethod<T>(
  map: Map,
  kind: 'request' | 'notification',
  method: string,
  value: unknown,
  at: 'params' | 'result',
  version: ProtocolVersion | undefined,
): ParseResult<T> {
  const schema = lookup(map, method);
  if (!schema) return methodNotFound(kind, method, version);
  return check<T>(schema, value, [at], ErrorCode.InvalidParams);
}

/**
 * Validates the params of an incoming request against its method's schema: the revision's exact
 * schema when `version` is given, otherwise the lenient schema that accepts every revision.
 * Paths in errors start at `params`, e.g. `params.arguments`.
 */
export function parseRequestParams<M extends string>(
  method: M,
  params: unknown,
  version?: ProtocolVersion,
): ParseResult<M extends RequestMethod ? RequestParamsByMethod[M] : unknown> {
  const map: Map = version ? methodSchemas[version].requestParams : requestParamsSchemas;
  return parseByMethod(map, 'request', method, params, 'params', version);
}

/** Validates the params of an incoming notification (paths start at `params`). */
export function parseNotificationParams<M extends string>(
  method: M,
  params: unknown,
  version?: ProtocolVersion,
): ParseResult<M extends NotificationMethod ? NotificationParamsByMethod[M] : unknown> {
  if (!version) return parseAnyRevisionNotificationParams(method, params);
  return parseByMethod(
    methodSchemas[version].notificationParams,
    'notification',
    method,
    params,
    'params',
    version,
  );
}

/**
 * `parseNotificationParams` without a version: the lenient schemas alone, so a caller that never
 * checks against one revision does not bundle the per-revision maps.
 */
export function parseAnyRevisionNotificationParams<M extends string>(
  method: M,
  params: unknown,
): ParseResult<M extends NotificationMethod ? NotificationParamsByMethod[M] : unknown> {
  return parseByMethod(notificationParamsSchemas, 'notification', method, params, 'params', undefined);
}

/** Validates the result of a request this side sent (paths start at `result`). */
export function parseResult<M extends string>(
  method: M,
  result: unknown,
  version?: ProtocolVersion,
): ParseResult<M extends RequestMethod ? ResultByMethod[M] : unknown> {
  const map: Map = version ? methodSchemas[version].results : resultSchemas;
  return parseByMethod(map, 'request', method, result, 'result', version);
}

/**
 * `parseRequestParams` for the questions a server asks a client (sampling, elicitation, roots):
 * the same schemas and errors, from a table that holds nothing else (a client bundles only that).
 */
export function parseServerRequestParams<M extends string>(
  method: M,
  params: unknown,
  version?: ProtocolVersion,
): ParseResult<M extends RequestMethod ? RequestParamsByMethod[M] : unknown> {
  const map: Map = version
    ? serverRequestMaps[version].requestParams
    : anyRevisionServerRequestMaps.requestParams;
  return parseByMethod(map, 'request', method, params, 'params', version);
}

/** `parseResult` for the answer to a server's question (sampling, elicitation, roots). */
export function parseServerRequestResult<M extends string>(
  method: M,
  result: unknown,
  version?: ProtocolVersion,
): ParseResult<M extends RequestMethod ? ResultByMethod[M] : unknown> {
  const map: Map = version ? serverRequestMaps[version].results : anyRevisionServerRequestMaps.results;
  return parseByMethod(map, 'request', method, result, 'result', version);
}

/**
 * Classifies and validates one JSON-RPC message by its members (`method` + `id` = request,
 * `method` alone = notification, `result` / `error` = response), so the error names the real
 * problem instead of "matches no union member". Errors carry -32600.
 */
export function parseJSONRPCMessage(value: unknown): ParseResult<JSONRPCMessage> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return check(JSONRPCRequestSchema, value, [], ErrorCode.InvalidRequest);
  }
  const has = (key: string) => Object.hasOwn(value, key);
  const schema = has('method')
    ? has('id')
      ? JSONRPCRequestSchema
      : JSONRPCNotificationSchema
    : has('error')
      ? JSONRPCErrorResponseSchema
      : has('result')
        ? JSONRPCResultResponseSchema
        : JSONRPCRequestSchema;
  return check(schema, value, [], ErrorCode.InvalidRequest);
}

/**
 * Validates a decoded JSON-RPC payload: one message, or (2025-03-26 only, or when no version is
 * given) a non-empty batch. Paths of batch items start with their index.
 */
export function parseJSONRPCPayload(
  value: unknown,
  version?: ProtocolVersion,
): ParseResult<JSONRPCMessage | JSONRPCMessage[]> {
  if (!Array.isArray(value)) return parseJSONRPCMessage(value);
  if (version && !methodSchemas[version].batches) {
    const received = describeValue(value);
    const message = `(root): expected a single JSON-RPC message (protocol revision ${version} has no batches), received ${received}`;
    return {
      success: false,
      error: {
        code: ErrorCode.InvalidRequest,
        path: [],
        pathString: '(root)',
        expected: 'a single JSON-RPC message',
        received,
        message,
      },
    };
  }
  if (value.length === 0) {
    return {
      success: false,
      error: {
        code: ErrorCode.InvalidRequest,
        path: [],
        pathString: '(root)',
        expected: 'a non-empty batch',
        received: 'array (0 items)',
        message: '(root): expected a non-empty batch, received array (0 items)',
      },
    };
  }
  const messages: JSONRPCMessage[] = [];
  for (const [index, item] of value.entries()) {
    const parsed = parseJSONRPCMessage(item);
    if (!parsed.success) {
      const path = [index, ...parsed.error.path];
      const pathString = formatPath(path);
      const detail = parsed.error.message.slice(parsed.error.pathString.length);
      return {
        success: false,
        error: { ...parsed.error, path, pathString, message: `${pathString}${detail}` },
      };
    }
    messages.push(parsed.data);
  }
  return { success: true, data: messages };
}
