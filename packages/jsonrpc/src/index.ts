// Every export of this file is public API of @mcpkit/jsonrpc.

// Requests answered without a connection (stateless transports hand them to a RequestAnswerer).
export type { RequestAnswerer } from './answer.js';
export { answerRequest } from './answer.js';
// Codec: JSON text <-> checked JSON-RPC 2.0 messages.
export type { DecodedItems, DecodeOptions } from './codec.js';
export {
  DEFAULT_MAX_BATCH_SIZE,
  DEFAULT_MAX_DEPTH,
  decodeMessage,
  decodeMessageItems,
  encodeMessage,
  validateMessage,
} from './codec.js';
// The peer engine: ids, correlation, timeouts, cancellation, progress, handler dispatch.
export { delay } from './delay.js';
// Errors: wire errors (JSON-RPC codes), local SDK errors (string codes) and the normalizer.
export type { JsonRpcErrorOptions } from './errors.js';
export { JsonRpcError, McpkitError, McpkitErrorCode, toErrorResponse, toJsonRpcError } from './errors.js';
export { DEFAULT_MAX_IN_FLIGHT_REQUESTS } from './incoming-requests.js';
export { JsonRpcPeer } from './peer.js';
export type {
  NotificationHandler,
  NotificationOptions,
  Peer,
  PeerOptions,
  Progress,
  RequestContext,
  RequestHandler,
  RequestOptions,
} from './peer-types.js';
export { progressTokenOf } from './request-context.js';

// The Transport interface every transport implements.
export type { AuthInfo, MessageExtra, Transport, TransportSendOptions } from './transport.js';
export { ALREADY_SENT } from './transport.js';

// The MCPKIT_DEBUG=wire switch, used by transports to log each message to stderr.
export type { WireDirection, WireLog } from './wire-log.js';
export { DEBUG_ENVIRONMENT_VARIABLE, wireLogFromEnvironment, wireLoggingRequested } from './wire-log.js';
