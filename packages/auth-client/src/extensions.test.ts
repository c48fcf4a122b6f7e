import { createHash } from 'node:crypto';
import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
} from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OAuthClientError } from './errors.js';
import { authFetchLayer } from './fetch-layer.js';
import { globalFetch } from './http.js';
import type { OAuthClientOptions } from './options.js';
import { OAuthClientProvider } from './provider.js';
import {
  followRedirect,
  type MockServer,
  playAuthorizationServer,
  playResourceServer,
  type Recorded,
  startMockServer,
} from './test-helpers/mock-oauth.js';

let as: MockServer;
let rs: MockServer;

beforeEach(async () => {
  as = await startMockServer();
  rs = await startMockServer();
});

afterEach(async () => {
  await Promise.all([as.close(), rs.close()]);
});

function call(options: Partial<OAuthClientOptions>) {
  const provider = new OAuthClientProvider({ serverUrl: `${rs.url}/mcp`, ...options });
  return authFetchLayer(provider)(globalFetch())(`${rs.url}/mcp`, { method: 'POST', body: '{}' });
}

const tokenRequests = () => as.requests.filter((request) => request.path === '/token');

describe('client credentials', () => {
  it('authenticates with a private_key_jwt assertion for the AS issuer and asks for the resource', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    playAuthorizationServer(as, { token_endpoint_auth_methods_supported: ['private_key_jwt'] });
    playResourceServer(rs, as);
    const response = await call({
      grant: {
        type: 'client_credentials',
        clientId: 'svc',
        privateKey: await exportPKCS8(privateKey),
        signingAlgorithm: 'ES256',
      },
    });
    expect(response.status).toBe(200);
    const [request] = tokenRequests();
    expect(request!.form.get('grant_type')).toBe('client_credentials');
    expect(request!.form.get('resource')).toBe(`${rs.url}/mcp`);
    expect(request!.form.get('client_assertion_type')).toBe(
      'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
    const { payload } = await jwtVerify(request!.form.get('client_assertion') ?? '', publicKey, {
      audience: as.url,
    });
    expect(payload).toMatchObject({ iss: 'svc', sub: 'svc' });
    expect(typeof payload.jti).toBe('string');
  });

  it('sends a client secret with HTTP Basic and never to an AS the credentials are not for', async () => {
    playAuthorizationServer(as, { token_endpoint_auth_methods_supported: ['client_secret_basic'] });
    playResourceServer(rs, as);
    await call({ grant: { type: 'client_credentials', clientId: 'svc', clientSecret: 's3cret' } });
    expect(tokenRequests()[0]!.headers.authorization).toBe(`Basic ${btoa('svc:s3cret')}`);

    const pinned = call({
      grant: {
        type: 'client_credentials',
        clientId: 'svc',
        clientSecret: 's3cret',
        issuer: 'https://other.example',
      },
    });
    await expect(pinned).rejects.toMatchObject({ code: 'ISSUER_MISMATCH' });
    expect(tokenRequests()).toHaveLength(1);
  });
});

describe('workload identity and enterprise-managed authorization', () => {
  it('uses the JWT-bearer grant with the workload token and surfaces a refusal without retrying', async () => {
    playAuthorizationServer(as);
    as.routes.set('POST /token', () => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'expired' },
    }));
    playResourceServer(rs, as);
    const error = await call({
      grant: { type: 'jwt_bearer', assertion: () => 'workload.jwt', clientId: 'wl' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthClientError);
    expect(error).toMatchObject({ code: 'TOKEN_ENDPOINT_ERROR', oauthError: 'invalid_grant' });
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests()[0]!.form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(tokenRequests()[0]!.form.get('assertion')).toBe('workload.jwt');
  });

  it('exchanges the ID token for an ID-JAG at the IdP, then presents it to the AS', async () => {
    const idp = await startMockServer();
    try {
      idp.routes.set('POST /token', () => ({
        status: 200,
        body: {
          access_token: 'the-id-jag',
          issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
          token_type: 'N_A',
        },
      }));
      playAuthorizationServer(as);
      playResourceServer(rs, as);
      const response = await call({
        grant: {
          type: 'enterprise',
          idpTokenEndpoint: `${idp.url}/token`,
          idToken: 'id.token',
          idpClientId: 'idp-client',
          clientId: 'app',
          clientSecret: 'app-secret',
        },
      });
      expect(response.status).toBe(200);
      const exchange = idp.requests[0]!.form;
      expect(Object.fromEntries(exchange)).toMatchObject({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        subject_token: 'id.token',
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
        audience: as.url,
        resource: `${rs.url}/mcp`,
        client_id: 'idp-client',
      });
      expect(tokenRequests()[0]!.form.get('assertion')).toBe('the-id-jag');
      expect(tokenRequests()[0]!.headers.authorization).toBe(`Basic ${btoa('app:app-secret')}`);
    } finally {
      await idp.close();
    }
  });
});

async function verifyProof(request: Recorded, method: string, url: string) {
  const proof = String(request.headers.dpop);
  const header = decodeProtectedHeader(proof);
  expect(header.typ).toBe('dpop+jwt');
  const { payload } = await jwtVerify(proof, await importJWK(header.jwk as JWK, header.alg));
  expect(payload).toMatchObject({ htm: method, htu: url });
  return { payload, jkt: await calculateJwkThumbprint(header.jwk as JWK) };
}

describe('DPoP (RFC 9449)', () => {
  it('binds the token with a proof, presents it with the DPoP scheme and a fresh proof per request, and follows both servers nonces', async () => {
    playAuthorizationServer(as, { dpop_signing_alg_values_supported: ['ES256'] });
    const asNonce = 'as-nonce';
    as.routes.set('POST /token', async (request) => {
      const { payload, jkt } = await verifyProof(request, 'POST', `${as.url}/token`);
      if (payload.nonce !== asNonce)
        return { status: 400, headers: { 'dpop-nonce': asNonce }, body: { error: 'use_dpop_nonce' } };
      return { status: 200, body: { access_token: `bound-to-${jkt}`, token_type: 'DPoP', expires_in: 600 } };
    });
    const rsNonce = 'rs-nonce';
    const jtis: unknown[] = [];
    playResourceServer(rs, as, (request) => {
      if (request.headers.authorization === undefined) return undefined;
      const claims = decodeJwt(String(request.headers.dpop));
      jtis.push(claims.jti);
      const token = request.headers.authorization.replace(/^DPoP /, '');
      expect(claims.ath).toBe(createHash('sha256').update(token).digest('base64url'));
      if (claims.nonce !== rsNonce) {
        return {
          status: 401,
          headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': rsNonce },
          body: {},
        };
      }
      return { status: 200, body: {} };
    });
    const provider = new OAuthClientProvider({
      serverUrl: `${rs.url}/mcp`,
      redirectUri: 'http://127.0.0.1:9/callback',
      authorize: followRedirect,
      dpop: true,
    });
    const fetch = authFetchLayer(provider)(globalFetch());
    const first = await fetch(`${rs.url}/mcp`, { method: 'POST', body: '{}' });
    const second = await fetch(`${rs.url}/mcp`, { method: 'POST', body: '{}' });

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(tokenRequests()).toHaveLength(2); // the nonce challenge, then the retry with it
    const mcp = rs.requests.filter((request) => request.headers.authorization !== undefined);
    expect(mcp.every((request) => request.headers.authorization?.startsWith('DPoP bound-to-'))).toBe(true);
    const { jkt } = await verifyProof(mcp.at(-1)!, 'POST', `${rs.url}/mcp`);
    expect(mcp.at(-1)!.headers.authorization).toBe(`DPoP bound-to-${jkt}`);
    expect(new Set(jtis).size).toBe(jtis.length);
  });
});
