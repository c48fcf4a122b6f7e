// Every export of this file is public API of @mcpkit/protocol.

export type { LoggingLevel, ProtocolVersion } from './constants.js';
// Revisions, method names, header names, `_meta` keys and error codes.
export {
  ErrorCode,
  HttpHeader,
  isStatelessProtocolVersion,
  isSupportedProtocolVersion,
  JSONRPC_VERSION,
  LATEST_PROTOCOL_VERSION,
  LATEST_STATEFUL_PROTOCOL_VERSION,
  LOGGING_LEVELS,
  MetaKey,
  Method,
  Notification,
  PROTOCOL_VERSIONS,
  STATEFUL_PROTOCOL_VERSIONS,
  STATELESS_PROTOCOL_VERSIONS,
} from './constants.js';

// JSON-RPC 2.0 message shapes.
export type {
  JSONObject,
  JSONRPCErrorObject,
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  JSONRPCResultResponse,
  RequestId,
} from './jsonrpc-types.js';
