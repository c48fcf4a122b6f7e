import { JsonRpcError, McpkitErrorCode } from '@mcpkit/jsonrpc';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * Whether a transport error says the server sent something that is not JSON-RPC: a codec failure
 * (it carries the error response it corresponds to), or a framing or size error of a transport
 * (matched by code, since the client imports no transport).
 */
export function isUnreadableOutput(error: Error): boolean {
  if (error instanceof JsonRpcError) return error.response !== undefined;
  return [McpkitErrorCode.InvalidMessage, 'FRAMING_ERROR', 'MESSAGE_TOO_LARGE'].includes(
    (error as { code?: string }).code as string,
  );
}

/**
 * What `connect()` throws when such output arrives before the handshake ends: a server whose first
 * output is unreadable (a banner on stdout, the wrong program) would otherwise leave it waiting for
 * its timeouts while the useful parse error went only to `onerror`.
 */
export function unreadableOutputError(cause: Error): McpClientError {
  return new McpClientError(
    McpClientErrorCode.UnreadableServerOutput,
    `The server sent output that is not JSON-RPC during the handshake: ${cause.message}`,
    { cause },
  );
}
