// The MCP conventions as code: what a request's span is called, which attributes its method and params
// give it, and how an error or a failed tool call is recorded (docs/gen-ai/mcp.md, "Spans").
import { type Attributes, type Span, SpanStatusCode } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROMPT_NAME,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_MCP_METHOD_NAME,
  ATTR_MCP_RESOURCE_URI,
  ATTR_RPC_RESPONSE_STATUS_CODE,
  ERROR_TYPE_TOOL_ERROR,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
} from './semconv.js';
import type { JsonObjectLike } from './types.js';

/** The `error.type` of a failure that carries nothing better (the conventions' fallback value). */
const ERROR_TYPE_OTHER = '_OTHER';
/** JSON-RPC -32603: what the server answers when a middleware or handler throws a non-JSON-RPC error. */
const INTERNAL_ERROR_CODE = '-32603';

/** One request as the conventions describe it, before it runs. */
export interface Operation {
  /** `{mcp.method.name} {target}`: the tool or prompt name, else the method alone. */
  readonly name: string;
  /**
   * Attributes of both the span and the operation-duration histogram: a new object per request, which
   * the instrumentation completes (protocol version, network) and then gives the span.
   */
  readonly attributes: Attributes;
  /** `mcp.resource.uri`, for the span only (high cardinality: kept off metrics). */
  readonly resourceUri: string | undefined;
}

function stringParam(params: JsonObjectLike | undefined, key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Names a request and gives it the attributes its method and params define: `gen_ai.tool.name` and
 * `gen_ai.operation.name` on tools/call, `gen_ai.prompt.name` on prompts/get, `mcp.resource.uri` on
 * resources/read, (un)subscribe and notifications/resources/updated. The URI joins the name only when `resourceUriInName` opts in.
 */
export function describeOperation(
  method: string,
  params: JsonObjectLike | undefined,
  resourceUriInName: boolean,
): Operation {
  const attributes: Attributes = { [ATTR_MCP_METHOD_NAME]: method };
  let target: string | undefined;
  let resourceUri: string | undefined;
  switch (method) {
    case 'tools/call':
      target = stringParam(params, 'name');
      if (target !== undefined) attributes[ATTR_GEN_AI_TOOL_NAME] = target;
      attributes[ATTR_GEN_AI_OPERATION_NAME] = GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL;
      break;
    case 'prompts/get':
      target = stringParam(params, 'name');
      if (target !== undefined) attributes[ATTR_GEN_AI_PROMPT_NAME] = target;
      break;
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
    case 'notifications/resources/updated':
      resourceUri = stringParam(params, 'uri');
      if (resourceUriInName) target = resourceUri;
      break;
  }
  return { name: target === undefined ? method : `${method} ${target}`, attributes, resourceUri };
}

/**
 * Adds the span-only attributes of a request to `attributes` (the span's, after the histogram's were
 * copied from them): the resource URI and, when opted in, the tool's arguments.
 */
export function addSpanOnlyAttributes(
  attributes: Attributes,
  operation: Operation,
  method: string,
  params: JsonObjectLike | undefined,
  captureArguments: boolean,
): void {
  if (operation.resourceUri !== undefined) attributes[ATTR_MCP_RESOURCE_URI] = operation.resourceUri;
  if (captureArguments && method === 'tools/call' && params?.arguments !== undefined) {
    attributes[ATTR_GEN_AI_TOOL_CALL_ARGUMENTS] = JSON.stringify(params.arguments);
  }
}

/** How an operation failed, in the conventions' terms. */
export interface Failure {
  /** `error.type`: the JSON-RPC code as a string, `tool_error`, or the local failure's code or name. */
  readonly type: string;
  /** `rpc.response.status_code`: the JSON-RPC error code, when an error response carried one. */
  readonly statusCode?: string;
  /** The span status description: the JSON-RPC error message, when there is one. */
  readonly message?: string;
}

/**
 * The failure a thrown value (or an error outcome's error) stands for. A JSON-RPC error (numeric
 * `code`) gives its code as `error.type` and `rpc.response.status_code`; a local SDK failure (string
 * `code`, e.g. `REQUEST_TIMEOUT`, `CONNECTION_CLOSED`) its code; anything else its class name.
 * `thrownOnServer` marks a throw out of the server chain, which the server answers with -32603.
 */
export function failureOf(error: unknown, thrownOnServer = false): Failure {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : undefined;
  if (typeof code === 'number' && Number.isInteger(code)) {
    const type = String(code);
    return message === undefined ? { type, statusCode: type } : { type, statusCode: type, message };
  }
  if (thrownOnServer) {
    return message === undefined
      ? { type: INTERNAL_ERROR_CODE, statusCode: INTERNAL_ERROR_CODE }
      : { type: INTERNAL_ERROR_CODE, statusCode: INTERNAL_ERROR_CODE, message };
  }
  const type =
    typeof code === 'string' && code.length > 0
      ? code
      : error instanceof Error && error.name
        ? error.name
        : ERROR_TYPE_OTHER;
  return message === undefined ? { type } : { type, message };
}

/** A tools/call answered with `isError: true` fails as `tool_error`; every other result succeeds. */
export function failureOfResult(method: string, result: JsonObjectLike | undefined): Failure | undefined {
  return method === 'tools/call' && result?.isError === true ? { type: ERROR_TYPE_TOOL_ERROR } : undefined;
}

/**
 * Records a failure: `error.type` (and `rpc.response.status_code`) on the span and on the histogram's
 * attributes (undefined when the histogram records nothing), and the span status ERROR described by
 * the JSON-RPC error's message.
 */
export function recordFailure(span: Span, metricAttributes: Attributes | undefined, failure: Failure): void {
  if (metricAttributes !== undefined) metricAttributes[ATTR_ERROR_TYPE] = failure.type;
  span.setAttribute(ATTR_ERROR_TYPE, failure.type);
  if (failure.statusCode !== undefined) {
    if (metricAttributes !== undefined) metricAttributes[ATTR_RPC_RESPONSE_STATUS_CODE] = failure.statusCode;
    span.setAttribute(ATTR_RPC_RESPONSE_STATUS_CODE, failure.statusCode);
  }
  span.setStatus(
    failure.message === undefined
      ? { code: SpanStatusCode.ERROR }
      : { code: SpanStatusCode.ERROR, message: failure.message },
  );
}

/** The opt-in `gen_ai.tool.call.result` of a successful tool call: its structured content, else its content. */
export function recordToolResult(span: Span, result: JsonObjectLike | undefined): void {
  const value = result?.structuredContent ?? result?.content;
  if (value !== undefined) span.setAttribute(ATTR_GEN_AI_TOOL_CALL_RESULT, JSON.stringify(value));
}
