import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
  type ProtectedHeaderParameters,
} from 'jose';
import { fetchFailure, readBoundedText } from './bounded-read.js';
import { checkIssuedAt, quoted, verifiedFromClaims } from './claims.js';
import { AuthError } from './errors.js';
import {
  DEFAULT_FAILURE_BACKOFF_MAX_MS,
  DEFAULT_FAILURE_BACKOFF_MS,
  FailureBackoff,
} from './failure-backoff.js';
import type { TokenVerifier, VerifiedToken } from './types.js';

/** Asymmetric JWS algorithms: a resource server holds public keys, so HS* (and `none`) never verify. */
export const DEFAULT_TOKEN_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
/**
 * Seconds of clock difference tolerated when checking a JWT's `exp`, `nbf` and `iat`; the default of
 * `clockSkewSec`.
 */
export const DEFAULT_CLOCK_SKEW_SEC = 30;
/** How long a fetched JWKS is used before it is fetched again, in ms (10 minutes). */
export const DEFAULT_JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
/**
 * Least time between two JWKS fetches caused by an unknown `kid`, in ms, so forged tokens cannot make
 * the verifier hammer the authorization server.
 */
export const DEFAULT_JWKS_REFRESH_COOLDOWN_MS = 30_000;
/** How long one JWKS fetch may take, in ms (the body included). */
export const DEFAULT_JWKS_TIMEOUT_MS = 5_000;
/** Largest JWKS read, in bytes (256 KiB: hundreds of keys). */
export const DEFAULT_JWKS_MAX_BYTES = 256 * 1024;

/**
 * Options of the token verifier that checks JWT access tokens (RFC 9068) locally against the issuer's
 * JWKS.
 */
export interface JwtVerifierOptions {
  /** The authorization server's issuer identifier; the token's `iss` must equal it exactly. */
  issuer: string;
  /**
   * Where the signing keys come from: the JWKS URL (`jwks_uri` of the AS metadata), fetched and
   * cached, or a fixed key set.
   */
  jwks: URL | string | JSONWebKeySet;
  /** Accepted signature algorithms (default: the asymmetric ones, `DEFAULT_TOKEN_ALGORITHMS`). */
  algorithms?: readonly string[];
  /** Required `typ` header, e.g. `at+jwt` (RFC 9068); default: not checked. */
  typ?: string;
  /** Slack for `exp`, `nbf` and `iat` against a clock that is a little off (default 30 s). */
  clockSkewSec?: number;
  /** How long fetched keys are used before the set is fetched again (default 10 minutes). */
  jwksCacheMaxAgeMs?: number;
  /**
   * A token signed with a `kid` the cached set lacks makes the set be fetched again (key rotation),
   * at most once per this interval (default 30 s), so made-up kids cannot flood the AS.
   */
  jwksRefreshCooldownMs?: number;
  /** Timeout of one JWKS fetch, reading the body included (default 5 s). */
  jwksTimeoutMs?: number;
  /** Largest JWKS read (default 256 KiB); a larger one is a 503 naming this bound. */
  jwksMaxBytes?: number;
  /**
   * After a failed JWKS fetch (unreachable, time-out, not a key set), the set is not fetched again
   * for this long (default 1 s), doubling per failure in a row up to `jwksFailureBackoffMaxMs`
   * (default 30 s); tokens needing a fetch meanwhile get 503 with Retry-After.
   */
  jwksFailureBackoffMs?: number;
  /** Longest back-off after JWKS failures in a row (default 30 s). */
  jwksFailureBackoffMaxMs?: number;
  /** fetch used for the JWKS (default the global one). */
  fetch?: typeof fetch;
  /** Clock (ms since the epoch), for tests. */
  now?: () => number;
}

/** Verifies signed JWT access tokens (RFC 9068) with keys from the authorization server's JWKS. */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const algorithms = [...(options.algorithms ?? DEFAULT_TOKEN_ALGORITHMS)];
  const skew = options.clockSkewSec ?? DEFAULT_CLOCK_SKEW_SEC;
  const now = options.now ?? Date.now;
  const { keys, source } = keyResolver(options, now);
  return {
    async verify(token) {
      const header = readHeader(token);
      if (!algorithms.includes(header.alg ?? '')) {
        throw new AuthError(
          'invalid_token',
          `the token is signed with alg ${quoted(header.alg)}, which this server does not accept; expected one of ${algorithms.join(', ')}`,
        );
      }
      let payload: Record<string, unknown>;
      try {
        const verifyOptions = {
          algorithms,
          clockTolerance: skew,
          requiredClaims: ['exp'],
          currentDate: new Date(now()),
          ...(options.typ === undefined ? {} : { typ: options.typ }),
        };
        ({ payload } = await jwtVerify(token, keys, verifyOptions));
      } catch (error) {
        throw explain(error, header, source, skew, now);
      }
      checkIssuedAt(payload, now(), skew);
      return checkIssuer(verifiedFromClaims(payload), options.issuer);
    },
  };
}

function keyResolver(
  options: JwtVerifierOptions,
  now: () => number,
): { keys: JWTVerifyGetKey; source: string } {
  const { jwks } = options;
  if (typeof jwks === 'object' && !(jwks instanceof URL)) {
    return { keys: createLocalJWKSet(jwks), source: 'the configured key set' };
  }
  const url = new URL(jwks);
  const source = `the JWKS at ${url.href}`;
  const timeoutMs = options.jwksTimeoutMs ?? DEFAULT_JWKS_TIMEOUT_MS;
  const maxBytes = options.jwksMaxBytes ?? DEFAULT_JWKS_MAX_BYTES;
  const doFetch = options.fetch ?? fetch;
  // jose fetches (merging concurrent reloads) and caches; the body is read here, bounded, and
  // handed back whole. jose's time-out signal covers the body too.
  const boundedFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await doFetch(input, init);
    const text = await readBoundedText(response, maxBytes, 'the answer', 'jwksMaxBytes');
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const remote = createRemoteJWKSet(url, {
    cacheMaxAge: options.jwksCacheMaxAgeMs ?? DEFAULT_JWKS_CACHE_MAX_AGE_MS,
    cooldownDuration: options.jwksRefreshCooldownMs ?? DEFAULT_JWKS_REFRESH_COOLDOWN_MS,
    timeoutDuration: timeoutMs,
    [customFetch]: boundedFetch,
  });
  const backoff = new FailureBackoff(
    options.jwksFailureBackoffMs ?? DEFAULT_FAILURE_BACKOFF_MS,
    options.jwksFailureBackoffMaxMs ?? DEFAULT_FAILURE_BACKOFF_MAX_MS,
    now,
  );
  const keys: JWTVerifyGetKey = async (header, token) => {
    const down = backoff.refusal(`fetching ${source}`);
    if (down) throw down;
    try {
      const key = await remote(header, token);
      backoff.succeeded();
      return key;
    } catch (error) {
      if (isAboutTheToken(error)) throw error;
      const description = `could not get signing keys from ${source}: ${fetchFailure(error, timeoutMs, 'jwksTimeoutMs')}`;
      throw new AuthError('server_error', description, {
        retryAfterSec: backoff.failed(description),
        cause: error,
      });
    }
  };
  return { keys, source };
}

/** jose errors of key selection, which say the token names a key the set lacks or cannot use. */
function isAboutTheToken(error: unknown): boolean {
  return (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKInvalid
  );
}

function readHeader(token: string): ProtectedHeaderParameters {
  try {
    return decodeProtectedHeader(token);
  } catch (error) {
    const what =
      token.split('.').length === 5 ? 'an encrypted JWT (JWE)' : 'not a signed JWT (JWS compact form)';
    throw new AuthError('invalid_token', `the token is ${what}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function checkIssuer(token: VerifiedToken, issuer: string): VerifiedToken {
  if (token.issuer !== issuer) {
    throw new AuthError(
      'invalid_token',
      `the token was issued by ${quoted(token.issuer)}; expected the issuer ${quoted(issuer)}`,
    );
  }
  return token;
}

function time(seconds: unknown): string {
  return typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : String(seconds);
}

/** jose's failure, said in terms of the token: which claim or key, what was expected. */
function explain(
  error: unknown,
  header: ProtectedHeaderParameters,
  source: string,
  skew: number,
  now: () => number,
): AuthError {
  if (error instanceof AuthError) return error;
  const at = `now ${new Date(now()).toISOString()}, clock skew allowed ${skew} s`;
  const kid = `kid ${quoted(header.kid)} (alg ${header.alg})`;
  const fail = (description: string) => new AuthError('invalid_token', description, { cause: error });
  if (error instanceof errors.JWTExpired)
    return fail(`the token expired at ${time(error.payload.exp)} (${at})`);
  if (error instanceof errors.JWTClaimValidationFailed) {
    const value = error.payload[error.claim];
    if (error.claim === 'nbf') return fail(`the token is not valid before ${time(value)} (${at})`);
    if (error.claim === 'iat') return fail(`the token's iat ${time(value)} is in the future (${at})`);
    if (error.claim === 'typ')
      return fail(`the token's typ header is ${quoted(header.typ)}; ${error.message}`);
    if (value === undefined) return fail(`the token has no ${error.claim} claim, which is required`);
    return fail(
      `the token's ${error.claim} claim ${quoted(String(value))} is not acceptable: ${error.message}`,
    );
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return fail(
      `no key in ${source} matches the token's ${kid}; the set is fetched again at most every refresh cooldown`,
    );
  }
  if (error instanceof errors.JWKSMultipleMatchingKeys) {
    return fail(`several keys in ${source} match the token's ${kid}; the token must name its key`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return fail(`the token's signature does not verify with the key ${kid} from ${source}`);
  }
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) {
    return fail(`the token is not a well-formed JWT: ${error.message}`);
  }
  if (error instanceof errors.JOSENotSupported || error instanceof errors.JWKInvalid) {
    return fail(`the token's key ${kid} from ${source} cannot be used: ${error.message}`);
  }
  // The keys could not be fetched (network, timeout, not a JWKS): the token may be fine.
  return new AuthError(
    'server_error',
    `could not get signing keys from ${source}: ${(error as Error)?.message ?? String(error)}`,
    {
      cause: error,
    },
  );
}
