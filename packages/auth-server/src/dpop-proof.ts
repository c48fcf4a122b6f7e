import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  EmbeddedJWK,
  errors,
  type JWK,
  jwtVerify,
} from 'jose';
import { quoted } from './claims.js';
import { type DpopNonceSource, rotatingNonces } from './dpop-state.js';
import { AuthError } from './errors.js';
import { DEFAULT_CLOCK_SKEW_SEC, DEFAULT_TOKEN_ALGORITHMS } from './jwt-verifier.js';
import { type DpopProofUse, type DpopReplayCache, memoryReplayCache } from './replay-cache.js';
import type { RequestHead } from './types.js';
import { sha256Base64Url } from './webcrypto.js';

/** Oldest DPoP proof accepted, by its `iat`, in seconds. */
export const DEFAULT_DPOP_PROOF_MAX_AGE_SEC = 60;

/**
 * How a resource server accepts DPoP-bound tokens (RFC 9449): whether they are required, accepted
 * algorithms, proof age, nonces and the replay cache.
 */
export interface DpopOptions {
  /** Refuse tokens that are not DPoP-bound (the `Bearer` scheme) altogether (default false). */
  required?: boolean;
  /** Proof signature algorithms accepted and advertised in `algs` (default the asymmetric ones). */
  algorithms?: readonly string[];
  /** How old a proof's `iat` may be (default 60 s), plus the clock skew. */
  proofMaxAgeSec?: number;
  /**
   * Server-provided nonces (RFC 9449 §9): `true` for rotating in-memory nonces, or a shared source.
   * A proof without a valid one gets 401 `use_dpop_nonce` and a `DPoP-Nonce` header.
   */
  nonce?: boolean | DpopNonceSource;
  /** Where used proofs are remembered (default in memory, `memoryReplayCache()`). */
  replayCache?: DpopReplayCache;
  /**
   * The URL the proof's `htu` must name. Default: the configured `resource`'s scheme and host with
   * the request's path, never the scheme or host the request line or Host header carry (a request
   * to `http://evil.example/mcp` in absolute form is checked against `resource`'s origin). Behind a
   * reverse proxy that rewrites the path, return the public URL; build it from configuration, not
   * from what the client sent.
   */
  requestUrl?: (head: RequestHead) => string;
}

/** DpopOptions with defaults filled in, built once per resource server. */
export interface DpopChecker {
  readonly required: boolean;
  readonly algorithms: readonly string[];
  readonly nonces: DpopNonceSource | undefined;
  /**
   * Verifies the request's proof for `token`, bound to `jkt`, all but its single use; throws an
   * `AuthError` when it fails. Returns what `record` needs.
   */
  check(head: RequestHead, token: string, jkt: string, nowMs: number): Promise<ProofToRecord>;
  /** Records the proof's use in the replay cache; throws an `AuthError` when it was used before. */
  record(proof: ProofToRecord, nowMs: number): Promise<void>;
}

/** A proof that passed every check but the replay cache. */
export interface ProofToRecord extends DpopProofUse {
  expiresAtMs: number;
}

export function dpopChecker(
  options: DpopOptions,
  resource: string,
  clockSkewSec = DEFAULT_CLOCK_SKEW_SEC,
): DpopChecker {
  const algorithms = [...(options.algorithms ?? DEFAULT_TOKEN_ALGORITHMS)];
  const maxAge = options.proofMaxAgeSec ?? DEFAULT_DPOP_PROOF_MAX_AGE_SEC;
  const nonces = options.nonce === true ? rotatingNonces() : options.nonce || undefined;
  const replay = options.replayCache ?? memoryReplayCache();
  const requestUrl = options.requestUrl ?? resourceUrl(new URL(resource));

  async function verifySignature(proof: string, nowMs: number) {
    try {
      decodeProtectedHeader(proof);
    } catch (error) {
      throw invalid(`the DPoP header is not a JWT: ${(error as Error).message}`, error);
    }
    try {
      return await jwtVerify(proof, EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms,
        clockTolerance: clockSkewSec,
        currentDate: new Date(nowMs),
      });
    } catch (error) {
      if (error instanceof errors.JOSEAlgNotAllowed) {
        throw invalid(
          `the DPoP proof's alg is not accepted; expected one of ${algorithms.join(', ')}`,
          error,
        );
      }
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        throw invalid("the DPoP proof's signature does not verify with the key in its jwk header", error);
      }
      throw invalid(`the DPoP proof is not valid: ${(error as Error).message}`, error);
    }
  }

  return {
    required: options.required ?? false,
    algorithms,
    nonces,
    async check(head, token, jkt, nowMs) {
      const proof = head.header('dpop');
      if (proof === undefined || proof === '') {
        throw invalid('a DPoP-bound token needs a DPoP header with a proof for this request');
      }
      // JWTs hold no comma: a comma means two DPoP headers were joined.
      if (proof.includes(','))
        throw invalid('the request carries more than one DPoP header; send exactly one proof');
      const { payload, protectedHeader } = await verifySignature(proof, nowMs);
      const thumbprint = await calculateJwkThumbprint(protectedHeader.jwk as JWK, 'sha256');
      if (thumbprint !== jkt) {
        throw invalid(
          `the DPoP proof is signed with key ${thumbprint}, but the token is bound to key ${jkt} (cnf.jkt)`,
        );
      }
      if (typeof payload.jti !== 'string' || payload.jti === '')
        throw invalid('the DPoP proof has no jti claim');
      if (payload.htm !== head.method) {
        throw invalid(
          `the DPoP proof is for method ${quoted(String(payload.htm))}; this request is ${head.method}`,
        );
      }
      const url = requestUrl(head);
      if (typeof payload.htu !== 'string' || !sameResource(payload.htu, url)) {
        throw invalid(
          `the DPoP proof is for URL ${quoted(String(payload.htu))}; this request is to ${withoutQuery(url)}`,
        );
      }
      const nowSec = nowMs / 1000;
      if (typeof payload.iat !== 'number') throw invalid('the DPoP proof has no iat claim');
      if (payload.iat > nowSec + clockSkewSec || payload.iat < nowSec - maxAge - clockSkewSec) {
        throw invalid(
          `the DPoP proof was made at ${new Date(payload.iat * 1000).toISOString()}; it is accepted for ${maxAge} s (now ${new Date(nowMs).toISOString()}, clock skew allowed ${clockSkewSec} s)`,
        );
      }
      const ath = await sha256Base64Url(token);
      if (payload.ath !== ath) {
        throw invalid(
          payload.ath === undefined
            ? 'the DPoP proof has no ath claim (the hash of the access token)'
            : "the DPoP proof's ath does not match the access token sent with it",
        );
      }
      if (nonces !== undefined) {
        const nonce = payload.nonce;
        if (typeof nonce !== 'string' || !(await nonces.isValid(nonce, nowMs))) {
          throw new AuthError(
            'use_dpop_nonce',
            nonce === undefined
              ? 'this server requires a nonce in DPoP proofs; use the one in the DPoP-Nonce header'
              : 'the DPoP proof carries a nonce this server no longer accepts; use the one in the DPoP-Nonce header',
          );
        }
      }
      // The replay cache is `record`'s: proofs failing any check here are never remembered.
      const expiresAtMs = nowMs + (maxAge + 2 * clockSkewSec) * 1000;
      return { jkt, jti: payload.jti, issuedAtSec: payload.iat, expiresAtMs };
    },
    async record(proof, nowMs) {
      if (!(await replay.firstUse(`${proof.jkt}.${proof.jti}`, proof.expiresAtMs, nowMs, proof))) {
        throw invalid(
          `the DPoP proof with jti ${quoted(proof.jti)} was already used; make a new proof for every request`,
        );
      }
    },
  };
}

function invalid(description: string, cause?: unknown): AuthError {
  return new AuthError('invalid_dpop_proof', description, cause === undefined ? {} : { cause });
}

/** The URL a proof is checked against: the configured resource's origin, the request's path. */
function resourceUrl(resource: URL): (head: RequestHead) => string {
  return (head) => {
    const path = URL.canParse(head.url) ? new URL(head.url).pathname : resource.pathname;
    return `${resource.origin}${path}`;
  };
}

function withoutQuery(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** RFC 9449 §4.3: `htu` matches the request URI ignoring query and fragment, after normalization. */
function sameResource(htu: string, url: string): boolean {
  if (!URL.canParse(htu) || !URL.canParse(url)) return false;
  return withoutQuery(htu) === withoutQuery(url);
}
