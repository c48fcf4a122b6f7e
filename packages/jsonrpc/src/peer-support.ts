// Small pure helpers of the peer: error builders and message shaping.
import type { JSONObject, RequestId } from '@mcpkit/protocol/essentials';
import { McpkitError, McpkitErrorCode } from './errors.js';
import type { TransportSendOptions } from './transport.js';

/** The transport's send options for a message related to request `related` (none when unrelated). */
export function sendOptions(related: RequestId | undefined): TransportSendOptions | undefined {
  return related === undefined ? undefined : { relatedRequestId: related };
}

export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

export function withProgressToken(params: JSONObject | undefined, token: number): JSONObject {
  const meta = params?._meta;
  const baseMeta = typeof meta === 'object' && meta !== null ? (meta as JSONObject) : undefined;
  return { ...params, _meta: { ...baseMeta, progressToken: token } };
}

export function notConnected(what: string): McpkitError {
  return new McpkitError(
    McpkitErrorCode.NotConnected,
    `Cannot send ${what}: the peer is not connected (call connect(transport) first, or it was closed)`,
  );
}

export function invalidMessage(message: string): McpkitError {
  return new McpkitError(McpkitErrorCode.InvalidMessage, message);
}

export function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  return 'Request cancelled';
}

/**
 * What an aborted request rejects with: the signal's reason when it is an Error (like `fetch`),
 * otherwise a REQUEST_CANCELLED error carrying the reason as `cause`.
 */
export function cancellationError(reason: unknown, method: string): unknown {
  if (reason instanceof Error) return reason;
  const detail = typeof reason === 'string' ? `: ${reason}` : '';
  return new McpkitError(McpkitErrorCode.RequestCancelled, `Request '${method}' was cancelled${detail}`, {
    cause: reason,
  });
}
