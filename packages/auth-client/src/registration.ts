import { type AuthHttp, type BoundedAnswer, exchange } from './bounded-fetch.js';
import { requireHttps } from './endpoints.js';
import { OAuthClientError } from './errors.js';
import { describeFailure, parseJsonObject } from './json-fetch.js';
import type { AuthorizationServerMetadata, ClientCredentials } from './metadata.js';
import type { OAuthStore } from './store.js';

/** RFC 7591 client metadata sent in dynamic client registration. */
export interface ClientMetadata {
  client_name?: string;
  redirect_uris?: string[];
  grant_types?: string[];
  response_types?: string[];
  token_endpoint_auth_method?: string;
  /** SEP-837: `native` for CLIs and desktop apps, `web` for hosted clients. */
  application_type?: 'native' | 'web';
  scope?: string;
  [member: string]: unknown;
}

/** How this client obtains a client id at an authorization server it has not met yet. */
export interface RegistrationOptions {
  /** Client ID Metadata Document URL (an https URL serving the client's metadata), used where the AS supports it. */
  clientMetadataUrl?: string;
  /** Metadata for dynamic client registration (RFC 7591), used where the AS has a registration endpoint. */
  clientMetadata?: ClientMetadata;
  /**
   * Pre-registered credentials, per issuer: a record keyed by issuer identifier, or a function of
   * the issuer. They are only ever sent to the issuer they are returned for.
   */
  preRegistered?: Record<string, ClientCredentials> | ((issuer: string) => ClientCredentials | undefined);
}

function preRegisteredFor(options: RegistrationOptions, issuer: string): ClientCredentials | undefined {
  const { preRegistered } = options;
  if (preRegistered === undefined) return undefined;
  return typeof preRegistered === 'function' ? preRegistered(issuer) : preRegistered[issuer];
}

/**
 * The client's credentials at `issuer`: stored ones, else pre-registered ones, else a Client ID
 * Metadata Document URL (when the AS advertises support), else a new dynamic registration. They
 * are stored under the issuer, so another authorization server never sees them.
 */
export async function clientFor(
  http: AuthHttp,
  store: OAuthStore,
  options: RegistrationOptions,
  issuer: string,
  metadata: AuthorizationServerMetadata,
): Promise<ClientCredentials> {
  const stored = await store.getClient(issuer);
  if (stored !== undefined) return stored;
  const preRegistered = preRegisteredFor(options, issuer);
  if (preRegistered !== undefined) return preRegistered;
  if (options.clientMetadataUrl !== undefined && metadata.client_id_metadata_document_supported === true) {
    return { clientId: options.clientMetadataUrl, tokenEndpointAuthMethod: 'none' };
  }
  const endpoint = metadata.registration_endpoint;
  if (endpoint === undefined) {
    throw new OAuthClientError(
      'REGISTRATION_FAILED',
      `Authorization server ${issuer} supports neither dynamic client registration nor client ID metadata documents` +
        (options.clientMetadataUrl === undefined ? ' (no clientMetadataUrl given)' : '') +
        ', and no pre-registered credentials are configured for it',
      { url: issuer },
    );
  }
  const client = await register(http, endpoint, options.clientMetadata ?? {});
  await store.setClient(issuer, client);
  return client;
}

async function register(
  http: AuthHttp,
  endpoint: string,
  metadata: ClientMetadata,
): Promise<ClientCredentials> {
  // Its answer may carry a client secret.
  requireHttps(endpoint, 'registration endpoint');
  const body: ClientMetadata = {
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
    ...metadata,
  };
  let response: BoundedAnswer;
  // Not retried on a connection reset (unlike the metadata GETs): the server may have registered a
  // client already, and a registration is not idempotent. Nor redirected: it is not re-sent elsewhere.
  try {
    response = await exchange(
      http,
      {
        method: 'POST',
        url: endpoint,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      { code: 'REGISTRATION_FAILED', redirects: 'refuse', wantsBody: () => true },
    );
  } catch (cause) {
    if (cause instanceof OAuthClientError) throw cause;
    throw new OAuthClientError('REGISTRATION_FAILED', `POST ${endpoint} failed: ${describeFailure(cause)}`, {
      url: endpoint,
      cause,
    });
  }
  if (!response.ok) {
    const { text } = response;
    let error: string | undefined;
    let description: string | undefined;
    try {
      const parsed = JSON.parse(text) as { error?: unknown; error_description?: unknown };
      if (typeof parsed.error === 'string') error = parsed.error;
      if (typeof parsed.error_description === 'string') description = parsed.error_description;
    } catch {
      // not an RFC 7591 error body: the status and the body's start say what happened
    }
    throw new OAuthClientError(
      'REGISTRATION_FAILED',
      `Dynamic client registration at ${endpoint} was refused: HTTP ${response.status}` +
        (error !== undefined
          ? ` ${error}${description !== undefined ? ` (${description})` : ''}`
          : ` ${text.slice(0, 200)}`),
      { url: endpoint, status: response.status, oauthError: error, oauthErrorDescription: description },
    );
  }
  const document = parseJsonObject(response, 'REGISTRATION_FAILED');
  if (typeof document.client_id !== 'string' || document.client_id === '') {
    throw new OAuthClientError(
      'REGISTRATION_FAILED',
      `Dynamic client registration at ${endpoint} answered no client_id`,
      {
        url: endpoint,
      },
    );
  }
  const client: ClientCredentials = { clientId: document.client_id };
  if (typeof document.client_secret === 'string') client.clientSecret = document.client_secret;
  if (typeof document.token_endpoint_auth_method === 'string') {
    client.tokenEndpointAuthMethod = document.token_endpoint_auth_method;
  }
  return client;
}
