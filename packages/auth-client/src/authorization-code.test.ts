import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OAuthClientError } from './errors.js';
import { authFetchLayer } from './fetch-layer.js';
import { globalFetch } from './http.js';
import type { OAuthClientOptions } from './options.js';
import { OAuthClientProvider } from './provider.js';
import { InMemoryOAuthStore } from './store.js';
import {
  followRedirect,
  type MockServer,
  playAuthorizationServer,
  playResourceServer,
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

function client(options: Partial<OAuthClientOptions> = {}) {
  const provider = new OAuthClientProvider({
    serverUrl: `${rs.url}/mcp`,
    redirectUri: 'http://127.0.0.1:9/callback',
    authorize: followRedirect,
    clientMetadata: { client_name: 'test' },
    ...options,
  });
  const fetch = authFetchLayer(provider)(globalFetch());
  const call = () =>
    fetch(`${rs.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return { provider, call };
}

const paths = (server: MockServer) => server.requests.map((request) => `${request.method} ${request.path}`);

async function refusal(promise: Promise<unknown>): Promise<OAuthClientError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthClientError);
  return error as OAuthClientError;
}

describe('authorization code flow', () => {
  it('discovers, registers, authorizes with PKCE S256 and the resource, then retries with the token', async () => {
    const { issued } = playAuthorizationServer(as, { scopes_supported: ['mcp', 'offline_access'] });
    playResourceServer(rs, as, undefined, { scopes_supported: ['mcp'] });
    const { call, provider } = client();

    const response = await call();

    expect(response.status).toBe(200);
    expect(paths(as)).toEqual([
      'GET /.well-known/oauth-authorization-server',
      'POST /register',
      'GET /authorize',
      'POST /token',
    ]);
    const authorize = as.requests[2]!.query;
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('resource')).toBe(`${rs.url}/mcp`);
    expect(authorize.get('scope')).toBe('mcp offline_access');
    expect(as.requests[1]!.json).toMatchObject({
      grant_types: ['authorization_code', 'refresh_token'],
      application_type: 'native',
    });
    expect(as.requests[3]!.form.get('resource')).toBe(`${rs.url}/mcp`);
    expect(rs.requests.at(-1)!.headers.authorization).toBe(`Bearer ${issued[0]}`);
    expect((await provider.tokens())?.refreshToken).toBeDefined();
  });

  it('refreshes an expired token with the refresh_token grant instead of asking the user again', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const store = new InMemoryOAuthStore();
    const { call, provider } = client({ store });
    await call();
    const tokens = (await provider.tokens())!;
    // An expiry in the past: the next request must refresh first.
    store.setTokens(`${rs.url}/mcp`, { ...tokens, expiresAt: Date.now() - 1 });
    await call();
    const grants = as.requests.filter((r) => r.path === '/token').map((r) => r.form.get('grant_type'));
    expect(grants).toEqual(['authorization_code', 'refresh_token']);
    expect(as.requests.filter((r) => r.path === '/authorize')).toHaveLength(1);
  });

  it('refuses authorization server metadata that names another issuer', async () => {
    playAuthorizationServer(as, { issuer: 'https://attacker.example.com' });
    playResourceServer(rs, as);
    const error = await refusal(client().call());
    expect(error.code).toBe('ISSUER_MISMATCH');
    expect(error.actual).toBe('https://attacker.example.com');
    expect(paths(as)).toEqual(['GET /.well-known/oauth-authorization-server']);
  });

  it('refuses protected resource metadata for another resource before contacting any AS', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as, undefined, { resource: 'https://evil.example.com/mcp' });
    const error = await refusal(client().call());
    expect(error.code).toBe('RESOURCE_MISMATCH');
    expect(error.message).toContain('https://evil.example.com/mcp');
    expect(as.requests).toEqual([]);
  });

  it('refuses an authorization response whose iss is not the issuer (RFC 9207) and never redeems the code', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const wrongIss = async (request: { url: URL }) => {
      const url = await followRedirect(request);
      url.searchParams.set('iss', `${as.url}/`);
      return url;
    };
    const error = await refusal(client({ authorize: wrongIss }).call());
    expect(error.code).toBe('AUTHORIZATION_FAILED');
    expect(error.message).toContain('RFC 9207');
    expect(paths(as)).not.toContain('POST /token');
  });

  it('refuses to authorize when the AS does not advertise PKCE S256', async () => {
    playAuthorizationServer(as, { code_challenge_methods_supported: ['plain'] });
    playResourceServer(rs, as);
    const error = await refusal(client().call());
    expect(error.code).toBe('PKCE_UNSUPPORTED');
    expect(paths(as)).not.toContain('GET /authorize');
  });

  it('reports a refused registration with its RFC 7591 error', async () => {
    playAuthorizationServer(as);
    as.routes.set('POST /register', () => ({
      status: 400,
      body: { error: 'invalid_redirect_uri', error_description: 'loopback only' },
    }));
    playResourceServer(rs, as);
    const error = await refusal(client().call());
    expect(error.code).toBe('REGISTRATION_FAILED');
    expect(error.oauthError).toBe('invalid_redirect_uri');
    expect(error.message).toContain('loopback only');
  });

  it('reports a token endpoint error with its RFC 6749 error and description', async () => {
    playAuthorizationServer(as);
    as.routes.set('POST /token', () => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'code reused' },
    }));
    playResourceServer(rs, as);
    const error = await refusal(client().call());
    expect(error.code).toBe('TOKEN_ENDPOINT_ERROR');
    expect(error.oauthError).toBe('invalid_grant');
    expect(error.oauthErrorDescription).toBe('code reused');
  });

  it('steps up on 403 insufficient_scope with the union of scopes, and stops at the retry limit', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as, (request) =>
      request.headers.authorization === undefined
        ? undefined
        : {
            status: 403,
            headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="admin"' },
            body: {},
          },
    );
    rs.routes.set('GET /.well-known/oauth-protected-resource/mcp', () => ({
      status: 200,
      body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url], scopes_supported: ['read'] },
    }));
    const error = await refusal(client({ maxStepUps: 2 }).call());
    expect(error.code).toBe('RETRY_LIMIT');
    const scopes = as.requests.filter((r) => r.path === '/authorize').map((r) => r.query.get('scope'));
    expect(scopes).toEqual(['read', 'read admin', 'read admin']);
  });

  it('keeps credentials per issuer: after the PRM moves to another AS it registers there and never shows the old client id', async () => {
    const as2 = await startMockServer();
    try {
      const first = playAuthorizationServer(as);
      const second = playAuthorizationServer(as2);
      let current = as;
      playResourceServer(rs, as, (request) => {
        // Only tokens of the current AS are accepted: the first AS's stop working once the resource moved.
        const valid = (current === as ? first : second).issued.map((token) => `Bearer ${token}`);
        return valid.includes(request.headers.authorization ?? '') ? { status: 200, body: {} } : undefined;
      });
      rs.routes.set('GET /.well-known/oauth-protected-resource/mcp', () => ({
        status: 200,
        body: { resource: `${rs.url}/mcp`, authorization_servers: [current.url] },
      }));
      const { call, provider } = client();
      await call();
      current = as2;
      const response = await call();
      expect(response.status).toBe(200);
      expect(paths(as2)).toContain('POST /register');
      const seen = as2.requests.flatMap((r) => [r.query.get('client_id'), r.form.get('client_id')]);
      expect(seen).not.toContain(`client-of-${as.url}`);
      expect((await provider.tokens())?.issuer).toBe(as2.url);
    } finally {
      await as2.close();
    }
  });

  it('presents the token only to the MCP server origin', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const { call, provider } = client();
    await call();
    expect(await provider.headersFor({ method: 'POST', url: `${rs.url}/mcp` })).toHaveProperty(
      'authorization',
    );
    expect(await provider.headersFor({ method: 'GET', url: `${as.url}/sse` })).toEqual({});
  });

  it('authorizes once for requests challenged at the same time', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const { call } = client();
    const answers = await Promise.all([call(), call(), call()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(paths(as).filter((path) => path === 'GET /authorize')).toHaveLength(1);
  });

  it('refuses an authorization response without iss from an AS that advertises it', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const noIss = async (request: { url: URL }) => {
      const url = await followRedirect(request);
      url.searchParams.delete('iss');
      return url;
    };
    const error = await refusal(client({ authorize: noIss }).call());
    expect(error.code).toBe('AUTHORIZATION_FAILED');
    expect(paths(as)).not.toContain('POST /token');
  });

  it('says what is missing when the server needs a user but no authorize step is configured', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const error = await refusal(client({ authorize: undefined }).call());
    expect(error.code).toBe('CONFIGURATION');
    expect(error.message).toContain('authorize step');
  });

  it('sends client_secret_post credentials in the body when that is what the AS supports', async () => {
    playAuthorizationServer(as, { token_endpoint_auth_methods_supported: ['client_secret_post'] });
    as.routes.set('POST /register', () => ({
      status: 201,
      body: { client_id: 'reg', client_secret: 'sec' },
    }));
    playResourceServer(rs, as);
    await client().call();
    const token = as.requests.find((r) => r.path === '/token')!;
    expect(token.form.get('client_id')).toBe('reg');
    expect(token.form.get('client_secret')).toBe('sec');
    expect(token.headers.authorization).toBeUndefined();
  });
});
