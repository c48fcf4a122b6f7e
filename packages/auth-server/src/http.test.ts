// The resource server in front of a real MCP server on 127.0.0.1, through today's
// `authenticate(request: Request)` hook of the HTTP handler, with our client on the other side.
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { DpopOptions } from './dpop-proof.js';
import { handlerAuth } from './handler-auth.js';
import { jwtVerifier } from './jwt-verifier.js';
import { createResourceServer, type ResourceServer } from './resource-server.js';
import {
  accessToken,
  type DpopKey,
  dpopKey,
  dpopProof,
  ISSUER,
  type SigningKey,
  signingKey,
} from './test-helpers/authority.js';
import { withProtectedResourceMetadata } from './web.js';

let asKey: SigningKey;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  asKey = await signingKey('k1');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  server.tool('deploy', { inputSchema: { target: z.string().optional() } }, () => 'deployed');
  return server;
}

/** A protected MCP endpoint at `${url}/mcp`: tokens for it, `deploy` needs `tools:deploy`. */
async function start(
  dpop?: DpopOptions,
): Promise<{ handle: ServerHandle; endpoint: string; rs: ResourceServer }> {
  const server = mcpServer();
  let rs: ResourceServer | undefined;
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    // rs is made once the server's URL is known; the hooks read it per request.
    ...handlerAuth({
      authenticate: (head) => rs!.authenticate(head),
      checkScopes: (authInfo, method, params) => rs!.checkScopes(authInfo, method, params),
    }),
  });
  const handle = await serve(
    withProtectedResourceMetadata({ metadataReply: (head) => rs!.metadataReply(head) }, handler),
  );
  const endpoint = new URL('/mcp', handle.url).href;
  rs = createResourceServer({
    resource: endpoint,
    authorizationServers: [ISSUER],
    verifier: jwtVerifier({ issuer: ISSUER, jwks: { keys: [asKey.jwk] } }),
    requiredScopes: ['mcp'],
    scopes: { tools: { deploy: ['tools:deploy'] } },
    ...(dpop ? { dpop } : {}),
  });
  cleanups.push(() => handle.close());
  return { handle, endpoint, rs };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(endpoint: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

async function connectedClient(endpoint: string, token: string): Promise<McpClient> {
  const client = new McpClient({ name: 'bearer-client', version: '1.0.0' });
  await client.connect(
    new StreamableHttpClientTransport(endpoint, { headers: { authorization: `Bearer ${token}` } }),
  );
  cleanups.push(() => client.close());
  return client;
}

describe('a protected MCP endpoint over HTTP', () => {
  it('answers 401 with a challenge pointing at the metadata, which it serves', async () => {
    const { endpoint, handle } = await start();
    const response = await post(endpoint, INITIALIZE, {});
    expect(response.status).toBe(401);
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', handle.url).href;
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer scope="mcp", resource_metadata="${metadataUrl}"`,
    );
    const metadata = await fetch(metadataUrl);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('access-control-allow-origin')).toBe('*');
    expect(await metadata.json()).toEqual({
      resource: endpoint,
      authorization_servers: [ISSUER],
      scopes_supported: ['mcp', 'tools:deploy'],
      bearer_methods_supported: ['header'],
    });
  });

  it('serves a client with a valid token, and refuses a call it lacks the scope for with 403 insufficient_scope', async () => {
    const { endpoint } = await start();
    const token = await accessToken(asKey, { aud: endpoint, scope: 'mcp' });
    const client = await connectedClient(endpoint, token);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });
    await expect(client.callTool({ name: 'deploy', arguments: {} })).rejects.toMatchObject({ status: 403 });

    const raw = await post(
      endpoint,
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'deploy', arguments: {} } },
      { authorization: `Bearer ${token}` },
    );
    expect(raw.status).toBe(403);
    const challenge = raw.headers.get('www-authenticate')!;
    expect(challenge).toContain('Bearer error="insufficient_scope"');
    expect(challenge).toContain(`error_description="the tool 'deploy' needs the scope tools:deploy"`);
    // Every scope the call needs, so the client can step up in one go.
    expect(challenge).toContain('scope="mcp tools:deploy"');

    const stepped = await connectedClient(
      endpoint,
      await accessToken(asKey, { aud: endpoint, scope: 'mcp tools:deploy' }),
    );
    expect(await stepped.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'deployed' }],
    });
  });

  it("refuses user B (same OAuth client) on user A's session: POST, GET and DELETE get 403", async () => {
    const { endpoint } = await start();
    const alice = await accessToken(asKey, { aud: endpoint, sub: 'alice', client_id: 'shared' });
    const bob = await accessToken(asKey, { aud: endpoint, sub: 'bob', client_id: 'shared' });
    const opened = await post(endpoint, INITIALIZE, { authorization: `Bearer ${alice}` });
    expect(opened.status).toBe(200);
    const sessionId = opened.headers.get('mcp-session-id')!;
    await opened.text();
    const asBob = {
      authorization: `Bearer ${bob}`,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    };
    const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
    expect((await post(endpoint, ping, asBob)).status).toBe(403);
    expect((await fetch(endpoint, { headers: { ...asBob, accept: 'text/event-stream' } })).status).toBe(403);
    expect((await fetch(endpoint, { method: 'DELETE', headers: asBob })).status).toBe(403);
    const asAlice = { ...asBob, authorization: `Bearer ${alice}` };
    const own = await post(endpoint, ping, asAlice);
    expect(own.status).toBe(200);
  });

  it('serves a DPoP client whose every request carries a fresh proof', async () => {
    const { endpoint } = await start({ required: true });
    const key: DpopKey = await dpopKey();
    const token = await accessToken(asKey, { aud: endpoint, cnf: { jkt: key.jkt } });
    const methods: string[] = [];
    const client = new McpClient({ name: 'dpop-client', version: '1.0.0' });
    const transport = new StreamableHttpClientTransport(endpoint, {
      middleware: [
        (next) => async (url, init) => {
          const method = init?.method ?? 'GET';
          methods.push(method);
          const proof = await dpopProof(key, { method, url: String(url), token });
          const headers = new Headers(init?.headers as HeadersInit);
          headers.set('authorization', `DPoP ${token}`);
          headers.set('dpop', proof);
          return next(url, { ...init, headers: Object.fromEntries(headers) });
        },
      ],
    });
    await client.connect(transport);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'bound' } })).toMatchObject({
      content: [{ type: 'text', text: 'bound' }],
    });
    await client.close();
    expect(methods).toContain('POST');
    expect(methods).toContain('DELETE');

    // The same token as Bearer is refused.
    const bearer = await post(endpoint, INITIALIZE, { authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_token"/);
  });
});
