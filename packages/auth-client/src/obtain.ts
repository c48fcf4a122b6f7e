import type { CryptoKey } from 'jose';
import type { AuthHttp } from './bounded-fetch.js';
import type { Discovery } from './discovery.js';
import type { DpopProver } from './dpop.js';
import { OAuthClientError } from './errors.js';
import {
  authorizationCodeGrant,
  clientAuthentication,
  exchangeForIdJag,
  type GrantOptions,
  JWT_BEARER_GRANT,
  provide,
  tokenContext,
} from './grants.js';
import type { ClientCredentials, TokenResponse } from './metadata.js';
import type { OAuthClientOptions } from './options.js';
import { clientFor } from './registration.js';
import type { OAuthStore } from './store.js';
import { requestToken } from './token-endpoint.js';

type ConfiguredClient = ClientCredentials & { privateKey?: string | CryptoKey; signingAlgorithm?: string };

/** The client a non-interactive grant authenticates as, if it names one. */
export function grantClient(
  grant: Exclude<GrantOptions, { type: 'authorization_code' }>,
): ConfiguredClient | undefined {
  if (grant.clientId === undefined) return undefined;
  const client: ConfiguredClient = { clientId: grant.clientId };
  if (grant.clientSecret !== undefined) client.clientSecret = grant.clientSecret;
  if (grant.type === 'client_credentials') {
    if (grant.privateKey !== undefined) client.privateKey = grant.privateKey;
    if (grant.signingAlgorithm !== undefined) client.signingAlgorithm = grant.signingAlgorithm;
  }
  return client;
}

/** Configured credentials are only for the authorization server they name, if they name one. */
function checkPinnedIssuer(grant: { issuer?: string }, discovery: Discovery): void {
  if (grant.issuer !== undefined && grant.issuer !== discovery.issuer) {
    throw new OAuthClientError(
      'ISSUER_MISMATCH',
      `The server's authorization server is ${discovery.issuer}, but the configured credentials are for ${grant.issuer}: ` +
        'they are not sent to another authorization server',
      { expected: grant.issuer, actual: discovery.issuer },
    );
  }
}

/** Runs the configured grant against the discovered authorization server. */
export async function obtainTokens(
  http: AuthHttp,
  store: OAuthStore,
  options: OAuthClientOptions,
  discovery: Discovery,
  dpop: DpopProver | undefined,
  scope: string | undefined,
): Promise<TokenResponse> {
  const grant = options.grant ?? { type: 'authorization_code' };
  const context = tokenContext(http, discovery, dpop);
  const metadata = discovery.authorizationServer;
  if (grant.type === 'authorization_code') {
    const { authorize, redirectUri } = options;
    if (authorize === undefined || redirectUri === undefined) {
      throw new OAuthClientError(
        'CONFIGURATION',
        `${options.serverUrl} needs user authorization at ${discovery.issuer}: give the provider an authorize step and a redirectUri`,
      );
    }
    const registration = {
      ...options,
      clientMetadata: { redirect_uris: [redirectUri], ...options.clientMetadata },
    };
    const client = await clientFor(http, store, registration, discovery.issuer, metadata);
    return authorizationCodeGrant(
      context,
      discovery,
      clientAuthentication(client, metadata),
      scope,
      redirectUri,
      authorize,
    );
  }
  checkPinnedIssuer(grant, discovery);
  const client = grantClient(grant);
  const auth = client === undefined ? undefined : clientAuthentication(client, metadata);
  switch (grant.type) {
    case 'client_credentials':
      return requestToken(context, auth, {
        grant_type: 'client_credentials',
        resource: discovery.resource,
        scope,
      });
    case 'jwt_bearer':
      return requestToken(context, auth, {
        grant_type: JWT_BEARER_GRANT,
        assertion: await provide(grant.assertion),
        resource: discovery.resource,
        scope,
      });
    case 'enterprise': {
      const idJag = await exchangeForIdJag(http, grant, discovery, scope);
      return requestToken(context, auth, {
        grant_type: JWT_BEARER_GRANT,
        assertion: idJag,
        resource: discovery.resource,
        scope,
      });
    }
  }
}
