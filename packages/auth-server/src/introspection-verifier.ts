import { BoundedCache } from './bounded-cache.js';
import { quoted, verifiedFromClaims } from './claims.js';
import { AuthError } from './errors.js';
import { DEFAULT_CLOCK_SKEW_SEC } from './jwt-verifier.js';
import type { TokenVerifier, VerifiedToken } from './types.js';
import { sha256Base64Url } from './webcrypto.js';

/** How long an introspection answer is reused, in ms (never past the token's own `exp`). */
export const DEFAULT_INTROSPECTION_CACHE_TTL_MS = 60_000;
/** How many introspection answers are cached at most. */
export const DEFAULT_INTROSPECTION_CACHE_ENTRIES = 10_000;
/** How long one introspection request may take, in ms. */
export const DEFAULT_INTROSPECTION_TIMEOUT_MS = 5_000;

/**
 * Options of the token verifier that asks the authorization server's introspection endpoint (RFC 7662)
 * about opaque tokens.
 */
export interface IntrospectionVerifierOptions {
  /** The authorization server's `introspection_endpoint`. */
  endpoint: URL | string;
  /**
   * How this resource server authenticates to the endpoint: client credentials sent with HTTP
   * Basic (`client_secret_basic`), or any headers you build yourself (e.g. a bearer token).
   */
  credentials: { clientId: string; clientSecret: string } | { headers: Record<string, string> };
  /** When set, the response's `iss` must equal it. */
  issuer?: string;
  /** Slack for `exp` and `nbf` (default 30 s). */
  clockSkewSec?: number;
  /**
   * How long an active answer is reused (default 60 s), never past the token's `exp`, so a revoked
   * token is refused at most this long after revocation. 0 turns caching off.
   */
  cacheTtlMs?: number;
  /** Most answers cached at once (default 10 000); the oldest make room. */
  maxCacheEntries?: number;
  /** Timeout of one introspection request (default 5 s). */
  timeoutMs?: number;
  /** The fetch used to call the introspection endpoint (default `globalThis.fetch`). */
  fetch?: typeof fetch;
  /** The clock, in ms since the epoch (default `Date.now`); tests set it. */
  now?: () => number;
}

/** Asks the authorization server about each token (RFC 7662), caching active answers briefly. */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = new URL(options.endpoint);
  const now = options.now ?? Date.now;
  const skew = options.clockSkewSec ?? DEFAULT_CLOCK_SKEW_SEC;
  const ttl = options.cacheTtlMs ?? DEFAULT_INTROSPECTION_CACHE_TTL_MS;
  const cache = new BoundedCache<VerifiedToken>(
    options.maxCacheEntries ?? DEFAULT_INTROSPECTION_CACHE_ENTRIES,
  );
  const headers = requestHeaders(options.credentials);
  const doFetch = options.fetch ?? fetch;

  async function introspect(token: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_INTROSPECTION_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AuthError(
        'server_error',
        `token introspection at ${endpoint.href} failed: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const text = await response.text();
    if (response.status === 400 && oauthError(text) === 'unsupported_token_type') {
      // About the token, not the server: e.g. a JWT access token the AS will not introspect.
      throw new AuthError(
        'invalid_token',
        `the authorization server does not introspect this kind of token (introspection at ${endpoint.href} answered unsupported_token_type)`,
      );
    }
    if (!response.ok) {
      throw new AuthError(
        'server_error',
        `token introspection at ${endpoint.href} answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && !Array.isArray(body))
        return body as Record<string, unknown>;
    } catch {
      // Reported below with the text itself.
    }
    throw new AuthError(
      'server_error',
      `token introspection at ${endpoint.href} answered something that is not a JSON object: ${text.slice(0, 200)}`,
    );
  }

  return {
    async verify(token) {
      const key = await sha256Base64Url(token);
      const cached = cache.get(key, now());
      if (cached !== undefined) return checkTimes(cached, now(), skew);
      const answer = await introspect(token);
      if (answer.active !== true) {
        throw new AuthError(
          'invalid_token',
          `the authorization server says the token is not active (introspection at ${endpoint.href})`,
        );
      }
      const verified = checkTimes(verifiedFromClaims(answer), now(), skew);
      if (options.issuer !== undefined && verified.issuer !== options.issuer) {
        throw new AuthError(
          'invalid_token',
          `the token was issued by ${quoted(verified.issuer)}; expected the issuer ${quoted(options.issuer)}`,
        );
      }
      if (ttl > 0) {
        const until = Math.min(
          now() + ttl,
          verified.expiresAt === undefined ? Infinity : verified.expiresAt * 1000,
        );
        cache.set(key, verified, until, now());
      }
      return verified;
    },
  };
}

function oauthError(text: string): unknown {
  try {
    return (JSON.parse(text) as { error?: unknown } | null)?.error;
  } catch {
    // Not JSON: no OAuth error code to read; the caller reports the status and the text.
    return undefined;
  }
}

function requestHeaders(credentials: IntrospectionVerifierOptions['credentials']): Record<string, string> {
  const base = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if ('headers' in credentials) return { ...base, ...credentials.headers };
  // RFC 6749 §2.3.1: both parts form-encoded before Base64.
  const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
  return { ...base, authorization: `Basic ${btoa(pair)}` };
}

function checkTimes(token: VerifiedToken, nowMs: number, skew: number): VerifiedToken {
  const nowSec = nowMs / 1000;
  if (token.expiresAt !== undefined && token.expiresAt + skew <= nowSec) {
    throw new AuthError(
      'invalid_token',
      `the token expired at ${new Date(token.expiresAt * 1000).toISOString()} (now ${new Date(nowMs).toISOString()}, clock skew allowed ${skew} s)`,
    );
  }
  const nbf = token.claims.nbf;
  if (typeof nbf === 'number' && nbf - skew > nowSec) {
    throw new AuthError(
      'invalid_token',
      `the token is not valid before ${new Date(nbf * 1000).toISOString()}`,
    );
  }
  return token;
}
