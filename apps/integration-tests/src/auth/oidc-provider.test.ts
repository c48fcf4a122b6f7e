// End to end: a real OpenID Provider (oidc-provider, its own process on 127.0.0.1) mints JWT access
// tokens with the client credentials grant; our resource server verifies them in front of a real
// HTTP MCP server, against the provider's published JWKS. The full client flow (discovery,
// authorization code) comes with the client package; here the client sends the token it was given.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createResourceServer,
  handlerAuth,
  introspectionVerifier,
  jwtVerifier,
  type ResourceServer,
  withProtectedResourceMetadata,
} from '@mcpkit/auth-server';
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { type FetchMiddleware, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { base64url, calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';

const fixture = fileURLToPath(new URL('./fixtures/oidc-server.mjs', import.meta.url));

let provider: ChildProcess;
let mcp: ServerHandle;
let opaqueMcp: ServerHandle;
let endpoint: string;
/** A second MCP server whose tokens are opaque: verified by introspection. */
let opaqueEndpoint: string;
let issuer: string;
let tokenEndpoint: string;
let rs: ResourceServer | undefined;
let opaqueRs: ResourceServer | undefined;
const clients: McpClient[] = [];

/** A real MCP server on 127.0.0.1 behind the resource server `current()` returns. */
async function protectedMcpServer(current: () => ResourceServer): Promise<ServerHandle> {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  server.tool('deploy', { inputSchema: { target: z.string().optional() } }, () => 'deployed');
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    ...handlerAuth({
      authenticate: (head) => current().authenticate(head),
      checkScopes: (authInfo, method, params) => current().checkScopes(authInfo, method, params),
    }),
  });
  return serve(
    withProtectedResourceMetadata({ metadataReply: (head) => current().metadataReply(head) }, handler),
  );
}

/** Starts the provider for `resource` and resolves with its issuer once it listens. */
function startProvider(resource: string, opaqueResource: string): Promise<string> {
  provider = spawn(process.execPath, [fixture, resource, opaqueResource], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the OpenID Provider did not start within 20 s: ${output}`)),
      20_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"issuer":"[^"]+"\}/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve((JSON.parse(match[0]) as { issuer: string }).issuer);
      }
    };
    provider.stdout!.on('data', onData);
    provider.stderr!.on('data', onData);
    provider.once('exit', (code) => reject(new Error(`the OpenID Provider exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  mcp = await protectedMcpServer(() => rs!);
  opaqueMcp = await protectedMcpServer(() => opaqueRs!);
  endpoint = new URL('/mcp', mcp.url).href;
  opaqueEndpoint = new URL('/mcp', opaqueMcp.url).href;
  issuer = await startProvider(endpoint, opaqueEndpoint);
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
    token_endpoint: string;
    introspection_endpoint: string;
  };
  expect(discovery.issuer).toBe(issuer);
  tokenEndpoint = discovery.token_endpoint;
  const common = {
    authorizationServers: [issuer],
    requiredScopes: ['mcp'],
    scopes: { tools: { deploy: ['tools:deploy'] } },
  };
  rs = createResourceServer({
    ...common,
    resource: endpoint,
    verifier: jwtVerifier({ issuer, jwks: discovery.jwks_uri, typ: 'at+jwt' }),
    dpop: true,
  });
  opaqueRs = createResourceServer({
    ...common,
    resource: opaqueEndpoint,
    verifier: introspectionVerifier({
      endpoint: discovery.introspection_endpoint,
      credentials: { clientId: 'other-client', clientSecret: 'other-client-secret' },
      issuer,
    }),
  });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  provider?.kill();
  await mcp?.close();
  await opaqueMcp?.close();
});

async function clientCredentials(
  scope: string,
  dpop?: string,
  resource = endpoint,
): Promise<{ access_token: string; token_type: string }> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa('mcp-client:mcp-client-secret')}`,
      ...(dpop ? { dpop } : {}),
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource }).toString(),
  });
  const body = (await response.json()) as { access_token: string; token_type: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function connect(
  options: ConstructorParameters<typeof StreamableHttpClientTransport>[1],
  url = endpoint,
): Promise<McpClient> {
  const client = new McpClient({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHttpClientTransport(url, options));
  clients.push(client);
  return client;
}

describe('tokens from a real OpenID Provider, verified by our resource server', () => {
  it('the challenge points at metadata that names the provider', async () => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate')!;
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource: endpoint, authorization_servers: [issuer] });
  });

  it('a client credentials token serves the MCP session; a call needing more scope is 403 until the client steps up', async () => {
    const { access_token, token_type } = await clientCredentials('mcp');
    expect(token_type).toBe('Bearer');
    const client = await connect({ headers: { authorization: `Bearer ${access_token}` } });
    expect(await client.callTool({ name: 'echo', arguments: { text: 'from the provider' } })).toMatchObject({
      content: [{ type: 'text', text: 'from the provider' }],
    });
    await expect(client.callTool({ name: 'deploy', arguments: {} })).rejects.toMatchObject({ status: 403 });

    const stepped = await clientCredentials('mcp tools:deploy');
    const deployer = await connect({ headers: { authorization: `Bearer ${stepped.access_token}` } });
    expect(await deployer.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'deployed' }],
    });
  });

  it('a provider token altered to name another audience is refused (its signature no longer verifies)', async () => {
    const { access_token } = await clientCredentials('mcp');
    const [header, payload] = access_token.split('.');
    // Same signature over a changed audience: the signature no longer verifies.
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!))) as Record<
      string,
      unknown
    >;
    const forged = `${header}.${base64url.encode(JSON.stringify({ ...claims, aud: 'https://other.example/mcp' }))}.${access_token.split('.')[2]}`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain("the token's signature does not verify");
  });

  it('a DPoP-bound token (cnf.jkt) from the provider works with proofs, and is refused as Bearer', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const proof = (htm: string, htu: string, claims: Record<string, unknown> = {}) =>
      new SignJWT({ htm, htu, jti: crypto.randomUUID(), ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt()
        .sign(privateKey);
    const { access_token, token_type } = await clientCredentials('mcp', await proof('POST', tokenEndpoint));
    expect(token_type).toBe('DPoP');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(access_token.split('.')[1]!)));
    expect(claims.cnf).toEqual({ jkt: await calculateJwkThumbprint(jwk) });

    const ath = base64url.encode(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(access_token))),
    );
    const withProofs: FetchMiddleware = (next) => async (url, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      headers.authorization = `DPoP ${access_token}`;
      headers.dpop = await proof(init?.method ?? 'GET', String(url), { ath });
      return next(url, { ...init, headers });
    };
    const client = await connect({ middleware: [withProofs] });
    expect(await client.callTool({ name: 'echo', arguments: { text: 'bound' } })).toMatchObject({
      content: [{ type: 'text', text: 'bound' }],
    });

    const asBearer = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(asBearer.status).toBe(401);
    expect(asBearer.headers.get('www-authenticate')).toContain('the token is DPoP-bound (cnf.jkt)');
  });

  it('an opaque token is checked by introspection at the provider; the JWT server refuses it, and vice versa', async () => {
    const { access_token } = await clientCredentials('mcp', undefined, opaqueEndpoint);
    expect(access_token.split('.')).toHaveLength(1);
    const client = await connect({ headers: { authorization: `Bearer ${access_token}` } }, opaqueEndpoint);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'introspected' } })).toMatchObject({
      content: [{ type: 'text', text: 'introspected' }],
    });
    await expect(client.callTool({ name: 'deploy', arguments: {} })).rejects.toMatchObject({ status: 403 });

    const atJwtServer = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(atJwtServer.status).toBe(401);
    expect(atJwtServer.headers.get('www-authenticate')).toContain('the token is not a signed JWT');
    const { access_token: jwt } = await clientCredentials('mcp');
    const atOpaqueServer = await fetch(opaqueEndpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(atOpaqueServer.status).toBe(401);
    // oidc-provider does not introspect its JWT access tokens (400 unsupported_token_type).
    expect(atOpaqueServer.headers.get('www-authenticate')).toContain(
      'the authorization server does not introspect this kind of token',
    );
  });
});
