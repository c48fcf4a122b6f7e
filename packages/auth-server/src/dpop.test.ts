import { beforeAll, describe, expect, it } from 'vitest';
import type { DpopOptions } from './dpop-proof.js';
import { jwtVerifier } from './jwt-verifier.js';
import { createResourceServer } from './resource-server.js';
import {
  accessToken,
  type DpopKey,
  dpopKey,
  dpopProof,
  head,
  ISSUER,
  RESOURCE,
  type SigningKey,
  signingKey,
} from './test-helpers/authority.js';
import type { AuthReply } from './types.js';

let asKey: SigningKey;
let client: DpopKey;
let bound: string;

beforeAll(async () => {
  asKey = await signingKey('k1');
  client = await dpopKey();
  bound = await accessToken(asKey, { cnf: { jkt: client.jkt } });
});

function server(dpop: DpopOptions | boolean = true) {
  return createResourceServer({
    resource: RESOURCE,
    authorizationServers: [ISSUER],
    verifier: jwtVerifier({ issuer: ISSUER, jwks: { keys: [asKey.jwk] } }),
    dpop,
  });
}

async function call(
  rs: ReturnType<typeof server>,
  options: { scheme?: string; token?: string; proof?: string | null; method?: string; url?: string } = {},
) {
  const method = options.method ?? 'POST';
  const url = options.url ?? RESOURCE;
  const token = options.token ?? bound;
  const proof = options.proof === undefined ? await dpopProof(client, { method, url, token }) : options.proof;
  const headers: Record<string, string> = { authorization: `${options.scheme ?? 'DPoP'} ${token}` };
  if (proof !== null) headers.dpop = proof;
  return rs.authenticate(head(method, url, headers));
}

function refused(result: unknown): AuthReply & { error: string; description: string } {
  const reply = result as AuthReply;
  expect(reply.status, JSON.stringify(result)).toBeGreaterThanOrEqual(400);
  const body = JSON.parse(reply.body) as { error: string; error_description: string };
  return { ...reply, error: body.error, description: body.error_description };
}

describe('DPoP-bound tokens (RFC 9449)', () => {
  it('accepts a bound token with a fresh proof for this request', async () => {
    const info = await call(server());
    expect(info).toMatchObject({ subject: 'alice', extra: { scheme: 'DPoP' } });
  });

  it('refuses a replayed proof', async () => {
    const rs = server();
    const proof = await dpopProof(client, { method: 'POST', url: RESOURCE, token: bound });
    expect(await call(rs, { proof })).toMatchObject({ subject: 'alice' });
    const reply = refused(await call(rs, { proof }));
    expect(reply.status).toBe(401);
    expect(reply.error).toBe('invalid_dpop_proof');
    expect(reply.description).toMatch(
      /^the DPoP proof with jti ".+" was already used; make a new proof for every request$/,
    );
    expect(reply.headers['www-authenticate']).toMatch(
      /DPoP error="invalid_dpop_proof", error_description="[^"]+", resource_metadata="[^"]+", algs="RS256 /,
    );
  });

  it('refuses a proof made for another method', async () => {
    const proof = await dpopProof(client, { method: 'GET', url: RESOURCE, token: bound });
    const reply = refused(await call(server(), { proof }));
    expect(reply.description).toBe('the DPoP proof is for method "GET"; this request is POST');
  });

  it('refuses a proof made for another URL, and ignores the query when comparing', async () => {
    const other = await dpopProof(client, {
      method: 'POST',
      url: 'https://mcp.example.com/admin',
      token: bound,
    });
    const reply = refused(await call(server(), { proof: other }));
    expect(reply.description).toBe(
      `the DPoP proof is for URL "https://mcp.example.com/admin"; this request is to ${RESOURCE}`,
    );
    const proof = await dpopProof(client, { method: 'POST', url: RESOURCE, token: bound });
    expect(await call(server(), { proof, url: `${RESOURCE}?x=1` })).toMatchObject({ subject: 'alice' });
  });

  it('refuses a DPoP-bound token sent as Bearer', async () => {
    const reply = refused(await call(server(), { scheme: 'Bearer', proof: null }));
    expect(reply.error).toBe('invalid_token');
    expect(reply.description).toBe(
      'the token is DPoP-bound (cnf.jkt): send it with the DPoP scheme and a DPoP proof, not as Bearer',
    );
    // Both schemes are offered; the error is in the Bearer challenge the client used.
    expect(reply.headers['www-authenticate']).toMatch(
      /^Bearer error="invalid_token", .*, DPoP resource_metadata=".*", algs="/,
    );
  });

  it('refuses a bound token without a proof, with a proof signed by another key, or one for another token', async () => {
    expect(refused(await call(server(), { proof: null })).description).toBe(
      'a DPoP-bound token needs a DPoP header with a proof for this request',
    );
    const stranger = await dpopKey();
    const foreign = await dpopProof(stranger, { method: 'POST', url: RESOURCE, token: bound });
    expect(refused(await call(server(), { proof: foreign })).description).toBe(
      `the DPoP proof is signed with key ${stranger.jkt}, but the token is bound to key ${client.jkt} (cnf.jkt)`,
    );
    const otherToken = await dpopProof(client, { method: 'POST', url: RESOURCE, token: 'another-token' });
    expect(refused(await call(server(), { proof: otherToken })).description).toBe(
      "the DPoP proof's ath does not match the access token sent with it",
    );
  });

  it('refuses an old proof, naming the window', async () => {
    const iat = Math.floor(Date.now() / 1000) - 600;
    const proof = await dpopProof(client, { method: 'POST', url: RESOURCE, token: bound }, { iat });
    expect(refused(await call(server({ proofMaxAgeSec: 60 }), { proof })).description).toContain(
      'it is accepted for 60 s',
    );
  });

  it('refuses an unbound token sent with the DPoP scheme, and Bearer altogether when DPoP is required', async () => {
    const plain = await accessToken(asKey);
    expect(refused(await call(server(), { token: plain })).description).toBe(
      'the token sent with the DPoP scheme is not DPoP-bound (it has no cnf.jkt)',
    );
    const strict = refused(
      await call(server({ required: true }), { token: plain, scheme: 'Bearer', proof: null }),
    );
    expect(strict.description).toBe(
      'this resource takes only DPoP-bound tokens, sent with the DPoP scheme and a proof',
    );
    expect(strict.headers['www-authenticate']).toMatch(/^DPoP error="invalid_token"/);
    expect(strict.headers['www-authenticate']).not.toContain('Bearer');
  });

  it('asks for a server nonce (use_dpop_nonce + DPoP-Nonce) and accepts the proof that carries it', async () => {
    const rs = server({ nonce: true });
    const first = refused(await call(rs));
    expect(first.status).toBe(401);
    expect(first.error).toBe('use_dpop_nonce');
    expect(first.headers['www-authenticate']).toContain('DPoP error="use_dpop_nonce"');
    const nonce = first.headers['dpop-nonce'];
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const proof = await dpopProof(client, { method: 'POST', url: RESOURCE, token: bound }, { nonce });
    expect(await call(rs, { proof })).toMatchObject({ subject: 'alice' });
    const stale = await dpopProof(
      client,
      { method: 'POST', url: RESOURCE, token: bound },
      { nonce: 'made-up' },
    );
    expect(refused(await call(rs, { proof: stale })).description).toContain(
      'a nonce this server no longer accepts',
    );
  });

  it('refuses the DPoP scheme when DPoP is off, with a plain Bearer challenge', async () => {
    const reply = refused(await call(server(false)));
    expect(reply.status).toBe(401);
    expect(reply.description).toBe('this resource does not take DPoP-bound tokens; send a Bearer token');
    expect(reply.headers['www-authenticate']).toBe(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
  });
});
