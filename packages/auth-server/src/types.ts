// The shapes the resource server is written against. They name no HTTP library: the HTTP server
// hands a request head in and gets a plain reply description back.

/** What the resource server reads of an HTTP request: never its body. */
export interface RequestHead {
  method: string;
  /** The absolute URL the client requested (DPoP's `htu` is compared with it). */
  url: string;
  /** One header's value, undefined when absent (repeated headers joined with ", "). */
  header(name: string): string | undefined;
}

/** An HTTP answer the server sends instead of handling the request: a challenge or a document. */
export interface AuthReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What a verifier learned from a valid access token. Times are seconds since the epoch, as in JWT
 * claims. The resource server checks audience, DPoP binding and scopes on top of this.
 */
export interface VerifiedToken {
  issuer?: string;
  /** `sub`: the user (or workload) the token was issued for. */
  subject?: string;
  /** `client_id` (RFC 9068), else `azp` or `cid`, as authorization servers differ. */
  clientId?: string;
  /** `aud`, always as a list (empty when the token names no audience). */
  audience: string[];
  scopes: string[];
  expiresAt?: number;
  /** `cnf.jkt`: the SHA-256 thumbprint of the key a DPoP-bound token is bound to. */
  jkt?: string;
  /** Every claim (JWT payload or introspection response), for the application's own checks. */
  claims: Record<string, unknown>;
}

/**
 * Turns an access token into what it grants, or throws an `AuthError` saying what was wrong.
 * `jwtVerifier` (signed JWTs, keys from a JWKS) and `introspectionVerifier` (RFC 7662) implement it.
 */
export interface TokenVerifier {
  /**
   * Verifies an access token and returns who it was issued to and its scopes; throws when it is not
   * valid.
   */
  verify(token: string): Promise<VerifiedToken>;
}

export type Awaitable<T> = T | Promise<T>;
