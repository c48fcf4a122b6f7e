import type { AuthInfo } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { rotatingNonces } from './dpop-state.js';
import { AuthError } from './errors.js';
import { protectedResourceMetadataUrl } from './metadata.js';
import { createResourceServer, type ResourceServerOptions } from './resource-server.js';
import { head, ISSUER, RESOURCE } from './test-helpers/authority.js';
import type { AuthReply, TokenVerifier, VerifiedToken } from './types.js';

const METADATA_URL = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

/** A verifier that knows tokens by name, so these tests are about the resource server alone. */
function tableVerifier(tokens: Record<string, Partial<VerifiedToken>>): TokenVerifier {
  return {
    async verify(token) {
      const known = Object.hasOwn(tokens, token) ? tokens[token] : undefined;
      if (known === undefined) throw new AuthError('invalid_token', `unknown token ${token}`);
      return { audience: [RESOURCE], scopes: [], claims: {}, ...known };
    },
  };
}

function server(options: Partial<ResourceServerOptions> = {}) {
  return createResourceServer({
    resource: RESOURCE,
    authorizationServers: [ISSUER],
    verifier: tableVerifier({
      reader: { scopes: ['mcp'], subject: 'alice', clientId: 'c1' },
      admin: { scopes: ['mcp', 'admin'], subject: 'root', clientId: 'c1' },
    }),
    ...options,
  });
}

const bearer = (token: string) => head('POST', RESOURCE, { authorization: `Bearer ${token}` });

describe('challenges', () => {
  it('401 without a token: a plain challenge naming the metadata and the scopes every request needs', async () => {
    const reply = (await server({ requiredScopes: ['mcp'] }).authenticate(
      head('POST', RESOURCE, {}),
    )) as AuthReply;
    expect(reply.status).toBe(401);
    expect(reply.headers['www-authenticate']).toBe(`Bearer scope="mcp", resource_metadata="${METADATA_URL}"`);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('offers both schemes with algs when DPoP is on', async () => {
    const reply = (await server({ dpop: { algorithms: ['ES256', 'EdDSA'] } }).authenticate(
      head('GET', RESOURCE, {}),
    )) as AuthReply;
    expect(reply.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${METADATA_URL}", DPoP resource_metadata="${METADATA_URL}", algs="ES256 EdDSA"`,
    );
  });

  it('401 for another scheme, 400 invalid_request for a malformed header, 401 invalid_token for a bad token', async () => {
    const basic = (await server().authenticate(
      head('POST', RESOURCE, { authorization: 'Basic dTpw' }),
    )) as AuthReply;
    expect(basic.status).toBe(401);
    expect(JSON.parse(basic.body).error_description).toBe(
      'the Authorization header uses the Basic scheme; this resource takes an access token',
    );
    const empty = (await server().authenticate(
      head('POST', RESOURCE, { authorization: 'Bearer ' }),
    )) as AuthReply;
    expect(empty.status).toBe(400);
    expect(empty.headers['www-authenticate']).toContain('error="invalid_request"');
    const two = (await server().authenticate(bearer('a, Bearer b'))) as AuthReply;
    expect(JSON.parse(two.body).error_description).toBe(
      'the Authorization header carries more than one Authorization header, or a token with a comma',
    );
    const unknown = (await server().authenticate(bearer('nope'))) as AuthReply;
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", error_description="unknown token nope", resource_metadata="${METADATA_URL}"`,
    );
  });

  it('403 insufficient_scope when a token lacks a scope every request needs', async () => {
    const reply = (await server({ requiredScopes: ['mcp', 'admin'] }).authenticate(
      bearer('reader'),
    )) as AuthReply;
    expect(reply.status).toBe(403);
    expect(reply.headers['www-authenticate']).toBe(
      `Bearer error="insufficient_scope", error_description="the token lacks the scope admin, needed for every request", scope="mcp admin", resource_metadata="${METADATA_URL}"`,
    );
  });

  it('keeps the header well-formed whatever a description quotes', async () => {
    const rs = server({
      verifier: {
        verify: () => Promise.reject(new AuthError('invalid_token', 'bad "quote" \\ and ünicode\n')),
      },
    });
    const reply = (await rs.authenticate(bearer('x'))) as AuthReply;
    expect(reply.headers['www-authenticate']).toContain(`error_description="bad 'quote' ' and ?nicode?"`);
  });

  it('returns AuthInfo with the subject and the scheme', async () => {
    expect(await server().authenticate(bearer('reader'))).toEqual({
      token: 'reader',
      clientId: 'c1',
      scopes: ['mcp'],
      subject: 'alice',
      extra: { issuer: undefined, audience: [RESOURCE], scheme: 'Bearer', claims: {} },
    });
  });
});

describe('per-call scopes', () => {
  const rs = server({
    requiredScopes: ['mcp'],
    scopes: {
      tools: { deploy: ['admin', 'deploy'] },
      resources: (uri) => (uri.startsWith('secret://') ? ['admin'] : undefined),
      prompts: { audit: ['admin'] },
    },
  });
  const as = async (token: string) => (await rs.authenticate(bearer(token))) as AuthInfo;

  it('403 naming every scope the call needs, in the scheme the client used', async () => {
    const reply = rs.checkScopes(await as('admin'), 'tools/call', { name: 'deploy' })!;
    expect(reply.status).toBe(403);
    expect(reply.headers['www-authenticate']).toBe(
      `Bearer error="insufficient_scope", error_description="the tool 'deploy' needs the scope deploy", scope="mcp admin deploy", resource_metadata="${METADATA_URL}"`,
    );
  });

  it('passes calls that need nothing more, or whose scopes the token has', async () => {
    const reader = await as('reader');
    expect(rs.checkScopes(reader, 'tools/call', { name: 'echo' })).toBeUndefined();
    expect(rs.checkScopes(reader, 'tools/list', undefined)).toBeUndefined();
    expect(rs.checkScopes(reader, 'resources/read', { uri: 'file:///a' })).toBeUndefined();
    expect(rs.checkScopes(await as('admin'), 'resources/read', { uri: 'secret://x' })).toBeUndefined();
    // Own keys only: "constructor" is not a tool with scopes.
    expect(rs.checkScopes(reader, 'tools/call', { name: 'constructor' })).toBeUndefined();
  });

  it('checks resources, prompts and completions of them', async () => {
    const reader = await as('reader');
    expect(rs.checkScopes(reader, 'resources/read', { uri: 'secret://x' })?.status).toBe(403);
    expect(rs.checkScopes(reader, 'resources/subscribe', { uri: 'secret://x' })?.status).toBe(403);
    expect(rs.checkScopes(reader, 'prompts/get', { name: 'audit' })?.status).toBe(403);
    const completion = rs.checkScopes(reader, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'audit' },
    });
    expect(completion?.status).toBe(403);
  });

  it('names every scope in the metadata', () => {
    expect(rs.metadata.scopes_supported).toEqual(['mcp', 'admin', 'deploy']);
    expect(rs.scopesPerCall).toBe(true);
    expect(server().scopesPerCall).toBe(false);
  });
});

describe('protected resource metadata', () => {
  it('lives at the path-based well-known URI of the resource (RFC 9728 §3.1)', () => {
    expect(protectedResourceMetadataUrl('https://h.example/mcp')).toBe(
      'https://h.example/.well-known/oauth-protected-resource/mcp',
    );
    expect(protectedResourceMetadataUrl('https://h.example/')).toBe(
      'https://h.example/.well-known/oauth-protected-resource',
    );
    expect(protectedResourceMetadataUrl('https://h.example:8443/a/b?t=1')).toBe(
      'https://h.example:8443/.well-known/oauth-protected-resource/a/b?t=1',
    );
  });

  it('is served for GET at that path only, with the DPoP fields when DPoP is on', () => {
    const rs = server({
      dpop: { required: true, algorithms: ['ES256'] },
      metadata: { resource_name: 'Demo' },
    });
    const reply = rs.metadataReply(head('GET', METADATA_URL, {}))!;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({
      resource: RESOURCE,
      authorization_servers: [ISSUER],
      scopes_supported: [],
      bearer_methods_supported: ['header'],
      dpop_signing_alg_values_supported: ['ES256'],
      dpop_bound_access_tokens_required: true,
      resource_name: 'Demo',
    });
    expect(rs.metadataReply(head('POST', METADATA_URL, {}))).toBeUndefined();
    expect(rs.metadataReply(head('GET', RESOURCE, {}))).toBeUndefined();
  });
});

describe('DPoP state', () => {
  it('rotating nonces keep the previous one valid for one period', () => {
    const nonces = rotatingNonces({ rotationMs: 1_000 });
    const first = nonces.current(0) as string;
    expect(nonces.isValid(first, 500)).toBe(true);
    const second = nonces.current(1_000) as string;
    expect(second).not.toBe(first);
    expect(nonces.isValid(first, 1_500)).toBe(true);
    nonces.current(2_000);
    expect(nonces.isValid(first, 2_000)).toBe(false);
    expect(nonces.isValid(second, 2_000)).toBe(true);
  });
});
