import { type DecodeOptions, decodeMessage, JsonRpcError } from '@mcpkit/jsonrpc';
import {
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResponse,
  Method,
  type RequestId,
} from '@mcpkit/protocol';

/** The outcome of reading a POST body: the messages, or a JSON-RPC error saying what was wrong. */
export type ParsedBody =
  | { ok: true; messages: JSONRPCMessage[]; isBatch: boolean }
  | { ok: false; code: number; message: string; id: RequestId | null };

/**
 * Reads one JSON-RPC message or a batch with the shared codec (which bounds nesting and batch
 * size, and refuses a batch reusing a request id). Only the envelope is checked here;
 * params and results are validated by the server against the schema of the negotiated revision.
 */
export function parseJsonRpcBody(text: string, limits?: DecodeOptions): ParsedBody {
  let decoded: JSONRPCMessage | JSONRPCMessage[];
  try {
    decoded = decodeMessage(text, limits);
  } catch (error) {
    if (!(error instanceof JsonRpcError)) throw error;
    const id = error.response?.id ?? null;
    return { ok: false, code: error.code, message: error.message, id };
  }
  if (Array.isArray(decoded)) return { ok: true, messages: decoded, isBatch: true };
  return { ok: true, messages: [decoded], isBatch: false };
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
