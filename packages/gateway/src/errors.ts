/** Stable codes of the failures the gateway reports. */
export const GatewayErrorCode = {
  /** The configuration (a file or the options object) is not valid; the message names the field. */
  InvalidConfig: 'INVALID_CONFIG',
  /** An upstream could not be reached or started. */
  UpstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  /** An upstream closed the connection (its process exited, its server went away). */
  UpstreamClosed: 'UPSTREAM_CLOSED',
  /** An upstream reported a problem that did not end the connection (output that is not JSON-RPC). */
  UpstreamError: 'UPSTREAM_ERROR',
  /** A message could not be sent to an upstream. */
  UpstreamSendFailed: 'UPSTREAM_SEND_FAILED',
  /** The client side reported a problem that did not end the connection. */
  DownstreamError: 'DOWNSTREAM_ERROR',
  /** A message could not be sent to the client. */
  DownstreamSendFailed: 'DOWNSTREAM_SEND_FAILED',
  /** Two upstreams offer the same name after namespacing; the later one is left out. */
  NameCollision: 'NAME_COLLISION',
} as const;

/** One of `GatewayErrorCode`'s values. */
export type GatewayErrorCode = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];

/** A failure of the gateway itself, with a stable `code`; the message says what and where. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly code: GatewayErrorCode;

  constructor(code: GatewayErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** The message of any thrown value, for error texts. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
