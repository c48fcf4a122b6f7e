import { base64url, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthError } from './errors.js';
import { jwtVerifier } from './jwt-verifier.js';
import { createResourceServer } from './resource-server.js';
import {
  accessToken,
  type FakeAuthServer,
  fakeAuthServer,
  head,
  ISSUER,
  RESOURCE,
  type SigningKey,
  signingKey,
} from './test-helpers/authority.js';
import type { AuthReply } from './types.js';

let as: FakeAuthServer;
let key: SigningKey;
let jwks: SigningKey['jwk'][];

beforeEach(async () => {
  as = await fakeAuthServer();
  key = await signingKey('k1');
  jwks = [key.jwk];
  as.routes.set('/jwks', () => ({ body: { keys: jwks } }));
});
afterEach(() => as.close());

async function refusal(verify: Promise<unknown>): Promise<AuthError> {
  const error = await verify.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe('jwtVerifier with a remote JWKS', () => {
  it('accepts a token signed with a key of the set and reads its claims', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const verified = await verifier.verify(await accessToken(key, { scope: 'mcp tools:write' }));
    expect(verified).toMatchObject({
      issuer: ISSUER,
      subject: 'alice',
      clientId: 'client-1',
      audience: [RESOURCE],
      scopes: ['mcp', 'tools:write'],
    });
    // Cached: a second token does not fetch the set again.
    await verifier.verify(await accessToken(key));
    expect(as.hits.get('/jwks')).toBe(1);
  });

  it('refuses an expired token, naming the expiry and the allowed skew', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks`, clockSkewSec: 5 });
    const exp = Math.floor(Date.now() / 1000) - 60;
    const error = await refusal(verifier.verify(await accessToken(key, { exp, iat: exp - 300 })));
    expect(error.code).toBe('invalid_token');
    expect(error.message).toContain(`the token expired at ${new Date(exp * 1000).toISOString()}`);
    expect(error.message).toContain('clock skew allowed 5 s');
  });

  it('accepts a token expired within the clock skew', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks`, clockSkewSec: 30 });
    const exp = Math.floor(Date.now() / 1000) - 5;
    await expect(verifier.verify(await accessToken(key, { exp }))).resolves.toMatchObject({ expiresAt: exp });
  });

  it('refuses a token without exp', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const error = await refusal(verifier.verify(await accessToken(key, { exp: undefined })));
    expect(error.message).toBe('the token has no exp claim, which is required');
  });

  it('refuses a token not valid yet, and one of the wrong typ when a typ is required', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks`, clockSkewSec: 0, typ: 'at+jwt' });
    const nbf = Math.floor(Date.now() / 1000) + 600;
    const early = await refusal(verifier.verify(await accessToken(key, { nbf })));
    expect(early.message).toMatch(`the token is not valid before ${new Date(nbf * 1000).toISOString()}`);
    const idToken = await refusal(verifier.verify(await accessToken(key, {}, { typ: 'JWT' })));
    expect(idToken.message).toMatch(/^the token's typ header is "JWT"; /);
  });

  it('refuses a token from another issuer', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const error = await refusal(verifier.verify(await accessToken(key, { iss: 'https://evil.example.com' })));
    expect(error.message).toBe(
      `the token was issued by "https://evil.example.com"; expected the issuer "${ISSUER}"`,
    );
  });

  it('refuses an unsigned token (alg none)', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode({ iss: ISSUER, aud: RESOURCE, exp: now + 60 })}.`;
    const error = await refusal(verifier.verify(unsigned));
    expect(error.code).toBe('invalid_token');
    expect(error.message).toMatch(
      /^the token is signed with alg "none", which this server does not accept; expected one of RS256/,
    );
    expect(as.hits.get('/jwks')).toBeUndefined();
  });

  it('refuses an HS256 token whose secret is the public key (algorithm confusion)', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const secret = new TextEncoder().encode(JSON.stringify(key.jwk));
    const forged = await new SignJWT({ iss: ISSUER, aud: RESOURCE, sub: 'mallory' })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setExpirationTime('5m')
      .sign(secret);
    const error = await refusal(verifier.verify(forged));
    expect(error.message).toMatch(/^the token is signed with alg "HS256", which this server does not accept/);
  });

  it('refuses a token signed by a key that is not in the set (bad signature)', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const impostor = await signingKey('k1');
    const error = await refusal(verifier.verify(await accessToken(impostor)));
    expect(error.message).toBe(
      `the token's signature does not verify with the key kid "k1" (alg ES256) from the JWKS at ${as.url}/jwks`,
    );
  });

  it('fetches the set again for an unknown kid (rotation), at most once per cooldown', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks`, jwksRefreshCooldownMs: 60_000 });
    await verifier.verify(await accessToken(key));
    const rotated = await signingKey('k2');
    // Within the cooldown an unknown kid does not refetch: made-up kids cannot flood the AS.
    jwks = [key.jwk, rotated.jwk];
    const error = await refusal(verifier.verify(await accessToken(await signingKey('k3'))));
    expect(error.message).toContain(
      `no key in the JWKS at ${as.url}/jwks matches the token's kid "k3" (alg ES256)`,
    );
    expect(as.hits.get('/jwks')).toBe(1);

    const eager = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks`, jwksRefreshCooldownMs: 0 });
    jwks = [key.jwk];
    await eager.verify(await accessToken(key));
    jwks = [key.jwk, rotated.jwk];
    await expect(eager.verify(await accessToken(rotated))).resolves.toMatchObject({ subject: 'alice' });
    expect(as.hits.get('/jwks')).toBe(3);
  });

  it('says the keys could not be fetched (503), not that the token is bad, when the JWKS is down', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/missing` });
    const error = await refusal(verifier.verify(await accessToken(key)));
    expect(error.code).toBe('server_error');
    expect(error.status).toBe(503);
    expect(error.message).toContain(`could not get signing keys from the JWKS at ${as.url}/missing`);
  });
});

describe('the resource server over jwtVerifier', () => {
  async function authenticate(token: string): Promise<AuthReply> {
    const rs = createResourceServer({
      resource: RESOURCE,
      authorizationServers: [ISSUER],
      verifier: jwtVerifier({ issuer: ISSUER, jwks: { keys: [key.jwk] } }),
    });
    return (await rs.authenticate(head('POST', RESOURCE, { authorization: `Bearer ${token}` }))) as AuthReply;
  }

  it('refuses a token for another audience with 401 invalid_token naming both', async () => {
    const reply = await authenticate(await accessToken(key, { aud: 'https://other.example.com/mcp' }));
    expect(reply.status).toBe(401);
    const description = `the token is for audience "https://other.example.com/mcp"; expected "${RESOURCE}" (RFC 8707 resource)`;
    expect(JSON.parse(reply.body)).toEqual({ error: 'invalid_token', error_description: description });
    expect(reply.headers['www-authenticate']).toBe(
      // The header's quoted-string cannot hold `"`: the description's quotes become `'` there.
      `Bearer error="invalid_token", error_description="${description.replaceAll('"', "'")}", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('refuses a token that names no audience', async () => {
    const reply = await authenticate(await accessToken(key, { aud: undefined }));
    expect(JSON.parse(reply.body).error_description).toBe(
      `the token names no audience (aud); expected "${RESOURCE}" (RFC 8707 resource)`,
    );
  });

  it('returns AuthInfo with the subject, client and scopes of a good token', async () => {
    const token = await accessToken(key, { scope: 'mcp extra' });
    const info = await authenticate(token);
    expect(info).toMatchObject({ token, clientId: 'client-1', subject: 'alice', scopes: ['mcp', 'extra'] });
  });
});
