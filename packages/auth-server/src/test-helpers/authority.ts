// A stand-in authorization server for tests: signing keys, a JWKS and an introspection endpoint on
// a real 127.0.0.1 socket, tokens and DPoP proofs signed with jose.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import type { RequestHead } from '../types.js';
import { sha256Base64Url } from '../webcrypto.js';

export const ISSUER = 'https://as.example.com';
export const RESOURCE = 'https://mcp.example.com/mcp';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

export async function signingKey(kid: string, alg = 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** An access token as an AS would mint it; `claims` override the defaults (pass undefined to drop one). */
export async function accessToken(
  key: SigningKey,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    iss: ISSUER,
    aud: RESOURCE,
    sub: 'alice',
    client_id: 'client-1',
    scope: 'mcp',
    iat: now,
    exp: now + 300,
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload as JWTPayload)
    .setProtectedHeader({ alg: key.jwk.alg as string, kid: key.kid, typ: 'at+jwt', ...header })
    .sign(key.privateKey);
}

export interface DpopKey {
  privateKey: CryptoKey;
  jwk: JWK;
  jkt: string;
}

export async function dpopKey(): Promise<DpopKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  return { privateKey, jwk, jkt: await calculateJwkThumbprint(jwk, 'sha256') };
}

/** A DPoP proof for one request; `claims` override htm, htu, iat, jti, ath, nonce. */
export async function dpopProof(
  key: DpopKey,
  request: { method: string; url: string; token: string },
  claims: Record<string, unknown> = {},
): Promise<string> {
  const payload: Record<string, unknown> = {
    htm: request.method,
    htu: request.url,
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
    ath: await sha256Base64Url(request.token),
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload as JWTPayload)
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.jwk })
    .sign(key.privateKey);
}

export function head(method: string, url: string, headers: Record<string, string>): RequestHead {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, url, header: (name) => lower.get(name.toLowerCase()) };
}

/** A tiny HTTP server on 127.0.0.1 whose answers the test sets, counting requests per path. */
export interface FakeAuthServer {
  url: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
  /** The last request's headers and body, by path. */
  last: Map<string, { headers: Record<string, string | string[] | undefined>; body: string }>;
  routes: Map<string, () => { status?: number; body: unknown }>;
  close(): Promise<void>;
}

export async function fakeAuthServer(): Promise<FakeAuthServer> {
  const hits = new Map<string, number>();
  const last = new Map<string, { headers: Record<string, string | string[] | undefined>; body: string }>();
  const routes = new Map<string, () => { status?: number; body: unknown }>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      hits.set(path, (hits.get(path) ?? 0) + 1);
      last.set(path, { headers: req.headers, body });
      const route = routes.get(path);
      const answer = route ? route() : { status: 404, body: { error: 'not found' } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    last,
    routes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
