// End to end: the whole authorization code flow of @mcpkit/auth-client against a real OpenID
// Provider (oidc-provider, its own process on 127.0.0.1), through our resource server in front of
// a real HTTP MCP server. The client discovers the provider from the 401, registers itself, sends
// the "user" to the authorization URL (here a headless walk through the provider's development
// sign-in and consent pages), redeems the code with PKCE, refreshes, steps up on a 403 and uses
// DPoP-bound tokens.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type AuthFetch,
  type AuthorizeStep,
  canonicalResource,
  InMemoryOAuthStore,
  OAuthClientProvider,
} from '@mcpkit/auth-client';
import {
  createResourceServer,
  handlerAuth,
  jwtVerifier,
  type ResourceServer,
  withProtectedResourceMetadata,
} from '@mcpkit/auth-server';
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { type HttpAuthProvider, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';

const fixture = fileURLToPath(new URL('./fixtures/oidc-authorization-code-server.mjs', import.meta.url));
// Registered by the client; nothing listens there: the authorize step stops at the redirect.
const redirectUri = 'http://127.0.0.1/callback';
// A loaded CI machine: each step of the flow may be slow.
const TIMEOUT = 60_000;

let provider: ChildProcess | undefined;
let mcp: ServerHandle | undefined;
let endpoint: string;
let issuer: string;
let rs: ResourceServer | undefined;
/** How far the resource server's clock runs ahead: a token can run out for it without waiting. */
let serverClockAheadMs = 0;
const clients: McpClient[] = [];

/** Starts the provider for `resource` and resolves with its issuer once it listens. */
function startProvider(resource: string): Promise<string> {
  const child = spawn(process.execPath, [fixture, resource], { stdio: ['ignore', 'pipe', 'pipe'] });
  provider = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the OpenID Provider did not start within 30 s: ${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"issuer":"[^"]+"\}/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve((JSON.parse(match[0]) as { issuer: string }).issuer);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the OpenID Provider exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  server.tool('deploy', { inputSchema: { target: z.string().optional() } }, () => 'deployed');
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    ...handlerAuth({
      authenticate: (head) => rs!.authenticate(head),
      checkScopes: (authInfo, method, params) => rs!.checkScopes(authInfo, method, params),
    }),
  });
  mcp = await serve(
    withProtectedResourceMetadata({ metadataReply: (head) => rs!.metadataReply(head) }, handler),
  );
  endpoint = new URL('/mcp', mcp.url).href;
  issuer = await startProvider(endpoint);
  rs = createResourceServer({
    resource: endpoint,
    authorizationServers: [issuer],
    requiredScopes: ['mcp'],
    scopes: { tools: { deploy: ['tools:deploy'] } },
    verifier: jwtVerifier({
      issuer,
      jwks: `${issuer}/jwks`,
      typ: 'at+jwt',
      now: () => Date.now() + serverClockAheadMs,
    }),
    dpop: true,
  });
}, TIMEOUT);

afterAll(async () => {
  for (const client of clients) await client.close();
  provider?.kill();
  await mcp?.close();
});

/** A browser's cookie handling, as much of it as the provider's pages need (one origin, no paths). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const gone =
        value === '' || (expires !== undefined && Date.parse(expires.split('=')[1]!) <= Date.now());
      if (gone) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The user, headless: opens the authorization URL, signs in as `user` on the provider's login page,
 * confirms the consent page, and follows redirects until the one to the redirect URI.
 */
function headlessUser(user: string, seen: URL[]): AuthorizeStep {
  const jar = new CookieJar();
  return async ({ url, redirectUri: expected }) => {
    seen.push(new URL(url));
    let next = new URL(url);
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (next.href.startsWith(expected)) return next;
      const response = await fetch(next, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: jar.header(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
      });
      jar.store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        next = new URL(location, next);
        form = undefined;
        continue;
      }
      const page = await response.text();
      if (response.status !== 200)
        throw new Error(`${next} answered ${response.status}: ${page.slice(0, 500)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (action === undefined) throw new Error(`${next} shows no form: ${page.slice(0, 500)}`);
      next = new URL(action.replaceAll('&amp;', '&'), next);
      form = page.includes('name="prompt" value="login"')
        ? new URLSearchParams({ prompt: 'login', login: user, password: 'any' })
        : new URLSearchParams({ prompt: 'consent' });
    }
    throw new Error(`no redirect to ${expected} after 20 hops, last at ${next}`);
  };
}

/** Token endpoint requests, by their form fields, as the provider's fetch sent them. */
function recordingFetch(tokenRequests: URLSearchParams[]): AuthFetch {
  return async (url, init) => {
    if (String(url) === `${issuer}/token` && typeof init?.body === 'string') {
      tokenRequests.push(new URLSearchParams(init.body));
    }
    return fetch(url, init as RequestInit);
  };
}

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64url.decode(jwt.split('.')[1]!))) as Record<
    string,
    unknown
  >;
}

/** Marks the stored access token as run out, as it would be after its lifetime; the refresh token stays. */
function expire(store: InMemoryOAuthStore): void {
  const resource = canonicalResource(endpoint);
  const tokens = store.getTokens(resource);
  if (tokens === undefined) throw new Error(`no tokens stored for ${resource}`);
  store.setTokens(resource, { ...tokens, expiresAt: Date.now() - 1000 });
}

/** What passed between the client's auth provider and the MCP server. */
interface Wire {
  /** Status and WWW-Authenticate of each 401/403 the provider was asked to deal with. */
  challenges: { status: number; wwwAuthenticate: string | undefined }[];
  /** The auth headers of each request to the MCP server. */
  sent: Record<string, string>[];
  /** Runs when a challenge arrives, before the provider deals with it. */
  onChallenge?: () => void;
}

async function connect(auth: OAuthClientProvider): Promise<{ client: McpClient; wire: Wire }> {
  const wire: Wire = { challenges: [], sent: [] };
  const recorded: HttpAuthProvider = {
    async headersFor(request) {
      const headers = await auth.headersFor(request);
      wire.sent.push(headers);
      return headers;
    },
    challenged(answer) {
      wire.challenges.push({ status: answer.status, wwwAuthenticate: answer.header('www-authenticate') });
      wire.onChallenge?.();
      return auth.challenged(answer);
    },
    answered: (answer) => auth.answered(answer),
  };
  const client = new McpClient({ name: 'e2e-user', version: '1.0.0' });
  await client.connect(new StreamableHttpClientTransport(endpoint, { auth: recorded }));
  clients.push(client);
  return { client, wire };
}

describe('the authorization code flow against a real OpenID Provider, through our resource server', () => {
  it(
    'signs the user in with PKCE, refreshes without asking again, and steps up to a scope the tool needs',
    async () => {
      const authorizations: URL[] = [];
      const tokenRequests: URLSearchParams[] = [];
      const store = new InMemoryOAuthStore();
      const auth = new OAuthClientProvider({
        serverUrl: endpoint,
        store,
        redirectUri,
        authorize: headlessUser('alice', authorizations),
        clientMetadata: { client_name: 'e2e', redirect_uris: [redirectUri] },
        fetch: recordingFetch(tokenRequests),
      });
      const { client, wire } = await connect(auth);
      expect(await client.callTool({ name: 'echo', arguments: { text: 'signed in' } })).toMatchObject({
        content: [{ type: 'text', text: 'signed in' }],
      });

      // The first request had no token: a 401 whose challenge led the client to the provider.
      expect(wire.challenges).toEqual([
        { status: 401, wwwAuthenticate: expect.stringContaining('resource_metadata=') },
      ]);
      // PKCE S256 and the resource indicator went to the provider; the verifier came with the code.
      expect(authorizations).toHaveLength(1);
      const first = authorizations[0]!;
      expect(first.searchParams.get('code_challenge_method')).toBe('S256');
      expect(first.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(first.searchParams.get('resource')).toBe(endpoint);
      expect(tokenRequests.map((r) => r.get('grant_type'))).toEqual(['authorization_code']);
      expect(tokenRequests[0]!.get('code_verifier')).toMatch(/^[\w.~-]{43,128}$/);
      const tokens = (await auth.tokens())!;
      expect(tokens.tokenType).toBe('Bearer');
      expect(tokens.refreshToken).toBeDefined();
      expect(claimsOf(tokens.accessToken)).toMatchObject({ iss: issuer, aud: endpoint, sub: 'alice' });

      // The access token has run out (as far as the client knows): the refresh token replaces it, no user step.
      expire(store);
      expect(await client.callTool({ name: 'echo', arguments: { text: 'refreshed' } })).toMatchObject({
        content: [{ type: 'text', text: 'refreshed' }],
      });
      expect(tokenRequests.map((r) => r.get('grant_type'))).toEqual(['authorization_code', 'refresh_token']);
      expect(authorizations).toHaveLength(1);
      expect((await auth.tokens())!.accessToken).not.toBe(tokens.accessToken);

      expect(wire.challenges).toHaveLength(1);

      // The resource server finds the token run out (its clock is 10 minutes ahead until it has said so):
      // the client's answer to that 401 is a refresh, not a new authorization.
      serverClockAheadMs = 10 * 60_000;
      wire.onChallenge = () => {
        serverClockAheadMs = 0;
      };
      expect(await client.callTool({ name: 'echo', arguments: { text: 'refreshed again' } })).toMatchObject({
        content: [{ type: 'text', text: 'refreshed again' }],
      });
      wire.onChallenge = undefined;
      expect(wire.challenges.slice(1)).toEqual([
        {
          status: 401,
          wwwAuthenticate: expect.stringMatching(/error="invalid_token".*the token expired at/),
        },
      ]);
      expect(tokenRequests.map((r) => r.get('grant_type'))).toEqual([
        'authorization_code',
        'refresh_token',
        'refresh_token',
      ]);
      expect(authorizations).toHaveLength(1);

      // deploy needs tools:deploy: the 403 sends the user back once for the union of the scopes.
      expect(claimsOf((await auth.tokens())!.accessToken).scope).not.toContain('tools:deploy');
      expect(await client.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'deployed' }],
      });
      expect(wire.challenges.slice(2)).toEqual([
        {
          status: 403,
          wwwAuthenticate: expect.stringMatching(/error="insufficient_scope".*scope="[^"]*tools:deploy/),
        },
      ]);
      expect(authorizations).toHaveLength(2);
      expect(authorizations[1]!.searchParams.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['mcp', 'tools:deploy']),
      );
      expect(authorizations[1]!.searchParams.get('code_challenge_method')).toBe('S256');
      expect(claimsOf((await auth.tokens())!.accessToken).scope).toContain('tools:deploy');
    },
    TIMEOUT * 2,
  );

  it(
    'with DPoP the code and refresh grants give DPoP-bound tokens that the resource server accepts with proofs',
    async () => {
      const authorizations: URL[] = [];
      const tokenRequests: URLSearchParams[] = [];
      const store = new InMemoryOAuthStore();
      const auth = new OAuthClientProvider({
        serverUrl: endpoint,
        store,
        redirectUri,
        authorize: headlessUser('bob', authorizations),
        clientMetadata: { client_name: 'e2e-dpop', redirect_uris: [redirectUri] },
        fetch: recordingFetch(tokenRequests),
        dpop: true,
      });
      const { client, wire } = await connect(auth);
      expect(await client.callTool({ name: 'echo', arguments: { text: 'bound' } })).toMatchObject({
        content: [{ type: 'text', text: 'bound' }],
      });
      const tokens = (await auth.tokens())!;
      expect(tokens.tokenType).toBe('DPoP');
      expect(claimsOf(tokens.accessToken)).toMatchObject({ sub: 'bob', cnf: { jkt: expect.any(String) } });

      // Every authorized request carried the DPoP scheme and a fresh proof bound to its token.
      const authorized = wire.sent.filter((headers) => headers.authorization !== undefined);
      expect(authorized.length).toBeGreaterThan(0);
      for (const headers of authorized) {
        expect(headers.authorization).toMatch(/^DPoP /);
        expect(headers.dpop).toBeDefined();
      }
      // The standalone GET may be the last request sent: look for a POST's proof among them all.
      const proofs = authorized.map((headers) => claimsOf(headers.dpop!));
      expect(proofs).toContainEqual(
        expect.objectContaining({ htm: 'POST', htu: endpoint, ath: expect.any(String) }),
      );
      expect(new Set(authorized.map((headers) => headers.dpop)).size).toBe(authorized.length);

      // Without its proof the bound token is refused.
      const asBearer = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(asBearer.status).toBe(401);
      await asBearer.body?.cancel();

      // A refresh keeps the binding (the provider binds a public client's refresh token to the key too).
      expire(store);
      expect(await client.callTool({ name: 'echo', arguments: { text: 'still bound' } })).toMatchObject({
        content: [{ type: 'text', text: 'still bound' }],
      });
      expect(tokenRequests.map((r) => r.get('grant_type'))).toEqual(['authorization_code', 'refresh_token']);
      expect(authorizations).toHaveLength(1);
      const refreshed = (await auth.tokens())!;
      expect(refreshed.tokenType).toBe('DPoP');
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(claimsOf(refreshed.accessToken).cnf).toEqual(claimsOf(tokens.accessToken).cnf);
    },
    TIMEOUT * 2,
  );

  it(
    'serves a machine client with client credentials from the same provider (no user)',
    async () => {
      const tokenRequests: URLSearchParams[] = [];
      const auth = new OAuthClientProvider({
        serverUrl: endpoint,
        grant: { type: 'client_credentials', clientId: 'machine', clientSecret: 'machine-secret' },
        fetch: recordingFetch(tokenRequests),
      });
      const { client, wire } = await connect(auth);
      expect(await client.callTool({ name: 'echo', arguments: { text: 'from a machine' } })).toMatchObject({
        content: [{ type: 'text', text: 'from a machine' }],
      });
      expect(wire.challenges[0]).toMatchObject({ status: 401 });
      expect(tokenRequests.map((r) => r.get('grant_type'))).toContain('client_credentials');
      expect(tokenRequests.every((r) => r.get('resource') === endpoint)).toBe(true);
      const { accessToken } = (await auth.tokens())!;
      expect(claimsOf(accessToken)).toMatchObject({ iss: issuer, aud: endpoint, client_id: 'machine' });
    },
    TIMEOUT,
  );
});
