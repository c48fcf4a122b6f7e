// Per-caller visibility behind the resource server: two tokens with different scopes see different
// tools from one MCP server on a real 127.0.0.1 socket (the server's `visibleWithScopes` reads the
// scopes the resource server verified).
import { McpClient } from '@mcpkit/client';
import { McpServer, visibleWithScopes } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handlerAuth } from './handler-auth.js';
import { jwtVerifier } from './jwt-verifier.js';
import { createResourceServer, type ResourceServer } from './resource-server.js';
import { accessToken, ISSUER, type SigningKey, signingKey } from './test-helpers/authority.js';
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
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.tool('status', {}, () => 'ok');
  server.tool('read-file', { visible: visibleWithScopes('files:read') }, () => 'contents');
  // Hidden from tokens without the scope, and refused with a step-up 403 by the resource server.
  server.tool('deploy', { visible: visibleWithScopes('tools:deploy') }, () => 'deployed');
  return server;
}

async function start(): Promise<string> {
  const server = mcpServer();
  let rs: ResourceServer | undefined;
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    ...handlerAuth({
      authenticate: (head) => rs!.authenticate(head),
      checkScopes: (authInfo, method, params) => rs!.checkScopes(authInfo, method, params),
    }),
  });
  const handle = await serve(
    withProtectedResourceMetadata({ metadataReply: (head) => rs!.metadataReply(head) }, handler),
  );
  cleanups.push(() => handle.close());
  const endpoint = new URL('/mcp', handle.url).href;
  rs = createResourceServer({
    resource: endpoint,
    authorizationServers: [ISSUER],
    verifier: jwtVerifier({ issuer: ISSUER, jwks: { keys: [asKey.jwk] } }),
    requiredScopes: ['mcp'],
    scopes: { tools: { deploy: ['tools:deploy'] } },
  });
  return endpoint;
}

async function clientWith(endpoint: string, scope: string): Promise<McpClient> {
  const token = await accessToken(asKey, { aud: endpoint, scope });
  const client = new McpClient({ name: 'scoped-client', version: '1.0.0' });
  await client.connect(
    new StreamableHttpClientTransport(endpoint, { headers: { authorization: `Bearer ${token}` } }),
  );
  cleanups.push(() => client.close());
  return client;
}

describe('per-caller visibility with the resource server', () => {
  it('lists to each token the tools its scopes allow, and hides the others as unknown', async () => {
    const endpoint = await start();
    const reader = await clientWith(endpoint, 'mcp files:read');
    const deployer = await clientWith(endpoint, 'mcp tools:deploy');
    const names = async (client: McpClient) => (await client.listTools()).tools.map((tool) => tool.name);
    expect(await names(reader)).toEqual(['status', 'read-file']);
    expect(await names(deployer)).toEqual(['status', 'deploy']);
    expect(await reader.callTool({ name: 'read-file', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'contents' }],
    });
    // Answered as for a tool the server does not have: no sign that read-file exists.
    await expect(deployer.callTool({ name: 'read-file', arguments: {} })).rejects.toThrow(
      "Unknown tool: 'read-file'",
    );
  });
});
