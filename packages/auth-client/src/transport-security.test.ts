// Where credentials and requests may go (issue 35, items 6 and 8), on real sockets: plain-http
// authorization server URLs off loopback, redirects of token and registration POSTs, and a
// challenge's resource_metadata on another origin. A host name that is not loopback reaches the
// 127.0.0.1 test servers through a fetch that rewrites it: the check must refuse before that fetch
// is ever called, and the servers' request logs show what crossed the wire.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, requireHttps } from './endpoints.js';
import { OAuthClientError } from './errors.js';
import { authFetchLayer } from './fetch-layer.js';
import { type AuthFetch, globalFetch } from './http.js';
import type { OAuthClientOptions } from './options.js';
import { OAuthClientProvider } from './provider.js';
import {
  followRedirect,
  type MockServer,
  playAuthorizationServer,
  playResourceServer,
  startMockServer,
} from './test-helpers/mock-oauth.js';

let as: MockServer;
let rs: MockServer;
/** Stands for another host: an internal service, or whoever a redirect points at. */
let elsewhere: MockServer;

beforeEach(async () => {
  [as, rs, elsewhere] = await Promise.all([startMockServer(), startMockServer(), startMockServer()]);
});

afterEach(async () => {
  await Promise.all([as.close(), rs.close(), elsewhere.close()]);
});

/** The AS's port under a host name that is not loopback: `http://as.example.test:<port>`. */
const remote = (server: MockServer) => server.url.replace('127.0.0.1', 'as.example.test');

/** The global fetch, with `as.example.test` resolved to 127.0.0.1 (as DNS would, to a real host). */
const resolvingFetch: AuthFetch = (url, init) =>
  globalFetch()(String(url).replace('//as.example.test:', '//127.0.0.1:'), init);

function call(options: Partial<OAuthClientOptions>) {
  const provider = new OAuthClientProvider({ serverUrl: `${rs.url}/mcp`, fetch: resolvingFetch, ...options });
  return authFetchLayer(provider)(globalFetch())(`${rs.url}/mcp`, { method: 'POST', body: '{}' });
}

const secretGrant: OAuthClientOptions['grant'] = {
  type: 'client_credentials',
  clientId: 'svc',
  clientSecret: 'top-secret',
};

async function refusal(promise: Promise<unknown>): Promise<OAuthClientError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthClientError);
  return error as OAuthClientError;
}

const paths = (server: MockServer) => server.requests.map((request) => `${request.method} ${request.path}`);

describe('authorization server URLs must be https (plain http on loopback only)', () => {
  it('tells loopback hosts from others', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['localhost.example.com', '10.0.0.1', '128.0.0.1', 'example.com', '[::2]']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
    expect(() => requireHttps('http://localhost:8080/token', 'token endpoint')).not.toThrow();
    expect(() => requireHttps('http://[::1]:8080/token', 'token endpoint')).not.toThrow();
    expect(() => requireHttps('https://as.example.com/token', 'token endpoint')).not.toThrow();
    expect(() => requireHttps('http://10.0.0.1/token', 'token endpoint')).toThrow(
      'The token endpoint http://10.0.0.1/token is not https: refusing to use it',
    );
  });

  it('refuses an http issuer named by the PRM before fetching its metadata', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as, undefined, { authorization_servers: [remote(as)] });
    const error = await refusal(call({ grant: secretGrant }));
    expect(error).toMatchObject({ code: 'INSECURE_ENDPOINT', url: remote(as), actual: 'http:' });
    expect(error.message).toContain(`The authorization server issuer ${remote(as)} is not https`);
    expect(as.requests).toEqual([]);
  });

  it('refuses an http token endpoint: the client secret is never sent in clear', async () => {
    playAuthorizationServer(as, { token_endpoint: `${remote(as)}/token` });
    playResourceServer(rs, as);
    const error = await refusal(call({ grant: secretGrant }));
    expect(error).toMatchObject({ code: 'INSECURE_ENDPOINT', url: `${remote(as)}/token` });
    expect(paths(as)).toEqual(['GET /.well-known/oauth-authorization-server']);
  });

  it('refuses an http authorization endpoint before the user is sent there', async () => {
    playAuthorizationServer(as, { authorization_endpoint: `${remote(as)}/authorize` });
    playResourceServer(rs, as);
    const sentTo: URL[] = [];
    const error = await refusal(
      call({
        redirectUri: 'http://127.0.0.1:9/callback',
        authorize: async (request) => {
          sentTo.push(request.url);
          return followRedirect(request);
        },
      }),
    );
    expect(error).toMatchObject({ code: 'INSECURE_ENDPOINT', url: `${remote(as)}/authorize` });
    expect(sentTo).toEqual([]);
    expect(paths(as)).not.toContain('GET /authorize');
  });
});

describe('credential-carrying POSTs are never redirected', () => {
  it('refuses a 307 from the token endpoint instead of re-sending the secret to another origin', async () => {
    playAuthorizationServer(as, { token_endpoint_auth_methods_supported: ['client_secret_post'] });
    playResourceServer(rs, as);
    as.routes.set('POST /token', () => ({ status: 307, headers: { location: `${elsewhere.url}/collect` } }));
    const error = await refusal(call({ grant: secretGrant }));
    expect(error).toMatchObject({
      code: 'TOKEN_ENDPOINT_ERROR',
      status: 307,
      actual: `${elsewhere.url}/collect`,
    });
    expect(error.message).toBe(
      `POST ${as.url}/token answered a redirect (HTTP 307) to ${elsewhere.url}/collect, not followed: ` +
        'the request carries credentials or a single-use code, so it is never re-sent elsewhere',
    );
    expect(as.requests.at(-1)?.form.get('client_secret')).toBe('top-secret');
    expect(elsewhere.requests).toEqual([]);
  });

  it('refuses a 308 from the registration endpoint', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    as.routes.set('POST /register', () => ({
      status: 308,
      headers: { location: `${elsewhere.url}/register` },
    }));
    const error = await refusal(
      call({ redirectUri: 'http://127.0.0.1:9/callback', authorize: followRedirect }),
    );
    expect(error).toMatchObject({ code: 'REGISTRATION_FAILED', status: 308 });
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('a fetch that follows redirects although asked not to', () => {
  it('has its answer refused when it comes from another origin, naming where', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    elsewhere.routes.set('POST /collect', () => ({
      status: 200,
      body: { access_token: 'x', token_type: 'Bearer' },
    }));
    as.routes.set('POST /token', () => ({ status: 307, headers: { location: `${elsewhere.url}/collect` } }));
    const followsAnyway: AuthFetch = (url, init) => globalFetch()(url, { ...init, redirect: 'follow' });
    const error = await refusal(call({ grant: secretGrant, fetch: followsAnyway }));
    expect(error).toMatchObject({ code: 'TOKEN_ENDPOINT_ERROR', actual: `${elsewhere.url}/collect` });
    expect(error.message).toBe(
      `POST ${as.url}/token was answered by ${elsewhere.url}/collect: the fetch followed a redirect to another ` +
        "origin although asked not to (redirect: 'manual'); its answer is not used",
    );
  });
});

describe("a challenge's resource_metadata is only fetched from the MCP server's origin", () => {
  const challengeNaming = (url: string) => () => ({
    status: 401,
    headers: { 'www-authenticate': `Bearer resource_metadata="${url}"` },
    body: { error: 'invalid_token' },
  });

  it('refuses a resource_metadata URL on another origin without sending it anything', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const internal = `${elsewhere.url}/admin/metadata`;
    rs.routes.set('POST /mcp', challengeNaming(internal));
    const error = await refusal(call({ grant: secretGrant }));
    expect(error).toMatchObject({
      code: 'DISCOVERY_FAILED',
      url: internal,
      expected: rs.url,
      actual: elsewhere.url,
    });
    expect(error.message).toBe(
      `The challenge's resource_metadata ${internal} is not on the MCP server's origin ${rs.url}: ` +
        'not fetched (protected resource metadata is only read from the server it describes)',
    );
    expect(elsewhere.requests).toEqual([]);
    expect(as.requests).toEqual([]);
  });

  it('does not follow a redirect of the metadata GET to another origin', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    rs.routes.set('POST /mcp', challengeNaming(`${rs.url}/prm`));
    rs.routes.set('GET /prm', () => ({ status: 302, headers: { location: `${elsewhere.url}/admin` } }));
    const error = await refusal(call({ grant: secretGrant }));
    expect(error).toMatchObject({ code: 'DISCOVERY_FAILED', status: 302, actual: `${elsewhere.url}/admin` });
    expect(error.message).toContain(
      `GET ${rs.url}/prm answered a redirect (HTTP 302) to ${elsewhere.url}/admin, not followed`,
    );
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows a redirect on the same origin, and accepts a same-origin resource_metadata', async () => {
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    rs.routes.set('POST /mcp', (request) =>
      request.headers.authorization === undefined
        ? challengeNaming(`${rs.url}/prm`)()
        : { status: 200, body: { ok: true } },
    );
    rs.routes.set('GET /prm', () => ({
      status: 302,
      headers: { location: '/.well-known/oauth-protected-resource/mcp' },
    }));
    const response = await call({ grant: secretGrant });
    expect(response.status).toBe(200);
    expect(paths(rs)).toContain('GET /.well-known/oauth-protected-resource/mcp');
  });
});
