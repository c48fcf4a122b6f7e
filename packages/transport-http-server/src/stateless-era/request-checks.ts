import {
  ErrorCode,
  HttpHeader,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  MetaKey,
  Method,
} from '@mcpkit/protocol';
import type { HttpExchange, Reply } from '../exchange.js';
import { rejection } from '../http-errors.js';
import { decodeHeaderValue } from './param-encoding.js';

/** A 2026-07-28 POST that passed the transport's checks, with its decoded `Mcp-Param-*` headers. */
export interface CheckedMessage {
  message: JSONRPCRequest | JSONRPCNotification;
  /** `Mcp-Param-{Name}` headers decoded, keyed by the lower-cased `{Name}`. */
  mcpParams: Record<string, string>;
}

/**
 * The transport-level rules of 2026-07-28 (streamable-http "Request Metadata", SEP-2243, the
 * `_meta` envelope of basic/index): one message per POST, the version header equal to `_meta`,
 * `Mcp-Method` and `Mcp-Name` mirroring the body. Refusals are HTTP 400 and keep the request id.
 */
export function checkStatelessPost(
  request: HttpExchange,
  messages: JSONRPCMessage[],
  isBatch: boolean,
): CheckedMessage | Reply {
  const message = messages[0];
  if (isBatch || !message || !('method' in message)) {
    return rejection(
      400,
      'Bad Request: a 2026-07-28 POST carries exactly one JSON-RPC request or notification (no batch, no response)',
    );
  }
  const id = 'id' in message ? message.id : null;
  const mismatch = (text: string) =>
    rejection(400, `Header mismatch: ${text}`, { code: ErrorCode.HeaderMismatch, id });
  if (id !== null && REMOVED_METHODS.has(message.method)) {
    return rejection(404, `Method not found: ${message.method} does not exist in 2026-07-28`, {
      code: ErrorCode.MethodNotFound,
      id,
    });
  }
  const params = (message.params ?? {}) as Record<string, unknown>;
  const meta = params._meta;
  const envelopeProblem = metaProblem(meta);
  if (envelopeProblem && id !== null) {
    return rejection(400, `Invalid params: ${envelopeProblem}`, { code: ErrorCode.InvalidParams, id });
  }
  const headerVersion = request.header(HttpHeader.ProtocolVersion)?.trim();
  const bodyVersion = (meta as Record<string, unknown> | undefined)?.[MetaKey.ProtocolVersion];
  if (!headerVersion) {
    return mismatch(
      `the MCP-Protocol-Version header is required (the body's _meta says ${JSON.stringify(bodyVersion)})`,
    );
  }
  if (bodyVersion !== undefined && bodyVersion !== headerVersion) {
    return mismatch(
      `MCP-Protocol-Version header ${JSON.stringify(headerVersion)} does not match body _meta["${MetaKey.ProtocolVersion}"] ${JSON.stringify(bodyVersion)}`,
    );
  }
  const mcpParams = readParamHeaders(request);
  if (typeof mcpParams === 'string') return mismatch(mcpParams);
  const methodHeader = request.header(HttpHeader.Method)?.trim();
  // Mcp-Method is required of requests only; a notification may omit it, but one it carries must
  // still equal the body, or a router reading the header would act on another method than the body.
  if (id === null && !methodHeader) return { message, mcpParams };
  if (methodHeader === undefined || methodHeader === '') {
    return mismatch(`the Mcp-Method header is required (expected ${JSON.stringify(message.method)})`);
  }
  if (methodHeader !== message.method) {
    return mismatch(
      `Mcp-Method header value ${JSON.stringify(methodHeader)} does not match body method ${JSON.stringify(message.method)}`,
    );
  }
  if (id === null) return { message, mcpParams };
  const nameProblem = checkNameHeader(request, message.method, params);
  if (nameProblem) return mismatch(nameProblem);
  return { message, mcpParams };
}

/** Requests of the stateful revisions that 2026-07-28 removed: 404 with -32601, before any envelope check. */
const REMOVED_METHODS = new Set<string>([
  Method.Initialize,
  Method.Ping,
  Method.LoggingSetLevel,
  Method.ResourcesSubscribe,
  Method.ResourcesUnsubscribe,
]);

const TASK_METHODS_WITH_NAME = new Set([Method.TasksGet, 'tasks/update', Method.TasksCancel]);

/** The body field `Mcp-Name` mirrors for a method, or undefined when the method needs no `Mcp-Name`. */
export function nameSourceOf(method: string): 'name' | 'uri' | 'taskId' | undefined {
  if (method === Method.ToolsCall || method === Method.PromptsGet) return 'name';
  if (method === Method.ResourcesRead) return 'uri';
  // The tasks extension (SEP-2663) names these three; tasks/result and tasks/list carry no Mcp-Name.
  if (TASK_METHODS_WITH_NAME.has(method)) return 'taskId';
  return undefined;
}

function checkNameHeader(
  request: HttpExchange,
  method: string,
  params: Record<string, unknown>,
): string | undefined {
  const source = nameSourceOf(method);
  if (!source) return undefined;
  const expected = params[source];
  const raw = request.header(HttpHeader.Name);
  if (raw === undefined || raw.trim() === '') {
    return `the Mcp-Name header is required for ${method} (expected params.${source} ${JSON.stringify(expected)})`;
  }
  const decoded = decodeHeaderValue(raw);
  if (!decoded.ok) return `Mcp-Name header ${decoded.problem}`;
  if (decoded.value !== expected) {
    return `Mcp-Name header value ${JSON.stringify(decoded.value)} does not match body params.${source} ${JSON.stringify(expected)}`;
  }
  return undefined;
}

function readParamHeaders(request: HttpExchange): Record<string, string> | string {
  const params: Record<string, string> = {};
  for (const name of request.headerNames()) {
    if (!name.startsWith(HttpHeader.ParamPrefix)) continue;
    const raw = request.header(name)!;
    const key = name.slice(HttpHeader.ParamPrefix.length);
    const decoded = decodeHeaderValue(raw);
    if (!decoded.ok) return `header ${name} ${decoded.problem}`;
    params[key] = decoded.value;
  }
  return params;
}

function metaProblem(meta: unknown): string | undefined {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    return `params._meta is required in 2026-07-28 and must be an object holding "${MetaKey.ProtocolVersion}" and "${MetaKey.ClientCapabilities}"`;
  }
  const record = meta as Record<string, unknown>;
  if (typeof record[MetaKey.ProtocolVersion] !== 'string') {
    return `params._meta["${MetaKey.ProtocolVersion}"] is required and must be a string`;
  }
  const capabilities = record[MetaKey.ClientCapabilities];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    return `params._meta["${MetaKey.ClientCapabilities}"] is required and must be an object`;
  }
  return undefined;
}
