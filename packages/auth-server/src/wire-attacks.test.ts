// Issue 35 #1-#3 on the wire: a protected MCP endpoint served by the node:http adapter on
// 127.0.0.1, attacked over real sockets.
import { connect } from 'node:net';
import { McpServer } from '@mcpkit/server';
import {
  createStreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DpopOptions } from './dpop-proof.js';
import { handlerAuth } from './handler-auth.js';
import { introspectionVerifier } from './introspection-verifier.js';
import { jwtVerifier } from './jwt-verifier.js';
import { type DpopReplayCache, memoryReplayCache } from './replay-cache.js';
import { createResourceServer, type ResourceServer } from './resource-server.js';
import {
  accessToken,
  type DpopKey,
  dpopKey,
  dpopProof,
  fakeAuthServer,
  ISSUER,
  type SigningKey,
  signingKey,
} from './test-helpers/authority.js';
import type { TokenVerifier } from './types.js';

let asKey: SigningKey;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  asKey = await signingKey('k1');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Endpoint {
  endpoint: string;
  port: number;
}

/** A protected endpoint at `/mcp` on 127.0.0.1, its resource server made once the URL is known. */
async function start(
  resourceServer: (endpoint: string) => ResourceServer,
  handlerOptions: Partial<StreamableHttpHandlerOptions> = {},
): Promise<Endpoint> {
  let rs: ResourceServer | undefined;
  const handler = createStreamableHttpHandler({
    server: new McpServer({ name: 'protected', version: '1.0.0' }),
    ...handlerAuth({
      authenticate: (head, options) => rs!.authenticate(head, options),
      admit: (authInfo) => rs!.admit(authInfo),
      checkScopes: (authInfo, method, params) => rs!.checkScopes(authInfo, method, params),
    }),
    ...handlerOptions,
  });
  const handle = await serve(handler);
  cleanups.push(() => handle.close());
  const endpoint = new URL('/mcp', handle.url).href;
  rs = resourceServer(endpoint);
  return { endpoint, port: Number(new URL(handle.url).port) };
}

function dpopServer(endpoint: string, dpop: DpopOptions, verifier?: TokenVerifier): ResourceServer {
  return createResourceServer({
    resource: endpoint,
    authorizationServers: [ISSUER],
    verifier: verifier ?? jwtVerifier({ issuer: ISSUER, jwks: { keys: [asKey.jwk] } }),
    dpop,
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

async function post(endpoint: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: INITIALIZE,
  });
  await response.text();
  return response.status;
}

async function dpopPost(endpoint: string, key: DpopKey, token: string): Promise<number> {
  const proof = await dpopProof(key, { method: 'POST', url: endpoint, token });
  return post(endpoint, { authorization: `DPoP ${token}`, dpop: proof });
}

describe('the DPoP replay cache (issue 35 #1)', () => {
  it('records proofs only of requests the rate limit let in (30 sent, 5 admitted, 5 recorded)', async () => {
    let recorded = 0;
    const memory = memoryReplayCache();
    const counting: DpopReplayCache = {
      firstUse: (...args) => {
        recorded++;
        return memory.firstUse(...args);
      },
    };
    const { endpoint } = await start((url) => dpopServer(url, { replayCache: counting }), {
      rateLimit: { requestsPerSecond: 0.001, burst: 5 },
    });
    const key = await dpopKey();
    const token = await accessToken(asKey, { aud: endpoint, cnf: { jkt: key.jkt } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await dpopPost(endpoint, key, token));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    expect(recorded).toBe(5);
  });

  it('one token holder filling the cache does not lock another client out', async () => {
    const cache = memoryReplayCache({ maxEntries: 20, maxEntriesPerKey: 10 });
    const { endpoint } = await start((url) => dpopServer(url, { replayCache: cache }));
    const flooder = await dpopKey();
    const flooderToken = await accessToken(asKey, {
      aud: endpoint,
      sub: 'mallory',
      cnf: { jkt: flooder.jkt },
    });
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) statuses.add(await dpopPost(endpoint, flooder, flooderToken));
    // The flooder is at most refused itself (401: make a new proof), never answered 503.
    expect(statuses.has(503)).toBe(false);
    expect(cache.size).toBeLessThanOrEqual(10);
    const other = await dpopKey();
    const otherToken = await accessToken(asKey, { aud: endpoint, sub: 'alice', cnf: { jkt: other.jkt } });
    expect(await dpopPost(endpoint, other, otherToken)).toBe(200);
  });
});

describe('failed authentication (issue 35 #2)', () => {
  it('100 bad tokens from one address cost the authorization server 11 introspections, not 100', async () => {
    const as = await fakeAuthServer();
    cleanups.push(() => as.close());
    as.routes.set('/introspect', () => ({ body: { active: false } }));
    const verifier = introspectionVerifier({
      endpoint: `${as.url}/introspect`,
      credentials: { clientId: 'rs', clientSecret: 's' },
    });
    const { endpoint } = await start(
      (url) => createResourceServer({ resource: url, authorizationServers: [ISSUER], verifier }),
      { rateLimit: { requestsPerSecond: 0.001, burst: 10 } },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push(await post(endpoint, { authorization: `Bearer bad-${i}` }));
    // 10 failures empty the bucket; the 11th finds it empty; the rest never reach the verifier.
    expect(statuses.filter((status) => status === 401)).toHaveLength(11);
    expect(statuses.filter((status) => status === 429)).toHaveLength(89);
    expect(as.hits.get('/introspect')).toBe(11);
  });
});

/** Sends one raw HTTP/1.1 request and returns the status line and the body. */
function rawRequest(port: number, text: string): Promise<{ status: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [headText = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: headText.split('\r\n')[0] ?? '', body });
    });
  });
}

describe('DPoP htu (issue 35 #3)', () => {
  it('checks htu against the configured resource, not the absolute-form target of the request line', async () => {
    const { endpoint, port } = await start((url) => dpopServer(url, {}));
    const key = await dpopKey();
    const token = await accessToken(asKey, { aud: endpoint, cnf: { jkt: key.jkt } });
    const send = async (target: string, htu: string) => {
      const proof = await dpopProof(key, { method: 'POST', url: htu, token });
      return rawRequest(
        port,
        [
          `POST ${target} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Authorization: DPoP ${token}`,
          `DPoP: ${proof}`,
          'Content-Type: application/json',
          'Accept: application/json, text/event-stream',
          `Content-Length: ${Buffer.byteLength(INITIALIZE)}`,
          'Connection: close',
          '',
          INITIALIZE,
        ].join('\r\n'),
      );
    };
    // A proof made for another server, replayed with that server's URL in the request line.
    const forged = await send('http://evil.example/mcp', 'http://evil.example/mcp');
    expect(forged.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(JSON.parse(forged.body)).toEqual({
      error: 'invalid_dpop_proof',
      error_description: `the DPoP proof is for URL "http://evil.example/mcp"; this request is to ${endpoint}`,
    });
    // A proof for this resource passes whatever the request line claims.
    expect((await send('http://evil.example/mcp', endpoint)).status).toBe('HTTP/1.1 200 OK');
  });
});
