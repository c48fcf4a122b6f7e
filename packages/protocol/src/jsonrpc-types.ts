// Plain TypeScript shapes of JSON-RPC 2.0 messages. The engine in @mcpkit/jsonrpc works on these;
// the zod schemas in this package validate untrusted input into them.

export type RequestId = string | number;

/** Any JSON object; MCP params and results are always objects. */
export type JSONObject = { [key: string]: unknown };

export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: JSONObject;
}

export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JSONObject;
}

export interface JSONRPCResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: JSONObject;
}

export interface JSONRPCErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JSONRPCErrorResponse {
  jsonrpc: '2.0';
  /** `null` only when the request id could not be read (parse error, invalid request). */
  id: RequestId | null;
  error: JSONRPCErrorObject;
}

export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;
