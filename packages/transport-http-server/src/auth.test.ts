import type { AuthInfo } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import type { HttpRequestHead } from './exchange.js';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { BASE, getRequest, initializeMessage, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

const tokens: Record<string, AuthInfo> = {
  alice: { token: 'alice', clientId: 'alice-client', scopes: ['mcp'] },
  bob: { token: 'bob', clientId: 'bob-client', scopes: ['mcp'] },
  // Two users of one OAuth client: same clientId, different subjects.
  carol: { token: 'carol', clientId: 'shared-client', scopes: ['mcp'], subject: 'carol' },
  dave: { token: 'dave', clientId: 'shared-client', scopes: ['mcp'], subject: 'dave' },
};

function authenticate(request: HttpRequestHead): AuthInfo | Response {
  const token = request.header('authorization')?.replace(/^Bearer /, '');
  const info = token ? tokens[token] : undefined;
  if (info) return info;
  return new Response(JSON.stringify({ error: 'invalid_token' }), {
    status: 401,
    headers: {
      'www-authenticate': 'Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource"',
    },
  });
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('authentication hook', () => {
    it('short-circuits with the Response it returns (401 with WWW-Authenticate)', async () => {
      const { handler, servers } = harness({ authenticate });
      const response = await handler(postRequest(initializeMessage()));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('resource_metadata');
      expect(servers).toHaveLength(0);
    });

    it('passes AuthInfo to onSession and to every message as MessageExtra.authInfo', async () => {
      const infos: Array<AuthInfo | undefined> = [];
      const { handler, servers } = harness({
        authenticate,
        onSession: async (transport, info) => {
          infos.push(info.authInfo);
          const { connectFakeServer } = await import('./test-helpers/fake-server.js');
          await connectFakeServer(transport, servers);
        },
      });
      const { headers } = await initialize(handler, '2025-11-25', { authorization: 'Bearer alice' });
      await handler(postRequest(request('echo', 1), headers));
      expect(infos).toEqual([tokens.alice]);
      expect(servers[0]!.received.map((r) => r.extra?.authInfo)).toEqual([tokens.alice, tokens.alice]);
      expect(handler.getSession(headers['mcp-session-id']!)?.record.principal).toBe('alice-client');
    });

    it('403 when another principal uses the session, on POST, GET and DELETE', async () => {
      const { handler, servers } = harness({ authenticate });
      const { headers } = await initialize(handler, '2025-11-25', { authorization: 'Bearer alice' });
      const asBob = { ...headers, authorization: 'Bearer bob' };
      const post = await handler(postRequest(request('echo', 1), asBob));
      expect(post.status).toBe(403);
      expect(await post.json()).toMatchObject({
        error: { message: expect.stringContaining('another principal') },
      });
      expect((await handler(getRequest(asBob))).status).toBe(403);
      const del = await handler(
        new Request(`${BASE}/mcp`, { method: 'DELETE', headers: { host: 'localhost', ...asBob } }),
      );
      expect(del.status).toBe(403);
      expect(servers[0]!.closed).toBe(false);
      expect(servers[0]!.received).toHaveLength(1);
    });

    it.each([
      ['another principal', 'alice', 'bob'],
      ['another user of the same OAuth client', 'carol', 'dave'],
    ])('403 on the legacy POST endpoint for %s', async (_who, owner, intruder) => {
      const { handler } = harness({ authenticate });
      const get = await handler(getRequest({ authorization: `Bearer ${owner}` }, '/sse'));
      const reader = new SseReader(get);
      const endpoint = (await reader.next())!.data;
      const post = await handler(
        new Request(new URL(endpoint, BASE), {
          method: 'POST',
          headers: {
            host: 'localhost',
            'content-type': 'application/json',
            authorization: `Bearer ${intruder}`,
          },
          body: JSON.stringify(request('ping', 1)),
        }),
      );
      expect(post.status).toBe(403);
      await reader.cancel();
    });

    it('403 when another user of the same OAuth client uses the session, on POST, GET and DELETE', async () => {
      const { handler, servers } = harness({ authenticate });
      const { headers } = await initialize(handler, '2025-11-25', { authorization: 'Bearer carol' });
      expect(handler.getSession(headers['mcp-session-id']!)?.record).toMatchObject({
        principal: 'shared-client',
        subject: 'carol',
      });
      const asDave = { ...headers, authorization: 'Bearer dave' };
      const post = await handler(postRequest(request('echo', 1), asDave));
      expect(post.status).toBe(403);
      expect(await post.json()).toMatchObject({
        error: { message: expect.stringContaining('another principal') },
      });
      expect((await handler(getRequest(asDave))).status).toBe(403);
      const del = await handler(
        new Request(`${BASE}/mcp`, { method: 'DELETE', headers: { host: 'localhost', ...asDave } }),
      );
      expect(del.status).toBe(403);
      expect(servers[0]!.closed).toBe(false);
      // The owner still gets in.
      const own = await handler(
        postRequest(request('echo', 2), { ...headers, authorization: 'Bearer carol' }),
      );
      expect(own.status).toBe(200);
      expect(servers[0]!.received.map((r) => r.message)).toHaveLength(2);
    });
  });

  describe('admit hook', () => {
    it('runs after the rate limit, only for requests it let in, and its reply is sent instead', async () => {
      const admitted: string[] = [];
      const contexts: unknown[] = [];
      const { handler, servers } = harness({
        authenticate: (request, context) => {
          contexts.push(context);
          return authenticate(request);
        },
        rateLimit: { requestsPerSecond: 0.001, burst: 3 },
        now: () => 0,
        admit: (authInfo, request) => {
          admitted.push(authInfo.clientId);
          if (request.header('x-refuse') === undefined) return undefined;
          return {
            status: 401,
            headers: { 'www-authenticate': 'DPoP error="invalid_dpop_proof"' },
            body: '{}',
          };
        },
      });
      const { headers } = await initialize(handler, '2025-11-25', { authorization: 'Bearer alice' });
      const refused = await handler(postRequest(request('echo', 1), { ...headers, 'x-refuse': '1' }));
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('DPoP error="invalid_dpop_proof"');
      const served = await handler(postRequest(request('echo', 1), headers));
      expect(served.status).toBe(200);
      await served.text();
      // The bucket (3) is empty now: 10 more requests are refused by the limit and never admitted.
      for (let i = 0; i < 10; i++) {
        expect((await handler(postRequest(request('echo', 2 + i), headers))).status).toBe(429);
      }
      expect(admitted).toEqual(['alice-client', 'alice-client', 'alice-client']);
      expect(contexts[0]).toEqual({ admits: true });
      expect(servers[0]!.received).toHaveLength(2);
    });
  });

  describe('authorizeCall hook', () => {
    // `deploy` needs a scope nobody here holds; everything else passes.
    const authorizeCall = (authInfo: AuthInfo | undefined, method: string, params: unknown) => {
      const name = (params as { name?: unknown } | undefined)?.name;
      if (method !== 'tools/call' || name !== 'deploy' || authInfo?.scopes.includes('deploy'))
        return undefined;
      return {
        status: 403,
        headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="mcp deploy"' },
        body: JSON.stringify({ error: 'insufficient_scope' }),
      };
    };

    it('refuses a message it answers for, before the session sees it; others pass', async () => {
      const seen: Array<{ method: string; authInfo: AuthInfo | undefined }> = [];
      const { handler, servers } = harness({
        authenticate,
        authorizeCall: (authInfo, method, params) => {
          seen.push({ method, authInfo });
          return authorizeCall(authInfo, method, params);
        },
      });
      const { headers } = await initialize(handler, '2025-11-25', { authorization: 'Bearer alice' });
      const deploy = {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'deploy', arguments: {} },
      };
      const refused = await handler(postRequest(deploy, headers));
      expect(refused.status).toBe(403);
      expect(refused.headers.get('www-authenticate')).toContain('insufficient_scope');
      expect(await refused.json()).toEqual({ error: 'insufficient_scope' });
      const echo = await handler(postRequest(request('echo', 3), headers));
      expect(echo.status).toBe(200);
      // initialize, the refused call and the echo were all asked about, with the caller's AuthInfo.
      expect(seen.map((entry) => entry.method)).toEqual(['initialize', 'tools/call', 'echo']);
      expect(seen.every((entry) => entry.authInfo === tokens.alice)).toBe(true);
      // The session got initialize and the echo, never the refused call.
      expect(servers[0]!.received.map((r) => (r.message as { method?: string }).method)).not.toContain(
        'tools/call',
      );
    });

    it('refuses a call on the legacy POST endpoint too', async () => {
      const { handler, servers } = harness({ authenticate, authorizeCall });
      const get = await handler(getRequest({ authorization: 'Bearer alice' }, '/sse'));
      const reader = new SseReader(get);
      const endpoint = (await reader.next())!.data;
      const post = await handler(
        new Request(new URL(endpoint, BASE), {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/json', authorization: 'Bearer alice' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'deploy' } }),
        }),
      );
      expect(post.status).toBe(403);
      expect(servers.flatMap((server) => server.received)).toHaveLength(0);
      await reader.cancel();
    });
  });
});
