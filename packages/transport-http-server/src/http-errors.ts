import { ErrorCode, type JSONRPCErrorResponse, type RequestId } from '@mcpkit/protocol';
import { jsonReply, type Reply } from './exchange.js';

/** Options of one rejection: the JSON-RPC code (default -32600 or -32000 by status) and extra headers. */
export interface RejectionOptions {
  code?: number;
  id?: RequestId | null;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * Every refusal of the handler is an HTTP error status with a JSON-RPC error body that says why,
 * so a client (or a person reading a log) never has to guess.
 */
export function rejection(status: number, message: string, options: RejectionOptions = {}): Reply {
  const body: JSONRPCErrorResponse = {
    jsonrpc: '2.0',
    id: options.id ?? null,
    error: {
      code: options.code ?? defaultCodeFor(status),
      message,
      ...(options.data === undefined ? {} : { data: options.data }),
    },
  };
  return jsonReply(body, status, options.headers);
}

function defaultCodeFor(status: number): number {
  if (status === 400 || status === 413 || status === 415 || status === 406) return ErrorCode.InvalidRequest;
  if (status >= 500) return ErrorCode.InternalError;
  // 403, 404, 405, 409, 429: a server-defined error in the JSON-RPC reserved range.
  return ErrorCode.ConnectionClosed;
}

/** A request whose id is already in flight in the session (the client must use a new id). */
export function inFlightConflict(id: RequestId): Reply {
  return rejection(409, `Conflict: request id ${JSON.stringify(id)} is already in flight in this session`, {
    id,
  });
}
