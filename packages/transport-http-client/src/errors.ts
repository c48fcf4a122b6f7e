import type { JSONRPCErrorObject } from '@mcpkit/protocol';

/** Stable string codes of the errors this package raises; match on `code`, not on the message. */
export type HttpTransportErrorCode =
  /** The server answered 404 to a request carrying a session id: re-initialize to get a new session. */
  | 'SESSION_EXPIRED'
  /** The server answered with a non-2xx status. */
  | 'HTTP_STATUS'
  /** The response body or content type was not what the transport protocol allows. */
  | 'INVALID_RESPONSE'
  /** An SSE stream broke before its response arrived and could not be resumed. */
  | 'STREAM_INTERRUPTED'
  /** The request could not reach the server (network failure, DNS, refused connection). */
  | 'NETWORK'
  /** The transport was closed before the message could be sent or answered. */
  | 'CLOSED'
  /** The caller aborted the message's HTTP request through its signal. */
  | 'ABORTED'
  /** The legacy HTTP+SSE server did not announce its POST endpoint. */
  | 'LEGACY_ENDPOINT'
  /** The auth provider threw (or rejected) while giving headers or answering a challenge; its error is the cause. */
  | 'AUTH';

/** The facts of an HttpTransportError; an undefined one is left off the error. */
export interface HttpTransportErrorDetails {
  /** HTTP status of the response that caused the error, if any. */
  status?: number | undefined;
  /** URL of the failed HTTP request. */
  url?: string | undefined;
  /** HTTP method of the failed request. */
  method?: string | undefined;
  /** JSON-RPC error the server put in the response body, if any. */
  rpcError?: JSONRPCErrorObject | undefined;
  /** The start of the offending response body, for diagnostics. */
  bodySnippet?: string | undefined;
  cause?: unknown;
}

/** A local error of the HTTP client transport: a stable `code` plus the HTTP facts that explain it. */
export class HttpTransportError extends Error {
  // `declare`: set by the constructor, only when known; no field initialisers to ship (bundle budget).
  declare readonly code: HttpTransportErrorCode;
  declare readonly status?: number;
  declare readonly url?: string;
  declare readonly method?: string;
  declare readonly rpcError?: JSONRPCErrorObject;
  declare readonly bodySnippet?: string;

  constructor(code: HttpTransportErrorCode, message: string, details: HttpTransportErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'HttpTransportError';
    this.code = code;
    for (const fact of ['status', 'url', 'method', 'rpcError', 'bodySnippet'] as const) {
      if (details[fact] !== undefined) (this as Record<string, unknown>)[fact] = details[fact];
    }
  }
}

/** The HttpTransportError in `error` or its `cause` chain (with `code`, when given), if any. */
export function findHttpTransportError(
  error: unknown,
  code?: HttpTransportErrorCode,
): HttpTransportError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (current instanceof HttpTransportError && (code === undefined || current.code === code))
      return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether `error` (or its cause chain) is a refused connection: nothing listens at the server's
 * address any more, so reconnecting to resume a stream is pointless. Runtimes that give no code
 * (browsers) never match, and keep the whole reconnection schedule.
 */
export function isConnectionRefused(error: unknown): boolean {
  for (let depth = 0; depth < 8 && error instanceof Object; depth++) {
    if ((error as { code?: unknown }).code === 'ECONNREFUSED') return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}

const SNIPPET_LENGTH = 200;

export function snippet(text: string): string {
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text;
}

/**
 * Why a request never got a response, for a NETWORK error's message: fetch says only "fetch failed",
 * so the causes underneath ("other side closed", "connect ECONNREFUSED 127.0.0.1:3000") are added.
 */
export function describeNetworkFailure(error: unknown): string {
  const reasons: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message !== '' && !reasons.includes(message)) reasons.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return `the connection to the server could not be made or was lost (${reasons.join(': ')})`;
}
