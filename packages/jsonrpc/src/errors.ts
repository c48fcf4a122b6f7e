import {
  ErrorCode,
  type JSONRPCErrorObject,
  type JSONRPCErrorResponse,
  type RequestId,
} from '@mcpkit/protocol/essentials';

/** Optional parts of a `JsonRpcError`: its `cause` and the error response it corresponds to. */
export interface JsonRpcErrorOptions {
  cause?: unknown;
  /** The error response a codec failure corresponds to (set by `decodeMessage`). */
  response?: JSONRPCErrorResponse;
}

/**
 * An error that travels on the wire: a JSON-RPC error code, a message and optional data.
 * Throw it from a request handler to choose the error response the peer receives.
 */
export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';
  readonly code: number;
  readonly data: unknown;
  /** For decode failures: the error response to send back (id is `null` when it could not be read). */
  readonly response?: JSONRPCErrorResponse;

  constructor(code: number, message: string, data?: unknown, options?: JsonRpcErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = data;
    if (options?.response) this.response = options.response;
  }

  /** The `error` member of a JSON-RPC error response. */
  toErrorObject(): JSONRPCErrorObject {
    const object: JSONRPCErrorObject = { code: this.code, message: this.message };
    if (this.data !== undefined) object.data = this.data;
    return object;
  }

  /**
   * Rebuilds the error a peer sent (or a transport made up, with the local failure as `cause`);
   * tolerates a malformed object rather than throwing.
   */
  static fromErrorObject(object: JSONRPCErrorObject, cause?: unknown): JsonRpcError {
    const code = Number.isInteger(object?.code) ? object.code : ErrorCode.InternalError;
    const message = typeof object?.message === 'string' ? object.message : 'Unknown error (no message given)';
    return wireError(code, message, object?.data, { cause });
  }

  /** A -32700 Parse error: the text is not JSON. */
  static parseError(message: string, data?: unknown): JsonRpcError {
    return wireError(ErrorCode.ParseError, message, data);
  }
  /** A -32600 Invalid Request error: the message is not a valid JSON-RPC request. */
  static invalidRequest(message: string, data?: unknown): JsonRpcError {
    return wireError(ErrorCode.InvalidRequest, message, data);
  }
  /** A -32601 Method not found error naming the method. */
  static methodNotFound(method: string): JsonRpcError {
    return wireError(ErrorCode.MethodNotFound, `Method not found: '${method}'`, { method });
  }
  /** A -32602 Invalid params error: the params do not fit the method. */
  static invalidParams(message: string, data?: unknown): JsonRpcError {
    return wireError(ErrorCode.InvalidParams, message, data);
  }
  /** A -32603 Internal error: the server failed while handling the request. */
  static internalError(message: string, data?: unknown, cause?: unknown): JsonRpcError {
    return wireError(ErrorCode.InternalError, message, data, { cause });
  }
}

/**
 * The factories above build through this function because a class whose body names itself is
 * emitted by esbuild as `class _JsonRpcError`, and that renamed class is what `console.log` and
 * `util.inspect` print (see the class-name check in scripts/build-package.mjs).
 */
function wireError(code: number, message: string, data?: unknown, options?: JsonRpcErrorOptions) {
  return new JsonRpcError(code, message, data, options);
}

/**
 * Stable string codes of local SDK failures, which never travel on the wire as such: the one
 * table of every code `McpkitError.code` can hold.
 */
export const McpkitErrorCode = {
  /** The transport closed (or was closed) before the operation finished. */
  ConnectionClosed: 'CONNECTION_CLOSED',
  /** No response (or progress) arrived within the request's timeout. */
  RequestTimeout: 'REQUEST_TIMEOUT',
  /** The caller aborted the request. */
  RequestCancelled: 'REQUEST_CANCELLED',
  /** The peer has no transport yet (call `connect` first). */
  NotConnected: 'NOT_CONNECTED',
  /** `connect` was called on a peer that already has a transport. */
  AlreadyConnected: 'ALREADY_CONNECTED',
  /** A response arrived whose id matches no pending request (late, duplicate or never sent). */
  UnknownResponse: 'UNKNOWN_RESPONSE',
  /** A message arrived that is not valid JSON-RPC and cannot be answered. */
  InvalidMessage: 'INVALID_MESSAGE',
  /** A notification handler threw or rejected. */
  HandlerFailed: 'HANDLER_FAILED',
  /** A message (usually a response) could not be handed to the transport. */
  SendFailed: 'SEND_FAILED',
} as const;
export type McpkitErrorCode = (typeof McpkitErrorCode)[keyof typeof McpkitErrorCode];

/** A local SDK failure with a stable string `code` (see `McpkitErrorCode`). */
export class McpkitError extends Error {
  override readonly name = 'McpkitError';
  readonly code: McpkitErrorCode;
  readonly data: unknown;

  constructor(code: McpkitErrorCode, message: string, options?: { cause?: unknown; data?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = options?.data;
  }
}

/**
 * Maps any thrown value to the error that goes on the wire: a `JsonRpcError` as is, anything
 * else as -32603 Internal error carrying its message, with the original value kept as `cause`.
 */
export function toJsonRpcError(thrown: unknown): JsonRpcError {
  if (thrown instanceof JsonRpcError) return thrown;
  return new JsonRpcError(ErrorCode.InternalError, messageOf(thrown), undefined, { cause: thrown });
}

/** A JSON-RPC error response for request `id` built from any thrown value (see `toJsonRpcError`). */
export function toErrorResponse(id: RequestId | null, thrown: unknown): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: toJsonRpcError(thrown).toErrorObject() };
}

function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name || 'Internal error';
  if (typeof thrown === 'string' && thrown.length > 0) return thrown;
  if (thrown === undefined || thrown === null) return 'Internal error';
  try {
    return `Internal error: ${String(thrown)}`;
  } catch {
    // Values like Object.create(null) have no string conversion; the generic text still says what happened.
    return 'Internal error (thrown value could not be converted to a string)';
  }
}
