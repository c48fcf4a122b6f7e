/** Stable string codes of the errors this package raises; match on `code`, not on the message. */
export type OAuthClientErrorCode =
  /** No protected resource metadata or authorization server metadata could be found or used. */
  | 'DISCOVERY_FAILED'
  /** The protected resource metadata names a different resource than the server being accessed. */
  | 'RESOURCE_MISMATCH'
  /** The authorization server metadata `issuer` is not the issuer it was fetched for (RFC 8414 §3.3). */
  | 'ISSUER_MISMATCH'
  /** The authorization server does not advertise PKCE with S256, so the flow must not proceed. */
  | 'PKCE_UNSUPPORTED'
  /** The authorization server offers no way to register this client, or refused the registration. */
  | 'REGISTRATION_FAILED'
  /** The authorization response was an error, or failed the state / `iss` (RFC 9207) checks. */
  | 'AUTHORIZATION_FAILED'
  /** A token endpoint answered with an OAuth error (RFC 6749 §5.2) or an unusable response. */
  | 'TOKEN_ENDPOINT_ERROR'
  /** The server kept refusing after the allowed number of authorizations or scope step-ups. */
  | 'RETRY_LIMIT'
  /** The options cannot run the flow the server asks for (e.g. no `authorize` step for a user flow). */
  | 'CONFIGURATION'
  /**
   * An authorization server URL (issuer, authorization, token or registration endpoint, IdP token
   * endpoint) is not https: credentials, codes and tokens would cross the network in clear. Plain
   * http is allowed on loopback hosts only (localhost, 127.0.0.0/8, [::1]).
   */
  | 'INSECURE_ENDPOINT';

/** The facts of an OAuthClientError; an undefined one is left off the error. */
export interface OAuthClientErrorDetails {
  /** URL of the endpoint or document involved. */
  url?: string | undefined;
  /** HTTP status of the answer that caused the error. */
  status?: number | undefined;
  /** OAuth `error` code from the server (RFC 6749 §5.2). */
  oauthError?: string | undefined;
  /** OAuth `error_description` from the server. */
  oauthErrorDescription?: string | undefined;
  /** What was expected (issuer, resource...). */
  expected?: string | undefined;
  /** What was found instead. */
  actual?: string | undefined;
  cause?: unknown;
}

/** An error of the OAuth client: a stable `code` plus the facts that explain it. */
export class OAuthClientError extends Error {
  declare readonly code: OAuthClientErrorCode;
  declare readonly url?: string;
  declare readonly status?: number;
  declare readonly oauthError?: string;
  declare readonly oauthErrorDescription?: string;
  declare readonly expected?: string;
  declare readonly actual?: string;

  constructor(code: OAuthClientErrorCode, message: string, details: OAuthClientErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'OAuthClientError';
    this.code = code;
    for (const key of [
      'url',
      'status',
      'oauthError',
      'oauthErrorDescription',
      'expected',
      'actual',
    ] as const) {
      if (details[key] !== undefined) Object.assign(this, { [key]: details[key] });
    }
  }
}
