import {
  ErrorCode,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResponse,
  Method,
} from '@mcpkit/protocol';

/** The outcome of reading a POST body: the messages, or a JSON-RPC error saying what was wrong. */
export type ParsedBody =
  | { ok: true; messages: JSONRPCMessage[]; isBatch: boolean }
  | { ok: false; code: number; message: string };

/**
 * Reads one JSON-RPC message or a batch. Only the envelope is checked here; params and results are
 * validated by the server against the schema of the negotiated revision.
 */
export function parseJsonRpcBody(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      code: ErrorCode.ParseError,
      message: `Parse error: body is not valid JSON (${describe(error)})`,
    };
  }
  const isBatch = Array.isArray(value);
  const items: unknown[] = isBatch ? (value as unknown[]) : [value];
  if (isBatch && items.length === 0) {
    return {
      ok: false,
      code: ErrorCode.InvalidRequest,
      message: 'Invalid Request: a JSON-RPC batch must not be empty',
    };
  }
  for (const [index, item] of items.entries()) {
    const problem = envelopeProblem(item);
    if (problem) {
      const where = isBatch ? `batch item ${index}` : 'body';
      return { ok: false, code: ErrorCode.InvalidRequest, message: `Invalid Request: ${where} ${problem}` };
    }
  }
  return { ok: true, messages: items as JSONRPCMessage[], isBatch };
}

function envelopeProblem(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'must be a JSON object';
  const message = item as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return `must have "jsonrpc": "2.0" (got ${JSON.stringify(message.jsonrpc)})`;
  const hasId = 'id' in message;
  if (hasId && !isValidId(message.id) && !(message.id === null && 'error' in message)) {
    return `has an "id" that is neither a string nor an integer (got ${JSON.stringify(message.id)})`;
  }
  if ('method' in message) {
    if (typeof message.method !== 'string') return `has a "method" that is not a string`;
    if ('params' in message && !isObject(message.params)) return `has "params" that is not an object`;
    return undefined;
  }
  if (!hasId) return 'is neither a request, a notification nor a response (no "method" and no "id")';
  if ('result' in message === 'error' in message)
    return 'is a response that must have exactly one of "result" or "error"';
  if ('result' in message && !isObject(message.result)) return 'has a "result" that is not an object';
  if ('error' in message) {
    const error = message.error as Record<string, unknown> | null;
    if (!isObject(error) || typeof error.code !== 'number' || typeof error.message !== 'string') {
      return 'has an "error" without a numeric "code" and a string "message"';
    }
  }
  return undefined;
}

function isValidId(id: unknown): boolean {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

export function isNotification(message: JSONRPCMessage): message is JSONRPCNotification {
  return 'method' in message && !('id' in message);
}

export function isResponse(message: JSONRPCMessage): message is JSONRPCResponse {
  return !('method' in message);
}

export function isInitializeRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return isRequest(message) && message.method === Method.Initialize;
}
