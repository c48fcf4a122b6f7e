// An MCP server that accepts only OAuth access tokens from its authorization server (a resource
// server): tokens are JWTs checked against the authorization server's keys, for this endpoint
// (audience) and with the `mcp` scope. Without a token, clients get a 401 that tells them where to
// get one (protected resource metadata, RFC 9728).
//
// Run:  pnpm -C examples build
//       PORT=4000 node examples/dist/auth-demo-authorization-server.js
//       AUTH_SERVER=http://127.0.0.1:4000 PORT=3000 node examples/dist/auth-resource-server.js
//       MCP_URL=http://127.0.0.1:3000/mcp node examples/dist/auth-client-credentials.js
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
  resource: `http://127.0.0.1:${port}/mcp`, // this endpoint's public URL: tokens must be issued for it
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
  ...handlerAuth(resourceServer), // checks the token of every request
});
const { url, close } = await serve(withProtectedResourceMetadata(resourceServer, handler), { port });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());
