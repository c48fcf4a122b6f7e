import { type CryptoKey, importPKCS8, SignJWT } from 'jose';
import { type AuthHttp, type BoundedAnswer, exchange } from './bounded-fetch.js';
import type { DpopProver } from './dpop.js';
import { requireHttps } from './endpoints.js';
import { OAuthClientError } from './errors.js';
import { describeFailure, parseJsonObject } from './json-fetch.js';
import type { TokenResponse } from './metadata.js';
import { randomToken } from './pkce.js';

/** How the client authenticates at the token endpoint (RFC 6749 §2.3, RFC 7523 §2.2). */
export interface ClientAuthentication {
  clientId: string;
  /** `client_secret_basic`, `client_secret_post`, `none` or `private_key_jwt`. */
  method: string;
  clientSecret?: string;
  /** For `private_key_jwt`: a PKCS#8 PEM or a WebCrypto private key. */
  privateKey?: string | CryptoKey;
  /** For `private_key_jwt`: the JWS algorithm; default ES256. */
  signingAlgorithm?: string;
}

/** Where and how token requests go. */
export interface TokenEndpointContext {
  http: AuthHttp;
  tokenEndpoint: string;
  /** The AS issuer: the audience of client assertions (RFC 7523bis). */
  issuer: string;
  dpop?: DpopProver | undefined;
}

/** The longest a client assertion lives: it is made for one request. */
const ASSERTION_LIFETIME_SECONDS = 60;

/** application/x-www-form-urlencoded as RFC 6749 Appendix B wants it for Basic credentials. */
function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A signed JWT asserting the client's identity to the token endpoint (RFC 7523 §3). */
export async function clientAssertion(auth: ClientAuthentication, audience: string): Promise<string> {
  const alg = auth.signingAlgorithm ?? 'ES256';
  if (auth.privateKey === undefined) {
    throw new OAuthClientError(
      'CONFIGURATION',
      `private_key_jwt for client ${auth.clientId} needs a privateKey`,
    );
  }
  const key = typeof auth.privateKey === 'string' ? await importPKCS8(auth.privateKey, alg) : auth.privateKey;
  return new SignJWT({})
    .setProtectedHeader({ alg })
    .setIssuer(auth.clientId)
    .setSubject(auth.clientId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ASSERTION_LIFETIME_SECONDS}s`)
    .setJti(randomToken(16))
    .sign(key);
}

async function authenticate(
  auth: ClientAuthentication | undefined,
  body: URLSearchParams,
  headers: Record<string, string>,
  issuer: string,
): Promise<void> {
  if (auth === undefined) return;
  switch (auth.method) {
    case 'client_secret_basic':
      headers.authorization = `Basic ${base64Utf8(`${formEncode(auth.clientId)}:${formEncode(auth.clientSecret ?? '')}`)}`;
      return;
    case 'client_secret_post':
      body.set('client_id', auth.clientId);
      body.set('client_secret', auth.clientSecret ?? '');
      return;
    case 'private_key_jwt':
      body.set('client_id', auth.clientId);
      body.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      body.set('client_assertion', await clientAssertion(auth, issuer));
      return;
    default:
      body.set('client_id', auth.clientId);
  }
}

async function post(
  context: TokenEndpointContext,
  auth: ClientAuthentication | undefined,
  params: Record<string, string | undefined>,
): Promise<BoundedAnswer> {
  // Before any secret, code, verifier or refresh token is put into a request.
  requireHttps(context.tokenEndpoint, 'token endpoint');
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) body.set(name, value);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  await authenticate(auth, body, headers, context.issuer);
  if (context.dpop !== undefined) headers.dpop = await context.dpop.proof('POST', context.tokenEndpoint);
  // Not retried on a connection reset (unlike the metadata GETs): the server may have seen the
  // request, and an authorization code or a rotated refresh token is good for one use only.
  // A redirect is refused, never followed: a 307/308 would re-send the body to wherever it points.
  try {
    return await exchange(
      context.http,
      { method: 'POST', url: context.tokenEndpoint, headers, body: body.toString() },
      { code: 'TOKEN_ENDPOINT_ERROR', redirects: 'refuse', wantsBody: () => true },
    );
  } catch (cause) {
    if (cause instanceof OAuthClientError) throw cause;
    throw new OAuthClientError(
      'TOKEN_ENDPOINT_ERROR',
      `POST ${context.tokenEndpoint} failed: ${describeFailure(cause)}`,
      {
        url: context.tokenEndpoint,
        cause,
      },
    );
  }
}

/** The JSON body of a token answer; an error answer without one is reported by its status alone. */
function readAnswer(answer: BoundedAnswer): Record<string, unknown> {
  if (answer.ok) return parseJsonObject(answer, 'TOKEN_ENDPOINT_ERROR');
  try {
    return parseJsonObject(answer, 'TOKEN_ENDPOINT_ERROR');
  } catch {
    return {};
  }
}

/**
 * One token request (any grant). A `use_dpop_nonce` answer is retried once with the server's
 * nonce (RFC 9449 §8); any other OAuth error becomes a TOKEN_ENDPOINT_ERROR naming it.
 */
export async function requestToken(
  context: TokenEndpointContext,
  auth: ClientAuthentication | undefined,
  params: Record<string, string | undefined>,
): Promise<TokenResponse> {
  let response = await post(context, auth, params);
  context.dpop?.rememberNonce(context.tokenEndpoint, response.headers.get('dpop-nonce') ?? undefined);
  let document = readAnswer(response);
  if (!response.ok && document.error === 'use_dpop_nonce' && context.dpop !== undefined) {
    response = await post(context, auth, params);
    context.dpop.rememberNonce(context.tokenEndpoint, response.headers.get('dpop-nonce') ?? undefined);
    document = readAnswer(response);
  }
  const grant = params.grant_type ?? 'unknown';
  if (!response.ok) {
    const error = typeof document.error === 'string' ? document.error : undefined;
    const description =
      typeof document.error_description === 'string' ? document.error_description : undefined;
    throw new OAuthClientError(
      'TOKEN_ENDPOINT_ERROR',
      `The token endpoint ${context.tokenEndpoint} refused the ${grant} grant: HTTP ${response.status}` +
        (error !== undefined ? ` ${error}` : '') +
        (description !== undefined ? ` (${description})` : ''),
      {
        url: context.tokenEndpoint,
        status: response.status,
        oauthError: error,
        oauthErrorDescription: description,
      },
    );
  }
  if (typeof document.access_token !== 'string' || typeof document.token_type !== 'string') {
    throw new OAuthClientError(
      'TOKEN_ENDPOINT_ERROR',
      `The token endpoint ${context.tokenEndpoint} answered the ${grant} grant without access_token and token_type`,
      { url: context.tokenEndpoint, status: response.status },
    );
  }
  return document as TokenResponse;
}
