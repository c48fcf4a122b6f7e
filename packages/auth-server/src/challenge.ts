import type { AuthError } from './errors.js';
import type { AuthReply } from './types.js';

// WWW-Authenticate challenges (RFC 6750 §3, RFC 9449 §7.1, RFC 9728 §5.1) and the replies that
// carry them.

/** What every challenge of one resource server shares. */
export interface ChallengeSettings {
  resourceMetadataUrl: string;
  /** Scopes named on a 401 without a token: what to ask the authorization server for. */
  scopes: readonly string[];
  /** When DPoP is on: the `algs` advertised, and whether the Bearer scheme is still accepted. */
  dpop: { algorithms: readonly string[]; required: boolean } | undefined;
}

export type Scheme = 'Bearer' | 'DPoP';

/**
 * RFC 6750 §3: error_description holds printable ASCII without `"` and `\`. Whatever a
 * description carries (it may quote token claims) is made to fit rather than break the header.
 */
function descriptionValue(text: string): string {
  return text.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?');
}

function challenge(scheme: Scheme, settings: ChallengeSettings, error: AuthError | undefined): string {
  const params: string[] = [];
  if (error !== undefined) {
    params.push(`error="${error.code}"`, `error_description="${descriptionValue(error.message)}"`);
  }
  const scope = error?.scope ?? (error === undefined ? settings.scopes : undefined);
  if (scope !== undefined && scope.length > 0) params.push(`scope="${scope.join(' ')}"`);
  params.push(`resource_metadata="${settings.resourceMetadataUrl}"`);
  if (scheme === 'DPoP') params.push(`algs="${settings.dpop?.algorithms.join(' ') ?? ''}"`);
  return `${scheme} ${params.join(', ')}`;
}

/**
 * The refusal of a request: 401 (no token or a bad one), 403 (`insufficient_scope`), 400
 * (`invalid_request`) with `WWW-Authenticate`; 503 with Retry-After when the server could not check.
 * `usedScheme` is the scheme the client sent its token with: the error goes in that challenge.
 */
export function refusal(
  settings: ChallengeSettings,
  error: AuthError | undefined,
  usedScheme: Scheme | undefined,
  nonce?: string,
  /** Why a request without usable credentials is refused (the body's description). */
  note = 'this resource needs an access token (Authorization header)',
): AuthReply {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  const status = error?.status ?? 401;
  if (error?.code === 'server_error') {
    if (error.retryAfterSec !== undefined) headers['retry-after'] = String(error.retryAfterSec);
  } else {
    const schemes: Scheme[] =
      settings.dpop === undefined ? ['Bearer'] : settings.dpop.required ? ['DPoP'] : ['Bearer', 'DPoP'];
    // The error belongs to the scheme the client used; with DPoP errors that is DPoP.
    const wanted: Scheme | undefined =
      error?.code === 'invalid_dpop_proof' || error?.code === 'use_dpop_nonce' ? 'DPoP' : usedScheme;
    const errorScheme = wanted !== undefined && schemes.includes(wanted) ? wanted : schemes[0]!;
    headers['www-authenticate'] = schemes
      .map((scheme) => challenge(scheme, settings, scheme === errorScheme ? error : undefined))
      .join(', ');
    if (nonce !== undefined) headers['dpop-nonce'] = nonce;
  }
  const body =
    error === undefined
      ? { error: 'unauthorized', error_description: note }
      : { error: error.code, error_description: error.message };
  return { status, headers, body: JSON.stringify(body) };
}
