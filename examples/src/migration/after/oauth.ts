// After (mcpkit): the same resource server. `createResourceServer` checks the JWT (issuer, audience,
// expiry, scope) and writes the challenges; `withProtectedResourceMetadata` serves the metadata.
import {
  createResourceServer,
  handlerAuth,
  jwtVerifier,
  withProtectedResourceMetadata,
} from '@mcpkit/auth-server';
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';

const issuer = process.env.AUTH_SERVER ?? 'http://127.0.0.1:4000';
const port = Number(process.env.PORT ?? 3000);

const resourceServer = createResourceServer({
  resource: `http://127.0.0.1:${port}/mcp`,
  authorizationServers: [issuer],
  verifier: jwtVerifier({ issuer, jwks: `${issuer}/jwks.json`, typ: 'at+jwt' }),
  requiredScopes: ['mcp'],
});

const server = new McpServer({ name: 'protected-demo', version: '1.0.0' });
server.tool('whoami', { description: 'Who the access token was issued to' }, (_args, ctx) =>
  ctx.auth ? `client ${ctx.auth.clientId} with scopes ${ctx.auth.scopes.join(' ')}` : 'nobody',
);

const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  ...handlerAuth(resourceServer),
});
const { url } = await serve(withProtectedResourceMetadata(resourceServer, handler), { port });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);
