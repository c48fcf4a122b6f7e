import { afterEach, describe, expect, it } from 'vitest';
import { fetchImplementations, recordedTransport } from '../test/harness.js';
import {
  initializeRequest,
  json,
  result,
  startServer,
  type TestServer,
  waitFor,
} from '../test/http-server.js';
import { startLegacyServer } from '../test/legacy-server.js';
import type { HttpAnswerHead, HttpAuthProvider } from './auth.js';
import { HttpTransportError } from './errors.js';
import { SseClientTransport } from './sse-legacy.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A provider whose token is `token-N` after N refreshes; `challenged` answers `renew(head)`. */
function tokenProvider(renew: (head: HttpAnswerHead) => boolean) {
  let refreshes = 0;
  const asked: string[] = [];
  const challenges: Array<{ status: number; method: string; url: string; challenge?: string }> = [];
  const answered: Array<{ status: number; nonce?: string }> = [];
  const provider: HttpAuthProvider = {
    async headersFor({ method, url }) {
      asked.push(`${method} ${url}`);
      return { Authorization: `Bearer token-${refreshes}`, DPoP: `proof for ${method} ${url}` };
    },
    async challenged(head) {
      challenges.push({
        status: head.status,
        method: head.method,
        url: head.url,
        challenge: head.header('WWW-Authenticate'),
      });
      const again = renew(head);
      if (again) refreshes++;
      return again;
    },
    answered(head) {
      answered.push({ status: head.status, nonce: head.header('DPoP-Nonce') });
    },
  };
  return { provider, asked, challenges, answered };
}

const CHALLENGE = 'Bearer error="invalid_token", resource_metadata="http://127.0.0.1/.well-known/x"';

describe.each(fetchImplementations)('the auth provider over %s', (_name, fetch) => {
  it('sends its headers, answers a 401 challenge, and sends the same request again with fresh headers', async () => {
    server = await startServer((req, res, recorded) => {
      const message = recorded.json as { id: number };
      if (recorded.headers.authorization !== 'Bearer token-1') {
        res.writeHead(401, { 'www-authenticate': CHALLENGE }).end('token expired');
        return;
      }
      if (req.method === 'DELETE') return res.writeHead(200).end();
      json(res, result(message.id, {}), { 'mcp-session-id': 's1', 'dpop-nonce': 'n2' });
    });
    const auth = tokenProvider(() => true);
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      auth: auth.provider,
      standaloneStream: false,
    });
    await transport.send(initializeRequest);
    expect(messages).toEqual([result(0, {})]);
    expect(server.requests.map((r) => [r.headers.authorization, r.headers.dpop, r.body])).toEqual([
      ['Bearer token-0', `proof for POST ${server.url}`, JSON.stringify(initializeRequest)],
      ['Bearer token-1', `proof for POST ${server.url}`, JSON.stringify(initializeRequest)],
    ]);
    expect(auth.challenges).toEqual([{ status: 401, method: 'POST', url: server.url, challenge: CHALLENGE }]);
    expect(auth.answered).toEqual([{ status: 200, nonce: 'n2' }]);
    expect(errors).toEqual([]);
    // DELETE on close carries the provider's headers too.
    await transport.close();
    expect(server.requests.at(-1)?.method).toBe('DELETE');
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer token-1');
    expect(auth.asked.at(-1)).toBe(`DELETE ${server.url}`);
    expect(errors).toEqual([]);
  });

  it('fails with the status and the WWW-Authenticate text when the provider declines a 403', async () => {
    server = await startServer((_req, res) => {
      res
        .writeHead(403, { 'www-authenticate': 'Bearer error="insufficient_scope", scope="tools:call"' })
        .end('forbidden');
    });
    const auth = tokenProvider(() => false);
    const { transport, errors } = await recordedTransport(server.url, fetch, { auth: auth.provider });
    const failure = await transport.send(initializeRequest).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpTransportError);
    expect(failure).toMatchObject({ code: 'HTTP_STATUS', status: 403, method: 'POST', url: server.url });
    expect((failure as Error).message).toBe(
      `Authorization failed (the auth provider gave up): POST ${server.url} answered HTTP 403 Forbidden: forbidden (WWW-Authenticate: Bearer error="insufficient_scope", scope="tools:call")`,
    );
    expect(errors).toEqual([failure]);
    expect(server.requests).toHaveLength(1);
    await transport.close();
  });

  it('sends a request at most 3 more times when every answer is a challenge', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(401, { 'www-authenticate': CHALLENGE }).end();
    });
    const auth = tokenProvider(() => true);
    const { transport } = await recordedTransport(server.url, fetch, { auth: auth.provider });
    const failure = await transport.send(initializeRequest).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'HTTP_STATUS', status: 401 });
    expect((failure as Error).message).toContain('Authorization failed (still challenged after 3 retries)');
    expect((failure as Error).message).toContain(`(WWW-Authenticate: ${CHALLENGE})`);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer token-0',
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-3',
    ]);
    expect(auth.challenges).toHaveLength(3);
    await transport.close();
  });

  it('fails with AUTH, the error of the provider as cause, when the provider throws', async () => {
    server = await startServer((_req, res) => res.writeHead(500).end());
    const cause = new Error('no token: the user has not signed in');
    const provider: HttpAuthProvider = {
      headersFor: async () => {
        throw cause;
      },
      challenged: async () => false,
    };
    const { transport, errors } = await recordedTransport(server.url, fetch, { auth: provider });
    const failure = await transport.send(initializeRequest).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpTransportError);
    expect(failure).toMatchObject({ code: 'AUTH', method: 'POST', url: server.url, cause });
    expect((failure as Error).message).toBe(
      `The auth provider failed for POST ${server.url}: no token: the user has not signed in`,
    );
    expect(errors).toEqual([failure]);
    expect(server.requests).toHaveLength(0);
    await transport.close();
  });

  it('authorizes the standalone GET stream', async () => {
    server = await startServer((req, res, recorded) => {
      if (req.method === 'GET') {
        if (recorded.headers.authorization === 'Bearer token-0') {
          res.writeHead(401, { 'www-authenticate': CHALLENGE }).end();
        } else {
          res.writeHead(405).end();
        }
        return;
      }
      const message = recorded.json as { id?: number };
      if (message.id === undefined) res.writeHead(202).end();
      else json(res, result(message.id, {}), { 'mcp-session-id': 's1' });
    });
    const auth = tokenProvider((head) => head.method === 'GET');
    const { transport, errors } = await recordedTransport(server.url, fetch, { auth: auth.provider });
    await transport.send(initializeRequest);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await waitFor(() => server?.requests.filter((r) => r.method === 'GET').length === 2, 5000, 'two GETs');
    expect(auth.challenges).toEqual([{ status: 401, method: 'GET', url: server.url, challenge: CHALLENGE }]);
    expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.headers.authorization)).toEqual([
      'Bearer token-0',
      'Bearer token-1',
    ]);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('authorizes the legacy SSE stream and its POSTs', async () => {
    const legacy = await startLegacyServer({ authorization: 'Bearer token-1' });
    server = legacy;
    const auth = tokenProvider(() => true);
    const transport = new SseClientTransport(legacy.sseUrl, {
      ...(fetch ? { fetch } : {}),
      auth: auth.provider,
    });
    const received: unknown[] = [];
    transport.onmessage = (message) => received.push(message);
    await transport.start();
    await transport.send(initializeRequest);
    await waitFor(() => received.length === 1, 5000, 'the initialize answer');
    expect(legacy.requests.map((r) => `${r.method} ${r.headers.authorization}`)).toEqual([
      'GET Bearer token-0',
      'GET Bearer token-1',
      'POST Bearer token-1',
    ]);
    expect(auth.challenges).toEqual([
      { status: 401, method: 'GET', url: legacy.sseUrl, challenge: 'Bearer error="invalid_token"' },
    ]);
    await transport.close();
  });

  it('fails the legacy start with the challenge when the provider gives up', async () => {
    const legacy = await startLegacyServer({ authorization: 'Bearer never' });
    server = legacy;
    const auth = tokenProvider(() => false);
    const transport = new SseClientTransport(legacy.sseUrl, {
      ...(fetch ? { fetch } : {}),
      auth: auth.provider,
    });
    const failure = await transport.start().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'HTTP_STATUS', status: 401, method: 'GET' });
    expect((failure as Error).message).toContain('(WWW-Authenticate: Bearer error="invalid_token")');
  });
});
