import type { DpopOptions } from './dpop.js';
import type { AuthorizeStep, GrantOptions } from './grants.js';
import type { AuthFetch } from './http.js';
import type { RegistrationOptions } from './registration.js';
import type { OAuthStore } from './store.js';

/** Options of an OAuthClientProvider. */
export interface OAuthClientOptions extends RegistrationOptions {
  /** The MCP server (protected resource) the tokens are for. */
  serverUrl: string | URL;
  /** How tokens are obtained; default the authorization code flow with `authorize` and `redirectUri`. */
  grant?: GrantOptions;
  /** The redirect URI registered for the authorization code flow (e.g. a loopback URL from `./node`). */
  redirectUri?: string;
  /** The user step of the authorization code flow. */
  authorize?: AuthorizeStep;
  /** Where credentials and tokens are kept; default in memory. */
  store?: OAuthStore;
  /**
   * The fetch used for discovery, registration and token requests; default the global fetch. It is
   * called with `redirect: 'manual'` (redirects are judged here) and a `signal` (the deadline), and
   * should honour both: one that follows a redirect anyway has its answer refused, after the fact.
   */
  fetch?: AuthFetch;
  /**
   * The largest body of a metadata, registration or token answer, in bytes; default 256 KiB
   * (`DEFAULT_MAX_RESPONSE_BYTES`). A longer one is refused as soon as it passes the bound (or at
   * once when its Content-Length says so) and its connection closed: it is never read whole.
   */
  maxResponseBytes?: number;
  /**
   * The longest one discovery, registration or token request may take, from sending it to the
   * answer's last byte, in milliseconds; default 30 000 (`DEFAULT_REQUEST_TIMEOUT_MS`). The user's
   * authorization step is not counted (see `startLoopbackRedirect`'s `timeoutMs`).
   */
  requestTimeoutMs?: number;
  /** Ask for `offline_access` (a refresh token) when the authorization server lists it; default true. */
  offlineAccess?: boolean;
  /** Use DPoP-bound tokens (RFC 9449) with authorization servers that support them. */
  dpop?: boolean | DpopOptions;
  /** Scope step-ups (403 insufficient_scope) allowed in a row before giving up; default 2. */
  maxStepUps?: number;
  /** Authorizations after a 401 allowed in a row before giving up; default 2. */
  maxAuthorizations?: number;
}
