import type { AuthInfo } from '@mcpkit/jsonrpc';
import { readCredentials } from './authorization-header.js';
import { type ChallengeSettings, refusal, type Scheme } from './challenge.js';
import { quoted } from './claims.js';
import { type DpopChecker, type DpopOptions, dpopChecker, type ProofToRecord } from './dpop-proof.js';
import { AuthError } from './errors.js';
import { DEFAULT_CLOCK_SKEW_SEC } from './jwt-verifier.js';
import { isMetadataRequest, metadataReply, protectedResourceMetadataUrl } from './metadata.js';
import { describeRequest, type ScopeRules, scopesForRequest, scopesNamed } from './scopes.js';
import type { AuthReply, RequestHead, TokenVerifier, VerifiedToken } from './types.js';

/**
 * Options of `createResourceServer`: the MCP server's resource URI, the token verifier, scopes and
 * DPoP.
 */
export interface ResourceServerOptions {
  /** The MCP server's canonical URI, e.g. `https://mcp.example.com/mcp` (the `resource` of RFC 8707 / 9728). */
  resource: string;
  /** Issuer identifiers of the authorization servers clients may get tokens from. */
  authorizationServers: readonly string[];
  verifier: TokenVerifier;
  /** Audiences a token may name (default `[resource]`); it must name at least one. */
  audience?: string | readonly string[];
  /** Scopes every request needs; named in the 401 challenge so clients ask for them. */
  requiredScopes?: readonly string[];
  /** Extra scopes per tool, resource and prompt, checked by `checkScopes`. */
  scopes?: ScopeRules;
  /** `scopes_supported` of the metadata (default: every scope the options above name). */
  scopesSupported?: readonly string[];
  /** Accept DPoP-bound tokens (RFC 9449): `true` for the defaults. Off by default. */
  dpop?: boolean | DpopOptions;
  /** Slack for DPoP proof times (default 30 s; the verifiers have their own). */
  clockSkewSec?: number;
  /** More metadata fields, e.g. `resource_name`, `resource_documentation`. */
  metadata?: Record<string, unknown>;
  /** The clock, in ms since the epoch (default `Date.now`); tests set it. */
  now?: () => number;
}

/** An OAuth 2.1 resource server for one MCP endpoint. */
export interface ResourceServer {
  /** Where the protected resource metadata is served (path-based well-known URI). */
  readonly metadataUrl: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Whether some calls need scopes of their own (`scopes` option): then bodies must be checked. */
  readonly scopesPerCall: boolean;
  /**
   * Who sent the request, or the 401/403/400/503 refusal to send back. Never reads the body.
   * With `deferReplayCheck`, a DPoP proof is checked in full but not yet recorded as used: the
   * caller must then call `admit` with the returned `AuthInfo` before serving the request (an HTTP
   * server does so once its rate limit let the request in, so refused requests never fill the
   * replay cache).
   */
  authenticate(head: RequestHead, options?: AuthenticateOptions): Promise<AuthInfo | AuthReply>;
  /**
   * For an `AuthInfo` that `authenticate` returned with `deferReplayCheck`: records its DPoP proof
   * as used. Undefined when the request may go on (also when there was no proof), else the refusal
   * (401 `invalid_dpop_proof` for a proof used before).
   */
  admit(authInfo: AuthInfo): Promise<AuthReply | undefined>;
  /** The metadata document when `head` asks for it, else undefined. */
  metadataReply(head: RequestHead): AuthReply | undefined;
  /**
   * For each JSON-RPC request in a POST body: undefined when `authInfo` has every scope the call
   * needs, else the 403 `insufficient_scope` naming all of them (so the client can step up).
   */
  checkScopes(authInfo: AuthInfo | undefined, method: string, params: unknown): AuthReply | undefined;
}

/** Options of one `authenticate` call. */
export interface AuthenticateOptions {
  /** Leave recording the DPoP proof as used to `admit` (default false: recorded at once). */
  deferReplayCheck?: boolean;
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/**
 * Creates an OAuth 2.1 resource server for an MCP server: it verifies bearer or DPoP tokens, answers
 * with RFC 6750 / RFC 9728 challenges, and serves the protected resource metadata.
 */
export function createResourceServer(options: ResourceServerOptions): ResourceServer {
  const { verifier, resource } = options;
  const audiences =
    options.audience === undefined
      ? [resource]
      : typeof options.audience === 'string'
        ? [options.audience]
        : [...options.audience];
  const required = options.requiredScopes ?? [];
  const rules = options.scopes ?? {};
  const now = options.now ?? Date.now;
  const skew = options.clockSkewSec ?? DEFAULT_CLOCK_SKEW_SEC;
  const dpop: DpopChecker | undefined =
    options.dpop === undefined || options.dpop === false
      ? undefined
      : dpopChecker(options.dpop === true ? {} : options.dpop, resource, skew);
  // Proofs of requests authenticated with deferReplayCheck, until `admit` records them.
  const unrecorded = new WeakMap<AuthInfo, ProofToRecord>();
  const metadataUrl = protectedResourceMetadataUrl(resource);
  const settings: ChallengeSettings = {
    resourceMetadataUrl: metadataUrl,
    scopes: required,
    dpop: dpop && { algorithms: dpop.algorithms, required: dpop.required },
  };
  const metadata: Record<string, unknown> = {
    resource,
    authorization_servers: [...options.authorizationServers],
    scopes_supported: [...(options.scopesSupported ?? unique([...required, ...scopesNamed(rules)]))],
    bearer_methods_supported: ['header'],
    ...(dpop && {
      dpop_signing_alg_values_supported: [...dpop.algorithms],
      dpop_bound_access_tokens_required: dpop.required,
    }),
    ...options.metadata,
  };

  function checkAudience(token: VerifiedToken): void {
    if (token.audience.some((aud) => audiences.includes(aud))) return;
    throw new AuthError(
      'invalid_token',
      token.audience.length === 0
        ? `the token names no audience (aud); expected ${quoted(audiences)} (RFC 8707 resource)`
        : `the token is for audience ${quoted(token.audience)}; expected ${quoted(audiences)} (RFC 8707 resource)`,
    );
  }

  async function verify(
    head: RequestHead,
    scheme: Scheme,
    token: string,
    nowMs: number,
    deferReplayCheck: boolean,
  ): Promise<AuthInfo> {
    if (scheme === 'Bearer' && dpop?.required) {
      throw new AuthError(
        'invalid_token',
        'this resource takes only DPoP-bound tokens, sent with the DPoP scheme and a proof',
      );
    }
    const verified = await verifier.verify(token);
    checkAudience(verified);
    let proof: ProofToRecord | undefined;
    if (verified.jkt !== undefined) {
      if (scheme === 'Bearer') {
        throw new AuthError(
          'invalid_token',
          'the token is DPoP-bound (cnf.jkt): send it with the DPoP scheme and a DPoP proof, not as Bearer',
        );
      }
      if (dpop === undefined)
        throw new AuthError(
          'invalid_token',
          'the token is DPoP-bound (cnf.jkt), and this resource does not take DPoP',
        );
      proof = await dpop.check(head, token, verified.jkt, nowMs);
    } else if (scheme === 'DPoP') {
      throw new AuthError(
        'invalid_token',
        'the token sent with the DPoP scheme is not DPoP-bound (it has no cnf.jkt)',
      );
    }
    const missing = required.filter((scope) => !verified.scopes.includes(scope));
    if (missing.length > 0) {
      throw new AuthError(
        'insufficient_scope',
        `the token lacks the scope ${missing.join(' ')}, needed for every request`,
        {
          scope: required,
        },
      );
    }
    const info: AuthInfo = {
      token,
      clientId: verified.clientId ?? '',
      scopes: verified.scopes,
      // `scheme` lets checkScopes answer in the scheme the client used.
      extra: { issuer: verified.issuer, audience: verified.audience, scheme, claims: verified.claims },
    };
    if (verified.expiresAt !== undefined) info.expiresAt = verified.expiresAt;
    if (verified.subject !== undefined) info.subject = verified.subject;
    if (proof !== undefined) {
      if (deferReplayCheck) unrecorded.set(info, proof);
      else await dpop!.record(proof, nowMs);
    }
    return info;
  }

  return {
    metadataUrl,
    metadata,
    scopesPerCall: Object.values(rules).some((rule) => rule !== undefined),
    async authenticate(head, authenticateOptions) {
      const nowMs = now();
      const nonce = dpop?.nonces ? await dpop.nonces.current(nowMs) : undefined;
      const credentials = readCredentials(head.header('authorization'));
      if (credentials.kind === 'none')
        return refusal(settings, undefined, undefined, nonce, credentials.note);
      if (credentials.kind === 'malformed') {
        return refusal(
          settings,
          new AuthError('invalid_request', credentials.description),
          credentials.scheme,
          nonce,
        );
      }
      const { scheme, token } = credentials;
      if (scheme === 'DPoP' && dpop === undefined) {
        return refusal(
          settings,
          undefined,
          undefined,
          nonce,
          'this resource does not take DPoP-bound tokens; send a Bearer token',
        );
      }
      try {
        return await verify(head, scheme, token, nowMs, authenticateOptions?.deferReplayCheck === true);
      } catch (error) {
        if (error instanceof AuthError) return refusal(settings, error, scheme, nonce);
        throw error;
      }
    },
    async admit(authInfo) {
      const proof = unrecorded.get(authInfo);
      if (proof === undefined || dpop === undefined) return undefined;
      unrecorded.delete(authInfo);
      const nowMs = now();
      try {
        await dpop.record(proof, nowMs);
        return undefined;
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        const nonce = dpop.nonces ? await dpop.nonces.current(nowMs) : undefined;
        return refusal(settings, error, 'DPoP', nonce);
      }
    },
    metadataReply(head) {
      return isMetadataRequest(head, metadataUrl) ? metadataReply(metadata) : undefined;
    },
    checkScopes(authInfo, method, params) {
      const needed = scopesForRequest(rules, method, params);
      if (needed.length === 0) return undefined;
      if (authInfo === undefined) return refusal(settings, undefined, undefined);
      const missing = needed.filter((scope) => !authInfo.scopes.includes(scope));
      if (missing.length === 0) return undefined;
      // RFC 6750 §3.1 / MCP scope challenges: every scope the operation needs, in one challenge.
      const scope = unique([...required, ...needed]);
      const error = new AuthError(
        'insufficient_scope',
        `${describeRequest(method, params)} needs the scope ${missing.join(' ')}`,
        {
          scope,
        },
      );
      return refusal(settings, error, authInfo.extra?.scheme === 'DPoP' ? 'DPoP' : 'Bearer');
    },
  };
}
