import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode } from '@mcpkit/protocol';

/**
 * Stable string codes of failures the client detects locally (they never travel on the wire).
 * Errors the server sends arrive as `JsonRpcError` instead; transport and timeout failures as the
 * `McpkitError` of `@mcpkit/jsonrpc`.
 */
export const McpClientErrorCode = {
  /** A call was made before `connect` finished, or after `close`. */
  NotConnected: 'NOT_CONNECTED',
  /** `connect` was called on a client that is already connected. */
  AlreadyConnected: 'ALREADY_CONNECTED',
  /** The server answered `initialize` with a protocol version this client does not speak. */
  UnsupportedProtocolVersion: 'UNSUPPORTED_PROTOCOL_VERSION',
  /** The call needs a server capability the server did not declare (strict mode). */
  CapabilityNotSupported: 'CAPABILITY_NOT_SUPPORTED',
  /** A client capability would have to change after the handshake already declared the old set. */
  CapabilityChangeAfterConnect: 'CAPABILITY_CHANGE_AFTER_CONNECT',
  /** The server's result does not match the schema of the method for the negotiated revision. */
  InvalidResult: 'INVALID_RESULT',
  /** A tool's `structuredContent` does not match the `outputSchema` it declared. */
  InvalidToolOutput: 'INVALID_TOOL_OUTPUT',
  /** A listed tool was dropped because its definition breaks a rule (e.g. a bad `x-mcp-header`). */
  InvalidToolDefinition: 'INVALID_TOOL_DEFINITION',
  /** A paginated list repeated a cursor or exceeded the page limit. */
  PaginationLoop: 'PAGINATION_LOOP',
  /** A multi-round-trip request kept asking for input beyond `maxInputRounds` (2026-07-28). */
  TooManyInputRounds: 'TOO_MANY_INPUT_ROUNDS',
  /** The server ended (or failed) the `subscriptions/listen` stream (2026-07-28). */
  SubscriptionEnded: 'SUBSCRIPTION_ENDED',
  /** Tasks need the 2025-11-25 revision; this connection negotiated another one. */
  TasksNotSupported: 'TASKS_NOT_SUPPORTED',
  /** The tool's `execution.taskSupport` (from `tools/list`) forbids running it as a task. */
  ToolForbidsTasks: 'TOOL_FORBIDS_TASKS',
  /** The task was cancelled, so it has no result to wait for. */
  TaskCancelled: 'TASK_CANCELLED',
  /** The server sent output that is not JSON-RPC before `connect()` finished its handshake. */
  UnreadableServerOutput: 'UNREADABLE_SERVER_OUTPUT',
  /** The client was configured with values it cannot work with. */
  InvalidOptions: 'INVALID_OPTIONS',
  /**
   * A middleware registered with `McpClient.use` threw something other than an SDK error, called
   * `next()` twice, or resolved without a result object; the message and `data.middleware` name it.
   */
  MiddlewareFailed: 'MIDDLEWARE_FAILED',
} as const;
export type McpClientErrorCode = (typeof McpClientErrorCode)[keyof typeof McpClientErrorCode];

/** A failure the client detected itself, with a stable string `code` (see `McpClientErrorCode`). */
export class McpClientError extends Error {
  override readonly name = 'McpClientError';
  readonly code: McpClientErrorCode;
  readonly data: unknown;

  constructor(code: McpClientErrorCode, message: string, options?: { cause?: unknown; data?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = options?.data;
  }
}

/**
 * Whether a `resources/read` (or subscribe) failure means "no such resource". Servers up to
 * 2025-11-25 commonly answer -32002; SEP-2164 (2026-07-28) standardises -32602 with `data.uri`.
 * Both are accepted, since a client cannot know which convention the server follows.
 */
export function isResourceNotFound(error: unknown): error is JsonRpcError {
  return (
    error instanceof JsonRpcError &&
    (error.code === ErrorCode.ResourceNotFound || error.code === ErrorCode.InvalidParams)
  );
}

/**
 * Whether a server error asks the client to complete URL-mode elicitations first (-32042,
 * 2025-11-25). `error.data.elicitations` then lists them.
 */
export function isUrlElicitationRequired(error: unknown): error is JsonRpcError {
  return error instanceof JsonRpcError && error.code === ErrorCode.UrlElicitationRequired;
}
