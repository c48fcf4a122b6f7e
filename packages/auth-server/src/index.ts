// Every export of this file is public API of @mcpkit/auth-server: an OAuth 2.1 resource server for
// MCP endpoints, written against a request head and plain reply descriptions (no HTTP library).

// DPoP (RFC 9449).
export { DEFAULT_DPOP_PROOF_MAX_AGE_SEC, type DpopOptions } from './dpop-proof.js';
export { DEFAULT_DPOP_NONCE_ROTATION_MS, type DpopNonceSource, rotatingNonces } from './dpop-state.js';
export { AuthError, type AuthErrorCode } from './errors.js';
// Back-off after failed calls to the authorization server (JWKS, introspection).
export { DEFAULT_FAILURE_BACKOFF_MAX_MS, DEFAULT_FAILURE_BACKOFF_MS } from './failure-backoff.js';
// The options of @mcpkit/transport-http-server's handler, from a resource server.
export { type HandlerAuth, type HandlerAuthenticateContext, handlerAuth } from './handler-auth.js';
export {
  DEFAULT_INTROSPECTION_CACHE_ENTRIES,
  DEFAULT_INTROSPECTION_CACHE_TTL_MS,
  DEFAULT_INTROSPECTION_MAX_RESPONSE_BYTES,
  DEFAULT_INTROSPECTION_NEGATIVE_CACHE_TTL_MS,
  DEFAULT_INTROSPECTION_TIMEOUT_MS,
  type IntrospectionVerifierOptions,
  introspectionVerifier,
} from './introspection-verifier.js';
// Token verifiers.
export {
  DEFAULT_CLOCK_SKEW_SEC,
  DEFAULT_JWKS_CACHE_MAX_AGE_MS,
  DEFAULT_JWKS_MAX_BYTES,
  DEFAULT_JWKS_REFRESH_COOLDOWN_MS,
  DEFAULT_JWKS_TIMEOUT_MS,
  DEFAULT_TOKEN_ALGORITHMS,
  type JwtVerifierOptions,
  jwtVerifier,
} from './jwt-verifier.js';
export { protectedResourceMetadataUrl } from './metadata.js';
export {
  DEFAULT_DPOP_REPLAY_ENTRIES,
  DEFAULT_DPOP_REPLAY_ENTRIES_PER_KEY,
  type DpopProofUse,
  type DpopReplayCache,
  type MemoryReplayCache,
  memoryReplayCache,
} from './replay-cache.js';
// The resource server: authenticate, challenges, metadata, per-call scopes.
export {
  type AuthenticateOptions,
  createResourceServer,
  type ResourceServer,
  type ResourceServerOptions,
} from './resource-server.js';
export type { ScopeRules, ScopeTable } from './scopes.js';
export type { AuthReply, RequestHead, TokenVerifier, VerifiedToken } from './types.js';
// Web Request/Response glue, for HTTP servers whose hooks take a whole Request (other frameworks).
export {
  checkBody,
  DEFAULT_SCOPE_CHECK_MAX_BODY_BYTES,
  requestHead,
  toResponse,
  type WebAuthenticateOptions,
  webAuthenticate,
  withProtectedResourceMetadata,
} from './web.js';
