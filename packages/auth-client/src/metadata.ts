/** Protected resource metadata (RFC 9728 §2), the members this client uses. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  scopes_supported?: string[];
  [member: string]: unknown;
}

/** Authorization server metadata (RFC 8414 §2 / OpenID Discovery), the members this client uses. */
export interface AuthorizationServerMetadata {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  grant_types_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  client_id_metadata_document_supported?: boolean;
  authorization_response_iss_parameter_supported?: boolean;
  dpop_signing_alg_values_supported?: string[];
  [member: string]: unknown;
}

/** The token endpoint response (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  [member: string]: unknown;
}

/** Tokens as kept by the client: the response plus what it needs to reuse them safely. */
export interface StoredTokens {
  accessToken: string;
  /** `Bearer` or `DPoP`, as the token endpoint said. */
  tokenType: string;
  refreshToken?: string;
  /** Epoch milliseconds after which the access token is not used. */
  expiresAt?: number;
  /** The scopes asked for (or granted, when the server said), space-separated. */
  scope?: string;
  /** The authorization server the tokens came from: they are never presented after a change of issuer. */
  issuer: string;
  /** The RFC 8707 resource they were requested for. */
  resource: string;
}

/** Client credentials for one authorization server. */
export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
  /** `client_secret_basic`, `client_secret_post`, `none` or `private_key_jwt`. */
  tokenEndpointAuthMethod?: string;
}
