// Issue 35 #2, #4, #5: what verifying tokens may cost the authorization server and this process.
// The authorization server is a real HTTP server on 127.0.0.1; clocks are injected.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthError } from './errors.js';
import { introspectionVerifier } from './introspection-verifier.js';
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
import type { AuthReply, TokenVerifier } from './types.js';

let as: FakeAuthServer;
let key: SigningKey;
let answer: Record<string, unknown>;

beforeEach(async () => {
  as = await fakeAuthServer();
  key = await signingKey('k1');
  as.routes.set('/jwks', () => ({ body: { keys: [key.jwk] } }));
  answer = {
    active: true,
    iss: ISSUER,
    aud: RESOURCE,
    sub: 'alice',
    exp: Math.floor(Date.now() / 1000) + 300,
  };
  as.routes.set('/introspect', () => ({ body: answer }));
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

function introspection(options: Partial<Parameters<typeof introspectionVerifier>[0]> = {}): TokenVerifier {
  return introspectionVerifier({
    endpoint: `${as.url}/introspect`,
    credentials: { clientId: 'rs', clientSecret: 's' },
    issuer: ISSUER,
    ...options,
  });
}

/** A server that sends headers and a little of the body, then nothing: the body never ends. */
async function trickling(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"keys": [');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('introspection: what bad tokens cost the authorization server', () => {
  it('asks once about a refused token, then reuses the answer for negativeCacheTtlMs', async () => {
    let now = 1_000_000;
    answer = { active: false };
    const verifier = introspection({ now: () => now, negativeCacheTtlMs: 10_000 });
    for (let i = 0; i < 50; i++) {
      expect((await refusal(verifier.verify('bad-token'))).message).toContain('not active');
    }
    expect(as.hits.get('/introspect')).toBe(1);
    now += 10_000;
    await refusal(verifier.verify('bad-token'));
    expect(as.hits.get('/introspect')).toBe(2);
  });

  it('merges concurrent checks of one token into one call', async () => {
    const verifier = introspection();
    const all = await Promise.all(Array.from({ length: 50 }, () => verifier.verify('same-token')));
    expect(all.every((verified) => verified.subject === 'alice')).toBe(true);
    expect(as.hits.get('/introspect')).toBe(1);
  });

  it('backs off while the endpoint fails: 503 with Retry-After, no call until the wait is over', async () => {
    let now = 1_000_000;
    as.routes.set('/introspect', () => ({ status: 500, body: { error: 'down' } }));
    const verifier = introspection({ now: () => now });
    const first = await refusal(verifier.verify('t0'));
    expect(first).toMatchObject({ code: 'server_error', retryAfterSec: 1 });
    for (let i = 1; i <= 100; i++) {
      const error = await refusal(verifier.verify(`t${i}`));
      expect(error).toMatchObject({ code: 'server_error', retryAfterSec: 1 });
    }
    expect(as.hits.get('/introspect')).toBe(1);
    expect((await refusal(verifier.verify('t101'))).message).toMatch(
      /^token introspection at .+ failed 1 time\(s\) in a row \(last: token introspection at .+ answered HTTP 500: .+\); it is not asked again for 1 s$/,
    );
    // The wait doubles while failures go on.
    now += 1_000;
    expect(await refusal(verifier.verify('t102'))).toMatchObject({ retryAfterSec: 2 });
    expect(as.hits.get('/introspect')).toBe(2);
    now += 2_000;
    as.routes.set('/introspect', () => ({ body: answer }));
    await expect(verifier.verify('t103')).resolves.toMatchObject({ subject: 'alice' });
  });

  it('answers the outage with 503 and Retry-After through the resource server (README promise)', async () => {
    as.routes.set('/introspect', () => ({ status: 503, body: { error: 'down' } }));
    const rs = createResourceServer({
      resource: RESOURCE,
      authorizationServers: [ISSUER],
      verifier: introspection(),
    });
    const reply = (await rs.authenticate(head('POST', RESOURCE, { authorization: 'Bearer t' }))) as AuthReply;
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('1');
  });
});

describe('fetched documents are bounded in size and time', () => {
  it('refuses an introspection answer larger than maxResponseBytes, naming the bound', async () => {
    answer = { ...answer, padding: 'x'.repeat(1_000_000) };
    const error = await refusal(introspection().verify('t'));
    expect(error.code).toBe('server_error');
    expect(error.message).toBe(
      `the answer of token introspection at ${as.url}/introspect is larger than 65536 bytes, the most read (maxResponseBytes)`,
    );
  });

  it('refuses a JWKS larger than jwksMaxBytes, naming the bound', async () => {
    as.routes.set('/jwks', () => ({ body: { keys: [key.jwk], padding: 'x'.repeat(1_000_000) } }));
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks` });
    const error = await refusal(verifier.verify(await accessToken(key)));
    expect(error.code).toBe('server_error');
    expect(error.message).toBe(
      `could not get signing keys from the JWKS at ${as.url}/jwks: the answer is larger than 262144 bytes, the most read (jwksMaxBytes)`,
    );
  });

  it('ends an answer whose body never finishes at the time-out, naming it', async () => {
    const slow = await trickling();
    try {
      const introspected = await refusal(
        introspectionVerifier({
          endpoint: slow.url,
          credentials: { clientId: 'rs', clientSecret: 's' },
          timeoutMs: 200,
        }).verify('t'),
      );
      expect(introspected.message).toBe(
        `token introspection at ${slow.url} failed: no complete answer within 200 ms (timeoutMs)`,
      );
      const keys = await refusal(
        jwtVerifier({ issuer: ISSUER, jwks: slow.url, jwksTimeoutMs: 200 }).verify(await accessToken(key)),
      );
      expect(keys.code).toBe('server_error');
      expect(keys.message).toBe(
        `could not get signing keys from the JWKS at ${slow.url}: no complete answer within 200 ms (jwksTimeoutMs)`,
      );
    } finally {
      await slow.close();
    }
  });
});

describe('JWKS outages', () => {
  it('fetches a failing JWKS once per back-off, not once per token (200 tokens, 1 fetch)', async () => {
    let now = Date.now();
    as.routes.set('/jwks', () => ({ status: 500, body: { error: 'down' } }));
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: `${as.url}/jwks`, now: () => now });
    const token = await accessToken(key);
    for (let i = 0; i < 200; i++) {
      expect(await refusal(verifier.verify(token))).toMatchObject({ code: 'server_error', retryAfterSec: 1 });
    }
    expect(as.hits.get('/jwks')).toBe(1);
    now += 1_000;
    as.routes.set('/jwks', () => ({ body: { keys: [key.jwk] } }));
    await expect(verifier.verify(token)).resolves.toMatchObject({ subject: 'alice' });
    expect(as.hits.get('/jwks')).toBe(2);
  });
});

describe('iat in the future (issue 35 #5)', () => {
  const YEAR_SEC = 365 * 24 * 3600;

  it('refuses a JWT issued a year from now, and accepts one within the clock skew', async () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: { keys: [key.jwk] } });
    const iat = Math.floor(Date.now() / 1000) + YEAR_SEC;
    const error = await refusal(verifier.verify(await accessToken(key, { iat, exp: iat + 300 })));
    expect(error.code).toBe('invalid_token');
    expect(error.message).toMatch(
      /^the token's iat \S+ is in the future \(now \S+, clock skew allowed 30 s\)$/,
    );
    const near = Math.floor(Date.now() / 1000) + 20;
    await expect(verifier.verify(await accessToken(key, { iat: near }))).resolves.toMatchObject({
      subject: 'alice',
    });
  });

  it('refuses an introspection answer whose iat is a year from now', async () => {
    answer = { ...answer, iat: Math.floor(Date.now() / 1000) + YEAR_SEC };
    expect((await refusal(introspection().verify('t'))).message).toContain('is in the future');
  });
});
