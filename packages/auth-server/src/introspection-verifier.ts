import { BoundedCache } from './bounded-cache.js';
import { DocumentTooLarge, fetchFailure, readBoundedText } from './bounded-read.js';
import { checkIssuedAt, quoted, verifiedFromClaims } from './claims.js';
import { AuthError } from './errors.js';
import {
  DEFAULT_FAILURE_BACKOFF_MAX_MS,
  DEFAULT_FAILURE_BACKOFF_MS,
  FailureBackoff,
} from './failure-backoff.js';
import { DEFAULT_CLOCK_SKEW_SEC } from './jwt-verifier.js';
import type { TokenVerifier, VerifiedToken } from './types.js';
import { sha256Base64Url } from './webcrypto.js';

/** How long an introspection answer is reused, in ms (never past the token's own `exp`). */
export const DEFAULT_INTROSPECTION_CACHE_TTL_MS = 60_000;
/** How many introspection answers are cached at most. */
export const DEFAULT_INTROSPECTION_CACHE_ENTRIES = 10_000;
/** How long one introspection request may take, in ms (the answer's body included). */
export const DEFAULT_INTROSPECTION_TIMEOUT_MS = 5_000;
/** How long an inactive (or otherwise refused) token's answer is reused, in ms. */
export const DEFAULT_INTROSPECTION_NEGATIVE_CACHE_TTL_MS = 10_000;
/** Largest introspection answer read, in bytes (64 KiB). */
export const DEFAULT_INTROSPECTION_MAX_RESPONSE_BYTES = 64 * 1024;

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
  /**
   * Most answers cached at once (default 10 000); the oldest make room. Refused tokens are cached
   * apart, with the same bound, so a flood of bad tokens cannot push good answers out.
   */
  maxCacheEntries?: number;
  /**
   * How long a refused token's answer (not active, expired, wrong issuer) is reused (default 10 s),
   * so the same bad token sent again is not one more call to the authorization server. 0 turns it off.
   */
  negativeCacheTtlMs?: number;
  /** Timeout of one introspection request, reading the answer included (default 5 s). */
  timeoutMs?: number;
  /** Largest answer read (default 64 KiB); a larger one is a 503 naming this bound. */
  maxResponseBytes?: number;
  /**
   * After a failed introspection (unreachable, time-out, an error status), no request goes to the
   * endpoint for this long (default 1 s), doubling per failure in a row up to `failureBackoffMaxMs`
   * (default 30 s); requests meanwhile get 503 with Retry-After.
   */
  failureBackoffMs?: number;
  /** Longest back-off after failures in a row (default 30 s). */
  failureBackoffMaxMs?: number;
  /** The fetch used to call the introspection endpoint (default `globalThis.fetch`). */
  fetch?: typeof fetch;
  /** The clock, in ms since the epoch (default `Date.now`); tests set it. */
  now?: () => number;
}

/**
 * Asks the authorization server about each token (RFC 7662). Active answers are cached briefly, refused
 * ones more briefly; concurrent checks of one token share one call; a failing endpoint is backed off.
 */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = new URL(options.endpoint);
  const now = options.now ?? Date.now;
  const skew = options.clockSkewSec ?? DEFAULT_CLOCK_SKEW_SEC;
  const ttl = options.cacheTtlMs ?? DEFAULT_INTROSPECTION_CACHE_TTL_MS;
  const negativeTtl = options.negativeCacheTtlMs ?? DEFAULT_INTROSPECTION_NEGATIVE_CACHE_TTL_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_INTROSPECTION_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_INTROSPECTION_MAX_RESPONSE_BYTES;
  const maxEntries = options.maxCacheEntries ?? DEFAULT_INTROSPECTION_CACHE_ENTRIES;
  const cache = new BoundedCache<VerifiedToken>(maxEntries);
  const refused = new BoundedCache<AuthError>(maxEntries);
  // One promise per token being checked: at most one call per token at a time.
  const inFlight = new Map<string, Promise<VerifiedToken>>();
  const backoff = new FailureBackoff(
    options.failureBackoffMs ?? DEFAULT_FAILURE_BACKOFF_MS,
    options.failureBackoffMaxMs ?? DEFAULT_FAILURE_BACKOFF_MAX_MS,
    now,
  );
  const headers = requestHeaders(options.credentials);
  const doFetch = options.fetch ?? fetch;
  const at = `introspection at ${endpoint.href}`;
  const where = `token ${at}`;

  /** The endpoint's answer as an object; a failure to get one is recorded for the back-off. */
  async function introspect(token: string): Promise<Record<string, unknown>> {
    const down = backoff.refusal(where);
    if (down) throw down;
    try {
      const answer = await ask(token);
      backoff.succeeded();
      return answer;
    } catch (error) {
      if (error instanceof AuthError && error.code !== 'server_error') {
        backoff.succeeded();
        throw error;
      }
      const description =
        error instanceof AuthError || error instanceof DocumentTooLarge
          ? error.message
          : `${where} failed: ${fetchFailure(error, timeoutMs, 'timeoutMs')}`;
      const retryAfterSec = backoff.failed(description);
      throw new AuthError('server_error', description, { retryAfterSec, cause: error });
    }
  }

  async function ask(token: string): Promise<Record<string, unknown>> {
    // One signal for the whole exchange: headers and body must both arrive within timeoutMs.
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await readBoundedText(response, maxBytes, `the answer of ${where}`, 'maxResponseBytes');
    if (response.status === 400 && oauthError(text) === 'unsupported_token_type') {
      // About the token, not the server: e.g. a JWT access token the AS will not introspect.
      throw new AuthError(
        'invalid_token',
        `the authorization server does not introspect this kind of token (${at} answered unsupported_token_type)`,
      );
    }
    if (!response.ok) {
      throw new AuthError('server_error', `${where} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
    const body = parseObject(text);
    if (body === undefined) {
      throw new AuthError(
        'server_error',
        `${where} answered something that is not a JSON object: ${text.slice(0, 200)}`,
      );
    }
    return body;
  }

  async function check(token: string, key: string): Promise<VerifiedToken> {
    try {
      const answer = await introspect(token);
      if (answer.active !== true) {
        throw new AuthError('invalid_token', `the authorization server says the token is not active (${at})`);
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
    } catch (error) {
      if (error instanceof AuthError && error.code === 'invalid_token' && negativeTtl > 0) {
        refused.set(key, error, now() + negativeTtl, now());
      }
      throw error;
    }
  }

  return {
    async verify(token) {
      const key = await sha256Base64Url(token);
      const nowMs = now();
      const known = refused.get(key, nowMs);
      if (known !== undefined) throw new AuthError(known.code, known.message);
      const cached = cache.get(key, nowMs);
      if (cached !== undefined) return checkTimes(cached, nowMs, skew);
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const checking = check(token, key).finally(() => inFlight.delete(key));
      inFlight.set(key, checking);
      return checking;
    },
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    // Not JSON: the caller reports the text itself.
    return undefined;
  }
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
  checkIssuedAt(token.claims, nowMs, skew);
  return token;
}
