import type { JSONObject, JSONRPCRequest, JSONRPCResponse, RequestId } from '@mcpkit/protocol/essentials';
import { JsonRpcError, toErrorResponse } from './errors.js';
import type { RequestContext, RequestHandler } from './peer-types.js';

// A request answered outside any connection. A stateless transport (one HTTP POST, one answer)
// hands its request to a RequestAnswerer (McpServer is one) instead of building a transport, a
// session and a peer for it that would live for that one request. The transport makes the
// handler's context itself: it knows where notifications go, when the client is gone, and whether
// a request to the client could be answered at all.

/** Answers one JSON-RPC request at a time, without a connection: what stateless transports call. */
export interface RequestAnswerer {
  /** Never rejects: a failure is an error response. `context` is what the request's handler gets. */
  answer(request: JSONRPCRequest, context: RequestContext): Promise<JSONRPCResponse>;
}

/**
 * Answers `request` with `handler` as a JsonRpcPeer would (the same result check and error
 * responses), without a peer. Never rejects: a failure is an error response.
 */
export function answerRequest(
  request: JSONRPCRequest,
  handler: RequestHandler,
  context: RequestContext,
): Promise<JSONRPCResponse> {
  const id = request.id;
  let result: JSONObject | PromiseLike<JSONObject>;
  try {
    result = handler(request.params, context);
  } catch (error) {
    return Promise.resolve(toErrorResponse(id, error));
  }
  return Promise.resolve(result).then(
    (value) => resultResponse(id, request.method, value),
    (error: unknown) => toErrorResponse(id, error),
  );
}

/** The response carrying a handler's result: an object, or -32603 saying what came instead. */
export function resultResponse(id: RequestId, method: string, result: unknown): JSONRPCResponse {
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    return { jsonrpc: '2.0', id, result: result as JSONObject };
  }
  const got = result === null ? 'null' : Array.isArray(result) ? 'an array' : typeof result;
  const error = JsonRpcError.internalError(
    `Handler for '${method}' returned ${got}; expected a result object`,
  );
  return toErrorResponse(id, error);
}
