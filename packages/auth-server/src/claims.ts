import { AuthError } from './errors.js';
import type { VerifiedToken } from './types.js';

// Access-token claims mean the same whether they come from a JWT (RFC 9068) or an introspection
// response (RFC 7662); both verifiers read them here.

function stringClaim(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' ? value : undefined;
}

/** `scope` (space-separated, RFC 9068 / 7662), else `scp` (a list or a string, as some servers send). */
function scopesOf(claims: Record<string, unknown>): string[] {
  const raw = claims.scope ?? claims.scp;
  if (typeof raw === 'string') return raw.split(' ').filter((s) => s !== '');
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  return [];
}

function audienceOf(claims: Record<string, unknown>): string[] {
  const aud = claims.aud;
  if (typeof aud === 'string') return [aud];
  if (Array.isArray(aud)) return aud.filter((a): a is string => typeof a === 'string');
  return [];
}

function jktOf(claims: Record<string, unknown>): string | undefined {
  const cnf = claims.cnf;
  if (cnf === undefined) return undefined;
  const jkt = typeof cnf === 'object' && cnf !== null ? (cnf as Record<string, unknown>).jkt : undefined;
  if (typeof jkt !== 'string' || jkt === '') {
    // A confirmation we cannot check must not be ignored: the token would be usable by anyone.
    throw new AuthError(
      'invalid_token',
      'the token has a cnf claim without a string jkt (DPoP key thumbprint)',
    );
  }
  return jkt;
}

export function verifiedFromClaims(claims: Record<string, unknown>): VerifiedToken {
  const token: VerifiedToken = { audience: audienceOf(claims), scopes: scopesOf(claims), claims };
  const issuer = stringClaim(claims, 'iss');
  if (issuer !== undefined) token.issuer = issuer;
  const subject = stringClaim(claims, 'sub');
  if (subject !== undefined) token.subject = subject;
  const clientId =
    stringClaim(claims, 'client_id') ?? stringClaim(claims, 'azp') ?? stringClaim(claims, 'cid');
  if (clientId !== undefined) token.clientId = clientId;
  if (typeof claims.exp === 'number') token.expiresAt = claims.exp;
  const jkt = jktOf(claims);
  if (jkt !== undefined) token.jkt = jkt;
  return token;
}

/** `"a"` for one value, `["a","b"]` for several: how descriptions quote what a token carried. */
export function quoted(values: string | readonly string[] | undefined): string {
  if (values === undefined) return '(none)';
  if (typeof values === 'string') return JSON.stringify(values);
  return values.length === 1 ? JSON.stringify(values[0]) : JSON.stringify(values);
}

/**
 * `iat` in the future beyond the clock skew: a token from a misconfigured or forged clock, refused
 * like a too-early `nbf` (jose checks `iat` only together with a maximum token age).
 */
export function checkIssuedAt(claims: Record<string, unknown>, nowMs: number, skewSec: number): void {
  const iat = claims.iat;
  if (iat === undefined) return;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) {
    throw new AuthError(
      'invalid_token',
      `the token's iat claim ${quoted(String(iat))} is not a number of seconds`,
    );
  }
  if (iat - skewSec > nowMs / 1000) {
    throw new AuthError(
      'invalid_token',
      `the token's iat ${new Date(iat * 1000).toISOString()} is in the future (now ${new Date(nowMs).toISOString()}, clock skew allowed ${skewSec} s)`,
    );
  }
}
