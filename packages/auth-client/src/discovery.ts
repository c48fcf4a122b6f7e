import { type AuthHttp, authHttp } from './bounded-fetch.js';
import { requireHttps } from './endpoints.js';
import { OAuthClientError } from './errors.js';
import type { AuthFetch } from './http.js';
import { getMetadata } from './json-fetch.js';
import type { AuthorizationServerMetadata, ProtectedResourceMetadata } from './metadata.js';

/** What discovery found for one MCP server. */
export interface Discovery {
  /** The RFC 8707 resource to ask tokens for: the PRM `resource`, or the server URL without PRM. */
  resource: string;
  /** Null when the server publishes no protected resource metadata (the 2025-03-26 protocol). */
  resourceMetadata: ProtectedResourceMetadata | null;
  /** The authorization server's issuer identifier. */
  issuer: string;
  authorizationServer: AuthorizationServerMetadata;
  /** True when no AS metadata exists and the 2025-03-26 default endpoints are used. */
  defaultEndpoints: boolean;
}

/** The server URL without fragment, as used in resource comparisons. */
export function canonicalResource(serverUrl: string | URL): string {
  const url = new URL(serverUrl);
  url.hash = '';
  return url.href;
}

/** RFC 9728 §3.3 / MCP: the PRM resource must be the server itself or a path prefix of it on the same origin. */
export function resourceCovers(resource: string, serverUrl: string): boolean {
  let prm: URL;
  try {
    prm = new URL(resource);
  } catch {
    return false;
  }
  const server = new URL(serverUrl);
  if (prm.origin !== server.origin) return false;
  const prefix = prm.pathname.endsWith('/') ? prm.pathname : `${prm.pathname}/`;
  const path = server.pathname.endsWith('/') ? server.pathname : `${server.pathname}/`;
  return path.startsWith(prefix);
}

/** RFC 9728 §3.1: the path-based well-known URI first, then the root one. */
function prmLocations(serverUrl: string): string[] {
  const url = new URL(serverUrl);
  const path = url.pathname.replace(/\/$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path === '' ? [root] : [`${root}${path}`, root];
}

/** RFC 8414 §3.1 and OpenID Discovery, path-inserted forms first, then OpenID's path-appended form. */
export function asMetadataLocations(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  if (path === '') {
    return [
      `${url.origin}/.well-known/oauth-authorization-server`,
      `${url.origin}/.well-known/openid-configuration`,
    ];
  }
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * The origin rule for a challenge's `resource_metadata`: it is fetched only from the MCP server's
 * own origin. RFC 9728 §3.3 has the metadata's `resource` be the very URL the client requested,
 * and the well-known locations of §3.1 are all on that origin: metadata about this server is the
 * server's to publish. A URL elsewhere would let any server (or anyone rewriting its plain-http
 * answers) make the client send a GET wherever it likes, e.g. to an internal address only the
 * client can reach; it is refused before any request, naming both origins.
 */
export function checkResourceMetadataOrigin(resourceMetadataUrl: string, serverUrl: string): void {
  let origin: string | undefined;
  try {
    origin = new URL(resourceMetadataUrl).origin;
  } catch (cause) {
    throw new OAuthClientError(
      'DISCOVERY_FAILED',
      `The challenge's resource_metadata ${JSON.stringify(resourceMetadataUrl)} is not a URL`,
      { actual: resourceMetadataUrl, cause },
    );
  }
  const expected = new URL(serverUrl).origin;
  if (origin === expected) return;
  throw new OAuthClientError(
    'DISCOVERY_FAILED',
    `The challenge's resource_metadata ${resourceMetadataUrl} is not on the MCP server's origin ${expected}: ` +
      'not fetched (protected resource metadata is only read from the server it describes)',
    { url: resourceMetadataUrl, expected, actual: origin },
  );
}

/** Fetches the PRM (from the challenge's `resource_metadata` if given) and checks its `resource`. */
export async function discoverResourceMetadata(
  http: AuthHttp,
  serverUrl: string,
  resourceMetadataUrl: string | undefined,
  headers: Record<string, string>,
): Promise<ProtectedResourceMetadata | null> {
  if (resourceMetadataUrl !== undefined) checkResourceMetadataOrigin(resourceMetadataUrl, serverUrl);
  // The challenge's URL first; if it leads nowhere, the well-known URIs still apply (RFC 9728 §3.1).
  const wellKnown = prmLocations(serverUrl);
  const locations =
    resourceMetadataUrl === undefined
      ? wellKnown
      : [resourceMetadataUrl, ...wellKnown.filter((url) => url !== resourceMetadataUrl)];
  for (const location of locations) {
    const document = await getMetadata(http, location, headers);
    if (document === undefined) continue;
    if (typeof document.resource !== 'string') {
      throw new OAuthClientError(
        'DISCOVERY_FAILED',
        `The protected resource metadata at ${location} has no resource`,
        {
          url: location,
        },
      );
    }
    if (!resourceCovers(document.resource, serverUrl)) {
      throw new OAuthClientError(
        'RESOURCE_MISMATCH',
        `The protected resource metadata at ${location} is for ${document.resource}, not for ${serverUrl}: ` +
          'refusing to ask for tokens for another resource',
        { url: location, expected: serverUrl, actual: document.resource },
      );
    }
    return document as ProtectedResourceMetadata;
  }
  return null;
}

/** Fetches the AS metadata of `issuer` and checks that it names that issuer (RFC 8414 §3.3). */
export async function discoverAuthorizationServer(
  http: AuthHttp,
  issuer: string,
): Promise<AuthorizationServerMetadata | undefined> {
  // RFC 8414 §2: an issuer is an https URL; metadata read in clear could name any endpoints.
  requireHttps(issuer, 'authorization server issuer');
  for (const location of asMetadataLocations(issuer)) {
    const document = await getMetadata(http, location);
    if (document === undefined) continue;
    // The PRM may list the issuer with or without a trailing slash on an empty path; the metadata's
    // issuer must otherwise be the very identifier the well-known URL was built from.
    if (document.issuer !== issuer && document.issuer !== issuer.replace(/\/$/, '')) {
      throw new OAuthClientError(
        'ISSUER_MISMATCH',
        `The authorization server metadata at ${location} names issuer ${String(document.issuer)}, ` +
          `not ${issuer}: refusing to use it`,
        { url: location, expected: issuer, actual: String(document.issuer) },
      );
    }
    return document as AuthorizationServerMetadata;
  }
  return undefined;
}

/**
 * The whole discovery of one MCP server: PRM, then its authorization server, with the 2025-03-26
 * fallbacks. `http` is a fetch (then with the default bounds) or an AuthHttp carrying its own.
 */
export async function discover(
  http: AuthFetch | AuthHttp,
  serverUrl: string,
  resourceMetadataUrl: string | undefined,
  headers: Record<string, string> = {},
  chooseServer: (servers: string[]) => string = (servers) => servers[0] as string,
): Promise<Discovery> {
  const bounded = typeof http === 'function' ? authHttp(http) : http;
  const prm = await discoverResourceMetadata(bounded, serverUrl, resourceMetadataUrl, headers);
  if (prm !== null) {
    const servers = prm.authorization_servers ?? [];
    if (servers.length === 0) {
      throw new OAuthClientError(
        'DISCOVERY_FAILED',
        `The protected resource metadata of ${serverUrl} lists no authorization server`,
      );
    }
    const issuer = chooseServer(servers);
    const metadata = await discoverAuthorizationServer(bounded, issuer);
    if (metadata === undefined) {
      throw new OAuthClientError(
        'DISCOVERY_FAILED',
        `Authorization server ${issuer} publishes no metadata at ${asMetadataLocations(issuer).join(', ')}`,
        { url: issuer },
      );
    }
    return {
      resource: prm.resource,
      resourceMetadata: prm,
      issuer: metadata.issuer,
      authorizationServer: metadata,
      defaultEndpoints: false,
    };
  }
  // 2025-03-26: no PRM; the authorization server is the MCP server's origin, and without its
  // metadata the default endpoints /authorize, /token and /register are used.
  const origin = new URL(serverUrl).origin;
  const metadata = await discoverAuthorizationServer(bounded, origin);
  if (metadata !== undefined) {
    return {
      resource: canonicalResource(serverUrl),
      resourceMetadata: null,
      issuer: metadata.issuer,
      authorizationServer: metadata,
      defaultEndpoints: false,
    };
  }
  return {
    resource: canonicalResource(serverUrl),
    resourceMetadata: null,
    issuer: origin,
    authorizationServer: {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
      code_challenge_methods_supported: ['S256'],
    },
    defaultEndpoints: true,
  };
}
