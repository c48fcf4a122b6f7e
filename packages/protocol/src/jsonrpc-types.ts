// Plain TypeScript shapes of JSON-RPC 2.0 messages. The engine in @mcpkit/jsonrpc works on these;
// the zod schemas in this package validate untrusted input into them.

/** A uniquely identifying ID for a request in JSON-RPC. */
export type RequestId = string | number;

/** Any JSON object; MCP params and results are always objects. */
export type JSONObject = { [key: string]: unknown };

/** A request that expects a response. */
export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: JSONObject;
}

/** A notification which does not expect a response. */
export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JSONObject;
}

/** A successful (non-error) response to a request. */
export interface JSONRPCResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: JSONObject;
}

/** The `error` member of a JSON-RPC error response: code, message and optional data. */
export interface JSONRPCErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A response to a request that indicates an error occurred. */
export interface JSONRPCErrorResponse {
  jsonrpc: '2.0';
  /** `null` only when the request id could not be read (parse error, invalid request). */
  id: RequestId | null;
  error: JSONRPCErrorObject;
}

/** A response to a request, containing either the result or error. */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;
/** Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to be sent. */
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;
