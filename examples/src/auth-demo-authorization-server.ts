// A toy OAuth authorization server, only so that the auth examples run on one machine with nothing
// else installed: it knows one client (client credentials grant), signs ES256 JWT access tokens
// for the resource the client names (RFC 8707) and publishes its metadata (RFC 8414) and keys.
// Use a real authorization server (Keycloak, Auth0, Entra ID, ...) for anything else.
//
// Run:  pnpm -C examples build && PORT=4000 node examples/dist/auth-demo-authorization-server.js
//       then auth-resource-server.js and auth-client-credentials.js (see their headers)
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const CLIENT_ID = process.env.CLIENT_ID ?? 'demo-client';
const CLIENT_SECRET = process.env.CLIENT_SECRET ?? 'demo-secret';

const { publicKey, privateKey } = await generateKeyPair('ES256');
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'demo-key', alg: 'ES256', use: 'sig' }] };
let issuer = ''; // known once listening

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text = '';
  for await (const chunk of req) text += chunk;
  const form = new URLSearchParams(text);
  // client_secret_basic (the default of RFC 8414), or client_secret_post.
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const [id, secret] = basic
    ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
    : [form.get('client_id'), form.get('client_secret')];
  if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return send(res, 401, { error: 'invalid_client' });
  if (form.get('grant_type') !== 'client_credentials')
    return send(res, 400, { error: 'unsupported_grant_type' });
  const resource = form.get('resource');
  if (!resource)
    return send(res, 400, { error: 'invalid_target', error_description: 'resource is required' });
  const scope = form.get('scope') ?? 'mcp';
  const accessToken = await new SignJWT({ scope, client_id: CLIENT_ID })
    .setProtectedHeader({ alg: 'ES256', kid: 'demo-key', typ: 'at+jwt' })
    .setIssuer(issuer)
    .setSubject(CLIENT_ID)
    .setAudience(resource)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
  send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, scope });
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', issuer).pathname;
  if (req.method === 'GET' && path === '/.well-known/oauth-authorization-server') {
    return send(res, 200, {
      issuer,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['mcp'],
    });
  }
  if (req.method === 'GET' && path === '/jwks.json') return send(res, 200, jwks);
  if (req.method === 'POST' && path === '/token') {
    return void token(req, res).catch((error: Error) =>
      send(res, 500, { error: 'server_error', error_description: error.message }),
    );
  }
  send(res, 404, { error: 'not_found' });
});

server.listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => {
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`Authorization server: ${issuer}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close());
