export {
  type AuthHttp,
  authHttp,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type HttpBoundsOptions,
} from './bounded-fetch.js';
export {
  canonicalResource,
  type Discovery,
  discover,
  resourceCovers,
} from './discovery.js';
export { type DpopOptions, DpopProver } from './dpop.js';
export { OAuthClientError, type OAuthClientErrorCode, type OAuthClientErrorDetails } from './errors.js';
export { authFetchLayer } from './fetch-layer.js';
export type { AuthorizeStep, GrantOptions, Provide } from './grants.js';
export type {
  AuthFetch,
  AuthFetchInit,
  AuthFetchResponse,
  HttpAnswerHead,
  HttpAuthProvider,
} from './http.js';
export type {
  AuthorizationServerMetadata,
  ClientCredentials,
  ProtectedResourceMetadata,
  StoredTokens,
  TokenResponse,
} from './metadata.js';
export type { OAuthClientOptions } from './options.js';
export { DEFAULT_MAX_AUTHORIZATIONS, DEFAULT_MAX_STEP_UPS, OAuthClientProvider } from './provider.js';
export type { ClientMetadata, RegistrationOptions } from './registration.js';
export { InMemoryOAuthStore, type OAuthStore } from './store.js';
export { type AuthChallenge, parseWwwAuthenticate } from './www-authenticate.js';
