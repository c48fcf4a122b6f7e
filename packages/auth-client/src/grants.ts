import type { CryptoKey } from 'jose';
import type { AuthHttp } from './bounded-fetch.js';
import type { Discovery } from './discovery.js';
import type { DpopProver } from './dpop.js';
import { requireHttps } from './endpoints.js';
import { OAuthClientError } from './errors.js';
import type { AuthorizationServerMetadata, ClientCredentials, TokenResponse } from './metadata.js';
import { createPkce, randomToken } from './pkce.js';
import { type ClientAuthentication, requestToken, type TokenEndpointContext } from './token-endpoint.js';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';
const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';

/** The user step of the authorization code flow: send the user to `url`, resolve with the URL they were redirected to. */
export type AuthorizeStep = (request: {
  url: URL;
  redirectUri: string;
  state: string;
}) => Promise<string | URL>;

/** A value given directly or produced on demand (e.g. a workload token read fresh from a file). */
export type Provide<T> = T | (() => T | Promise<T>);

export async function provide<T>(value: Provide<T>): Promise<T> {
  return typeof value === 'function' ? await (value as () => T | Promise<T>)() : value;
}

/** How the client gets tokens; the default is the authorization code flow with a user. */
export type GrantOptions =
  | { type: 'authorization_code' }
  /** OAuth client credentials (MCP extension io.modelcontextprotocol/oauth-client-credentials). */
  | {
      type: 'client_credentials';
      clientId: string;
      clientSecret?: string;
      /** For private_key_jwt: a PKCS#8 PEM or a private CryptoKey. */
      privateKey?: string | CryptoKey;
      signingAlgorithm?: string;
      /** The only authorization server these credentials may be sent to. */
      issuer?: string;
    }
  /** RFC 7523 JWT-bearer grant with a workload identity token (SEP-1933). */
  | {
      type: 'jwt_bearer';
      assertion: Provide<string>;
      clientId?: string;
      clientSecret?: string;
      issuer?: string;
    }
  /** Enterprise-managed authorization: ID token → ID-JAG at the IdP (RFC 8693), then the JWT-bearer grant at the AS. */
  | {
      type: 'enterprise';
      idpTokenEndpoint: string;
      idToken: Provide<string>;
      idpClientId?: string;
      idpClientSecret?: string;
      clientId: string;
      clientSecret?: string;
      issuer?: string;
    };

/** The token endpoint authentication to use with `client` at this AS. */
export function clientAuthentication(
  client: ClientCredentials & { privateKey?: string | CryptoKey; signingAlgorithm?: string },
  metadata: AuthorizationServerMetadata,
): ClientAuthentication {
  const supported = metadata.token_endpoint_auth_methods_supported;
  let method = client.tokenEndpointAuthMethod;
  if (method === undefined) {
    if (client.privateKey !== undefined) method = 'private_key_jwt';
    else if (client.clientSecret === undefined) method = 'none';
    // RFC 8414 §2: client_secret_basic is the default when the AS lists no methods.
    else if (supported === undefined || supported.includes('client_secret_basic'))
      method = 'client_secret_basic';
    else if (supported.includes('client_secret_post')) method = 'client_secret_post';
    else method = 'client_secret_basic';
  }
  const auth: ClientAuthentication = { clientId: client.clientId, method };
  if (client.clientSecret !== undefined) auth.clientSecret = client.clientSecret;
  if (client.privateKey !== undefined) auth.privateKey = client.privateKey;
  if (client.signingAlgorithm !== undefined) auth.signingAlgorithm = client.signingAlgorithm;
  return auth;
}

export function tokenContext(
  http: AuthHttp,
  discovery: Discovery,
  dpop: DpopProver | undefined,
): TokenEndpointContext {
  const tokenEndpoint = discovery.authorizationServer.token_endpoint;
  if (tokenEndpoint === undefined) {
    throw new OAuthClientError(
      'DISCOVERY_FAILED',
      `Authorization server ${discovery.issuer} has no token_endpoint`,
    );
  }
  return { http, tokenEndpoint, issuer: discovery.issuer, dpop };
}

/** Authorization code + PKCE (S256) + RFC 8707 resource, with the state and RFC 9207 `iss` checks. */
export async function authorizationCodeGrant(
  context: TokenEndpointContext,
  discovery: Discovery,
  auth: ClientAuthentication,
  scope: string | undefined,
  redirectUri: string,
  authorize: AuthorizeStep,
): Promise<TokenResponse> {
  const metadata = discovery.authorizationServer;
  if (!discovery.defaultEndpoints && !metadata.code_challenge_methods_supported?.includes('S256')) {
    throw new OAuthClientError(
      'PKCE_UNSUPPORTED',
      `Authorization server ${discovery.issuer} does not advertise PKCE S256 (code_challenge_methods_supported: ` +
        `${JSON.stringify(metadata.code_challenge_methods_supported ?? null)}): refusing to authorize without it`,
      { url: discovery.issuer },
    );
  }
  if (metadata.authorization_endpoint === undefined) {
    throw new OAuthClientError(
      'DISCOVERY_FAILED',
      `Authorization server ${discovery.issuer} has no authorization_endpoint`,
    );
  }
  // The user would be sent to a page anyone on the path can rewrite, and the code come back through it.
  requireHttps(metadata.authorization_endpoint, 'authorization endpoint');
  const pkce = await createPkce();
  const state = randomToken(16);
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', auth.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', pkce.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  url.searchParams.set('resource', discovery.resource);
  if (scope !== undefined && scope !== '') url.searchParams.set('scope', scope);

  const redirected = new URL(await authorize({ url, redirectUri, state }));
  const answer = redirected.searchParams;
  if (answer.get('state') !== state) {
    throw new OAuthClientError(
      'AUTHORIZATION_FAILED',
      `The authorization response's state does not match the request's`,
      {
        url: metadata.authorization_endpoint,
      },
    );
  }
  checkIssuer(answer.get('iss'), discovery);
  const error = answer.get('error');
  if (error !== null) {
    const description = answer.get('error_description') ?? undefined;
    throw new OAuthClientError(
      'AUTHORIZATION_FAILED',
      `Authorization was refused: ${error}${description !== undefined ? ` (${description})` : ''}`,
      { url: metadata.authorization_endpoint, oauthError: error, oauthErrorDescription: description },
    );
  }
  const code = answer.get('code');
  if (code === null || code === '') {
    throw new OAuthClientError(
      'AUTHORIZATION_FAILED',
      `The authorization response carries no code: ${redirected.href}`,
    );
  }
  return requestToken(context, auth, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: pkce.verifier,
    resource: discovery.resource,
  });
}

/** RFC 9207: an `iss` must equal the metadata issuer by simple string comparison; it must be there when advertised. */
function checkIssuer(iss: string | null, discovery: Discovery): void {
  const expected = discovery.authorizationServer.issuer;
  if (iss === null) {
    if (discovery.authorizationServer.authorization_response_iss_parameter_supported === true) {
      throw new OAuthClientError(
        'AUTHORIZATION_FAILED',
        `The authorization response has no iss although ${expected} advertises authorization_response_iss_parameter_supported (RFC 9207)`,
        { expected },
      );
    }
    return;
  }
  if (iss !== expected) {
    throw new OAuthClientError(
      'AUTHORIZATION_FAILED',
      `The authorization response's iss ${iss} is not the authorization server's issuer ${expected} (RFC 9207): ` +
        'it may come from another server (mix-up attack)',
      { expected, actual: iss },
    );
  }
}

/** Exchanges an ID token for an ID-JAG at the IdP (RFC 8693 token exchange, enterprise-managed authorization). */
export async function exchangeForIdJag(
  http: AuthHttp,
  grant: Extract<GrantOptions, { type: 'enterprise' }>,
  discovery: Discovery,
  scope: string | undefined,
): Promise<string> {
  // `issuer` is only the audience of client assertions, and none is sent to the IdP.
  const idp: TokenEndpointContext = {
    http,
    tokenEndpoint: grant.idpTokenEndpoint,
    issuer: grant.idpTokenEndpoint,
  };
  const idpAuth: ClientAuthentication | undefined =
    grant.idpClientId === undefined
      ? undefined
      : grant.idpClientSecret === undefined
        ? { clientId: grant.idpClientId, method: 'none' }
        : { clientId: grant.idpClientId, method: 'client_secret_basic', clientSecret: grant.idpClientSecret };
  const answer = await requestToken(idp, idpAuth, {
    grant_type: TOKEN_EXCHANGE_GRANT,
    requested_token_type: ID_JAG_TOKEN_TYPE,
    audience: discovery.issuer,
    resource: discovery.resource,
    scope,
    subject_token: await provide(grant.idToken),
    subject_token_type: ID_TOKEN_TYPE,
  });
  if (answer.issued_token_type !== ID_JAG_TOKEN_TYPE) {
    throw new OAuthClientError(
      'TOKEN_ENDPOINT_ERROR',
      `The IdP token exchange at ${grant.idpTokenEndpoint} issued ${String(answer.issued_token_type)}, not an ID-JAG`,
      { url: grant.idpTokenEndpoint, expected: ID_JAG_TOKEN_TYPE, actual: String(answer.issued_token_type) },
    );
  }
  return answer.access_token;
}
