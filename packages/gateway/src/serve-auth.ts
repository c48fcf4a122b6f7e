import {
  createResourceServer,
  introspectionVerifier,
  jwtVerifier,
  type ResourceServer,
  type TokenVerifier,
} from '@mcpkit/auth-server';
import type { GatewayConfig } from './config.js';
import { GatewayError, GatewayErrorCode } from './errors.js';

/** The `serve.auth` section of the configuration file. */
export type ServeAuthConfig = NonNullable<NonNullable<GatewayConfig['serve']>['auth']>;

function verifierFor(auth: ServeAuthConfig, environment: NodeJS.ProcessEnv): TokenVerifier {
  if (auth.jwt !== undefined) return jwtVerifier({ issuer: auth.jwt.issuer, jwks: auth.jwt.jwksUri });
  const introspection = auth.introspection!;
  const secret = environment[introspection.clientSecretEnv];
  if (secret === undefined || secret === '') {
    throw new GatewayError(
      GatewayErrorCode.InvalidConfig,
      `serve.auth.introspection.clientSecretEnv names ${introspection.clientSecretEnv}, which is not set`,
    );
  }
  return introspectionVerifier({
    endpoint: introspection.endpoint,
    credentials: { clientId: introspection.clientId, clientSecret: secret },
  });
}

/**
 * An OAuth resource server (`@mcpkit/auth-server`) from the configuration: tokens checked on every
 * request, per-tool scopes on every call, the protected resource metadata served beside the endpoint.
 */
export function resourceServerFor(
  auth: ServeAuthConfig,
  environment: NodeJS.ProcessEnv = process.env,
): ResourceServer {
  return createResourceServer({
    resource: auth.resource,
    authorizationServers: auth.authorizationServers,
    verifier: verifierFor(auth, environment),
    ...(auth.requiredScopes === undefined ? {} : { requiredScopes: auth.requiredScopes }),
    ...(auth.toolScopes === undefined ? {} : { scopes: { tools: auth.toolScopes } }),
  });
}
