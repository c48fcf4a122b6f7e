import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthError } from './errors.js';
import { introspectionVerifier } from './introspection-verifier.js';
import { type FakeAuthServer, fakeAuthServer, ISSUER, RESOURCE } from './test-helpers/authority.js';

let as: FakeAuthServer;
let answer: Record<string, unknown>;

beforeEach(async () => {
  as = await fakeAuthServer();
  const now = Math.floor(Date.now() / 1000);
  answer = {
    active: true,
    iss: ISSUER,
    aud: RESOURCE,
    sub: 'alice',
    client_id: 'c1',
    scope: 'mcp',
    exp: now + 300,
  };
  as.routes.set('/introspect', () => ({ body: answer }));
});
afterEach(() => as.close());

function verifier(options: { cacheTtlMs?: number; now?: () => number } = {}) {
  return introspectionVerifier({
    endpoint: `${as.url}/introspect`,
    credentials: { clientId: 'rs client', clientSecret: 's3cret:x' },
    issuer: ISSUER,
    ...options,
  });
}

describe('introspectionVerifier (RFC 7662)', () => {
  it('posts the token with client_secret_basic and reads the answer', async () => {
    const verified = await verifier().verify('opaque-token');
    expect(verified).toMatchObject({
      subject: 'alice',
      clientId: 'c1',
      scopes: ['mcp'],
      audience: [RESOURCE],
    });
    const request = as.last.get('/introspect')!;
    expect(request.body).toBe('token=opaque-token&token_type_hint=access_token');
    // Both parts form-encoded before Base64 (RFC 6749 §2.3.1).
    expect(request.headers.authorization).toBe(`Basic ${btoa('rs%20client:s3cret%3Ax')}`);
  });

  it('refuses a token the AS says is not active', async () => {
    answer = { active: false };
    const error = await verifier()
      .verify('revoked')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'invalid_token',
      status: 401,
      message: `the authorization server says the token is not active (introspection at ${as.url}/introspect)`,
    });
  });

  it('refuses an answer from another issuer', async () => {
    answer.iss = 'https://other.example.com';
    await expect(verifier().verify('t')).rejects.toThrow(
      `the token was issued by "https://other.example.com"; expected the issuer "${ISSUER}"`,
    );
  });

  it('caches an active answer, but never past the token expiry', async () => {
    let now = Date.now();
    const v = verifier({ cacheTtlMs: 60_000, now: () => now });
    await v.verify('t1');
    await v.verify('t1');
    expect(as.hits.get('/introspect')).toBe(1);
    // exp is 300 s away: 61 s later the cache entry (60 s) is gone and the AS is asked again.
    now += 61_000;
    await v.verify('t1');
    expect(as.hits.get('/introspect')).toBe(2);
    // A token expiring in 10 s is cached for 10 s, not 60.
    answer.exp = Math.floor(now / 1000) + 10;
    await v.verify('t2');
    now += 11_000;
    answer = { active: false };
    await expect(v.verify('t2')).rejects.toThrow('not active');
    expect(as.hits.get('/introspect')).toBe(4);
  });

  it('refuses a token the AS will not introspect (400 unsupported_token_type) as invalid_token', async () => {
    as.routes.set('/introspect', () => ({ status: 400, body: { error: 'unsupported_token_type' } }));
    await expect(verifier().verify('a.jwt.token')).rejects.toMatchObject({
      code: 'invalid_token',
      status: 401,
      message: `the authorization server does not introspect this kind of token (introspection at ${as.url}/introspect answered unsupported_token_type)`,
    });
  });

  it('does not cache a refusal, and says when the AS itself fails (503)', async () => {
    as.routes.set('/introspect', () => ({ status: 500, body: { error: 'boom' } }));
    const error = await verifier()
      .verify('t')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'server_error', status: 503 });
    expect((error as Error).message).toContain('answered HTTP 500');
  });
});
