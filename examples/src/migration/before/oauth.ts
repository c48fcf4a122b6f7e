// Before (official SDK v1): an OAuth-protected server (a resource server) on Express. Access tokens
// are JWTs from the authorization server at AUTH_SERVER, checked with jose for this endpoint
// (audience) and the `mcp` scope; the protected resource metadata tells clients where to get one.
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const issuer = process.env.AUTH_SERVER ?? 'http://127.0.0.1:4000';
const port = Number(process.env.PORT ?? 3000);
const resource = new URL(`http://127.0.0.1:${port}/mcp`);
const keys = createRemoteJWKSet(new URL(`${issuer}/jwks.json`));

const verifier = {
  async verifyAccessToken(token: string) {
    const verified = await jwtVerify(token, keys, { issuer, audience: resource.href, typ: 'at+jwt' }).catch(
      (error: Error) => {
        throw new InvalidTokenError(error.message);
      },
    );
    const { payload } = verified;
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    return { token, clientId: String(payload.client_id), scopes, expiresAt: payload.exp };
  },
};

const app = express();
app.use(express.json());
app.use(
  new URL(getOAuthProtectedResourceMetadataUrl(resource)).pathname,
  metadataHandler({ resource: resource.href, authorization_servers: [issuer], scopes_supported: ['mcp'] }),
);
const bearerAuth = requireBearerAuth({
  verifier,
  requiredScopes: ['mcp'],
  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource),
});
app.post('/mcp', bearerAuth, async (req, res) => {
  // Stateless: a server and a transport per request.
  const server = new McpServer({ name: 'protected-demo', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Who the access token was issued to' }, async (extra) => ({
    content: [
      {
        type: 'text',
        text: extra.authInfo
          ? `client ${extra.authInfo.clientId} with scopes ${extra.authInfo.scopes.join(' ')}`
          : 'nobody',
      },
    ],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void server.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(port, '127.0.0.1', () => console.log(`MCP endpoint: ${resource.href}`));
