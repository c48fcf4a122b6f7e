/**
 * The error codes a resource server puts in `WWW-Authenticate` (RFC 6750 §3.1, RFC 9449 §7.1 and
 * §9), plus `server_error` for a verifier that could not reach its authorization server.
 */
export type AuthErrorCode =
  | 'invalid_request'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'invalid_dpop_proof'
  | 'use_dpop_nonce'
  | 'server_error';

const STATUS: Record<AuthErrorCode, number> = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_scope: 403,
  invalid_dpop_proof: 401,
  use_dpop_nonce: 401,
  server_error: 503,
};

/**
 * Why a request was refused: an OAuth error code, a description precise enough to fix the client
 * (what was wrong, what was expected), and the HTTP status it becomes. Thrown by verifiers.
 */
export class AuthError extends Error {
  readonly code: AuthErrorCode;
  readonly status: number;
  /** For `insufficient_scope`: every scope the operation needs (the client asks for these). */
  readonly scope: readonly string[] | undefined;
  /** For `server_error`: when trying again may succeed (the reply's Retry-After). */
  readonly retryAfterSec: number | undefined;

  constructor(
    code: AuthErrorCode,
    description: string,
    options: { scope?: readonly string[]; retryAfterSec?: number; cause?: unknown } = {},
  ) {
    super(description, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AuthError';
    this.code = code;
    this.status = STATUS[code];
    this.scope = options.scope;
    this.retryAfterSec = options.retryAfterSec;
  }
}
