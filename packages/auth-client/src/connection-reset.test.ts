import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authHttp } from './bounded-fetch.js';
import { discoverAuthorizationServer } from './discovery.js';
import { OAuthClientError } from './errors.js';
import { type AuthFetch, globalFetch } from './http.js';
import { requestToken } from './token-endpoint.js';

const servers: Server[] = [];
afterEach(async () => {
  const closing = servers.splice(0).map((server) => {
    // The global fetch keeps its sockets alive; the server would wait for them otherwise.
    server.closeAllConnections();
    return new Promise((done) => server.close(done));
  });
  await Promise.all(closing);
});

/**
 * An authorization server on 127.0.0.1 that answers the first request of every socket, and resets
 * the socket when a second request arrives on it (once in its life): a server whose keep-alive
 * timer closed an idle socket just as the client reused it.
 */
async function resettingServer(kind: 'reset' | 'close') {
  const requestsOnSocket = new WeakMap<Socket, number>();
  const seen: string[] = [];
  let resets = 0;
  let issuer = '';
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const onSocket = (requestsOnSocket.get(request.socket) ?? 0) + 1;
    requestsOnSocket.set(request.socket, onSocket);
    if (onSocket > 1 && resets === 0) {
      resets++;
      // 'reset' sends a TCP RST (undici: ECONNRESET); 'close' a FIN (undici: UND_ERR_SOCKET).
      if (kind === 'reset') request.socket.resetAndDestroy();
      else request.socket.destroy();
      return;
    }
    request.resume();
    response.setHeader('content-type', 'application/json');
    if (request.method === 'GET') response.end(JSON.stringify({ issuer, token_endpoint: `${issuer}/token` }));
    else response.end(JSON.stringify({ access_token: 'at', token_type: 'Bearer' }));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  issuer = `http://127.0.0.1:${port}`;
  return { issuer, seen, resets: () => resets };
}

/**
 * Calls `call` until the server has reset a socket under one of them: which pooled socket the
 * global fetch picks is its own business, so a bounded number of calls, not a fixed one.
 */
async function callsUntilReset(server: { resets(): number }, call: () => Promise<unknown>) {
  const outcomes: unknown[] = [];
  for (let calls = 0; calls < 20 && server.resets() === 0; calls++) {
    outcomes.push(await call().catch((error: unknown) => error));
  }
  expect(server.resets()).toBe(1);
  return outcomes;
}

describe('requests that meet a reset kept-alive socket (global fetch, real sockets)', () => {
  for (const kind of ['reset', 'close'] as const) {
    it(`sends a metadata GET once more after a ${kind} before any answer`, async () => {
      const server = await resettingServer(kind);
      const http = authHttp(globalFetch());
      const outcomes = await callsUntilReset(server, () => discoverAuthorizationServer(http, server.issuer));
      for (const outcome of outcomes) expect(outcome).toMatchObject({ issuer: server.issuer });
      // Every call was one GET, and the one that met the reset went out a second time.
      const get = 'GET /.well-known/oauth-authorization-server';
      expect(server.seen).toEqual([...outcomes.map(() => get), get]);
    });
  }

  it('does not send a token POST again: the server may have seen it, and a code is single-use', async () => {
    const server = await resettingServer('reset');
    const context = {
      http: authHttp(globalFetch()),
      tokenEndpoint: `${server.issuer}/token`,
      issuer: server.issuer,
    };
    const outcomes = await callsUntilReset(server, () =>
      requestToken(
        context,
        { clientId: 'c', method: 'none' },
        { grant_type: 'authorization_code', code: 'x' },
      ),
    );
    const failure = outcomes.at(-1);
    expect(failure).toBeInstanceOf(OAuthClientError);
    expect(failure).toMatchObject({ code: 'TOKEN_ENDPOINT_ERROR', url: context.tokenEndpoint });
    expect((failure as Error).message).toBe(
      `POST ${context.tokenEndpoint} failed: TypeError: fetch failed (cause: Error: read ECONNRESET)`,
    );
    expect(((failure as Error).cause as Error).cause).toMatchObject({ code: 'ECONNRESET' });
    for (const outcome of outcomes.slice(0, -1)) expect(outcome).toMatchObject({ access_token: 'at' });
    expect(server.seen).toEqual(outcomes.map(() => 'POST /token'));
  });
});

/** A fetch that fails with what undici throws for a socket error, `failures` times, then answers 404. */
function failingFetch(code: string, failures: number) {
  let calls = 0;
  const fetch: AuthFetch = async () => {
    calls++;
    if (calls <= failures) {
      const cause = Object.assign(new Error(`socket error ${code}`), { code });
      throw new TypeError('fetch failed', { cause });
    }
    return { status: 404, ok: false, headers: { get: () => null }, body: null, text: async () => '' };
  };
  return { fetch, calls: () => calls };
}

describe('which metadata GET failures are retried', () => {
  it('retries a reset once, and says so when the retry fails too', async () => {
    const { fetch, calls } = failingFetch('ECONNRESET', 2);
    const url = 'https://as.example/.well-known/oauth-authorization-server';
    const failure = await discoverAuthorizationServer(authHttp(fetch), 'https://as.example').catch(
      (error) => error,
    );
    expect(failure).toMatchObject({ code: 'DISCOVERY_FAILED', url });
    expect(failure.message).toBe(
      `GET ${url} failed again when retried once after a connection reset: ` +
        'TypeError: fetch failed (cause: Error: socket error ECONNRESET)',
    );
    expect(calls()).toBe(2);
  });

  it('does not retry a failure that is not a dead connection (refused, DNS)', async () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND']) {
      const { fetch, calls } = failingFetch(code, 1);
      const failure = await discoverAuthorizationServer(authHttp(fetch), 'https://as.example').catch(
        (error) => error,
      );
      expect(failure).toMatchObject({ code: 'DISCOVERY_FAILED' });
      expect(failure.message).toContain(`fetch failed (cause: Error: socket error ${code})`);
      expect(calls()).toBe(1);
    }
  });
});
