import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { BASE, getRequest, initializeMessage, postRequest, request } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

/** Every rejection is a JSON-RPC error response whose message says why. */
async function expectRejection(response: Response, status: number, says: string | RegExp): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const body = (await response.json()) as { jsonrpc: string; error: { code: number; message: string } };
  expect(body.jsonrpc).toBe('2.0');
  expect(typeof body.error.code).toBe('number');
  expect(body.error.message).toMatch(says);
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('DNS-rebinding protection', () => {
    it.each(['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:8080', '[::1]', '[::1]:9'])(
      'accepts Host %s',
      async (host) => {
        const { handler } = harness();
        const response = await handler(postRequest(initializeMessage(), { host }));
        expect(response.status).toBe(200);
      },
    );

    it.each(['evil.example.com', 'evil.example.com:3000', 'localhost.evil.example.com', '127.0.0.1.nip.io'])(
      'refuses Host %s with 403',
      async (host) => {
        const { handler, servers } = harness();
        await expectRejection(await handler(postRequest(initializeMessage(), { host })), 403, /Host/);
        expect(servers).toHaveLength(0);
      },
    );

    it('refuses a non-local Origin with 403 and accepts a local one', async () => {
      const { handler } = harness();
      await expectRejection(
        await handler(postRequest(initializeMessage(), { origin: 'http://evil.example.com' })),
        403,
        /Origin/,
      );
      await expectRejection(
        await handler(postRequest(initializeMessage(), { origin: 'null' })),
        403,
        /Origin/,
      );
      const ok = await handler(postRequest(initializeMessage(), { origin: 'http://localhost:5173' }));
      expect(ok.status).toBe(200);
    });

    it('checks GET and DELETE too', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      await expectRejection(await handler(getRequest({ ...headers, host: 'evil.example.com' })), 403, /Host/);
      const del = new Request(`${BASE}/mcp`, {
        method: 'DELETE',
        headers: { ...headers, origin: 'https://evil.example.com' },
      });
      await expectRejection(await handler(del), 403, /Origin/);
    });

    it('accepts hosts and origins from the allow-lists', async () => {
      const { handler } = harness({
        allowedHosts: ['mcp.example.com'],
        allowedOrigins: ['https://app.example.com'],
      });
      const ok = await handler(
        postRequest(initializeMessage(), { host: 'mcp.example.com:443', origin: 'https://app.example.com' }),
      );
      expect(ok.status).toBe(200);
      await expectRejection(
        await handler(
          postRequest(initializeMessage(), { host: 'mcp.example.com', origin: 'https://other.example.com' }),
        ),
        403,
        /Origin/,
      );
    });

    it('can be turned off', async () => {
      const { handler } = harness({ dnsRebindingProtection: false });
      const ok = await handler(
        postRequest(initializeMessage(), { host: 'anything.example', origin: 'https://x.example' }),
      );
      expect(ok.status).toBe(200);
    });
  });

  describe('HTTP-level rejections', () => {
    it('413 for a body over the limit, declared or streamed', async () => {
      const { handler } = harness({ maxBodyBytes: 1024 });
      const big = JSON.stringify({ ...initializeMessage(), pad: 'x'.repeat(2000) });
      await expectRejection(await handler(postRequest(big)), 413, /1024 bytes/);
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(400)));
          controller.close();
        },
      });
      const streamed = new Request(`${BASE}/mcp`, {
        method: 'POST',
        headers: {
          host: 'localhost',
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        body: chunks,
        duplex: 'half',
      } as RequestInit);
      await expectRejection(await handler(streamed), 413, /exceeds/);
    });

    it('413 by default above 4 MiB', async () => {
      const { handler } = harness();
      const body = JSON.stringify({ ...initializeMessage(), pad: 'x'.repeat(4 * 1024 * 1024) });
      await expectRejection(await handler(postRequest(body)), 413, /4194304/);
    });

    it('415 for a body that is not application/json', async () => {
      const { handler } = harness();
      await expectRejection(
        await handler(postRequest(initializeMessage(), { 'content-type': 'text/plain' })),
        415,
        /application\/json.*text\/plain/,
      );
    });

    it('accepts application/json with a charset', async () => {
      const { handler } = harness();
      const ok = await handler(
        postRequest(initializeMessage(), { 'content-type': 'application/json; charset=utf-8' }),
      );
      expect(ok.status).toBe(200);
    });

    it.each(['application/json', 'text/event-stream', 'text/html'])(
      '406 for a POST accepting only %s',
      async (accept) => {
        const { handler } = harness();
        await expectRejection(await handler(postRequest(initializeMessage(), { accept })), 406, /both/);
      },
    );

    it('406 for a GET that does not accept text/event-stream', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      await expectRejection(
        await handler(getRequest({ ...headers, accept: 'application/json' })),
        406,
        /event-stream/,
      );
    });

    it('405 with Allow for other methods', async () => {
      const { handler } = harness();
      const response = await handler(
        new Request(`${BASE}/mcp`, { method: 'PUT', headers: { host: 'localhost' } }),
      );
      expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
      await expectRejection(response, 405, /PUT/);
    });

    it('404 for a path that is not an endpoint', async () => {
      const { handler } = harness();
      await expectRejection(await handler(postRequest(initializeMessage(), {}, '/other')), 404, /\/other/);
    });

    it('400 with -32700 for invalid JSON and -32600 for a non-JSON-RPC body', async () => {
      const { handler } = harness();
      const parse = await handler(postRequest('{not json'));
      expect(parse.status).toBe(400);
      expect(await parse.json()).toMatchObject({ error: { code: -32700 } });
      const invalid = await handler(postRequest({ hello: 'world' }));
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ error: { code: -32600 } });
    });
  });

  describe('session rejections', () => {
    it('400 without Mcp-Session-Id after initialize', async () => {
      const { handler } = harness();
      await initialize(handler);
      await expectRejection(await handler(postRequest(request('echo', 1))), 400, /Mcp-Session-Id/);
      await expectRejection(await handler(getRequest()), 400, /Mcp-Session-Id/);
      const del = new Request(`${BASE}/mcp`, { method: 'DELETE', headers: { host: 'localhost' } });
      await expectRejection(await handler(del), 400, /Mcp-Session-Id/);
    });

    it('404 for an unknown session id on POST, GET and DELETE', async () => {
      const { handler } = harness();
      const headers = { 'mcp-session-id': 'no-such-session' };
      await expectRejection(await handler(postRequest(request('echo', 1), headers)), 404, /session/);
      await expectRejection(await handler(getRequest(headers)), 404, /session/);
      const del = new Request(`${BASE}/mcp`, {
        method: 'DELETE',
        headers: { host: 'localhost', ...headers },
      });
      await expectRejection(await handler(del), 404, /session/);
    });

    it('400 for initialize carrying a session id or inside a batch', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      await expectRejection(await handler(postRequest(initializeMessage(), headers)), 400, /must not carry/);
      await expectRejection(await handler(postRequest([initializeMessage()])), 400, /alone/);
    });

    it('400 for an unsupported MCP-Protocol-Version, naming the supported ones', async () => {
      const { handler } = harness();
      const { headers } = await initialize(handler);
      const response = await handler(
        postRequest(request('echo', 1), { ...headers, 'mcp-protocol-version': '1999-01-01' }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { data: { requested: '1999-01-01', supported: expect.arrayContaining(['2025-11-25']) } },
      });
      await expectRejection(
        await handler(getRequest({ ...headers, 'mcp-protocol-version': 'v999' })),
        400,
        /unsupported MCP-Protocol-Version/,
      );
    });

    it('checks MCP-Protocol-Version on DELETE too', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler);
      const del = new Request(`${BASE}/mcp`, {
        method: 'DELETE',
        headers: { host: 'localhost', ...headers, 'mcp-protocol-version': 'bogus' },
      });
      await expectRejection(await handler(del), 400, /bogus/);
      expect(servers[0]!.closed).toBe(false);
    });

    it('refuses 2026-07-28 per request, by header or by _meta, when statelessProtocolVersions is empty', async () => {
      const { handler } = harness({ statelessProtocolVersions: [] });
      await expectRejection(
        await handler(postRequest(request('tools/list', 1), { 'mcp-protocol-version': '2026-07-28' })),
        400,
        /2026-07-28/,
      );
      const meta = request('tools/list', 2, {
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
      });
      await expectRejection(await handler(postRequest(meta)), 400, /2026-07-28/);
    });

    it('409 when a request id is already in flight in the session', async () => {
      const { handler, servers } = harness({ responseMode: 'sse' });
      const { headers } = await initialize(handler);
      const first = await handler(postRequest(request('wait', 1), headers));
      await expectRejection(
        await handler(postRequest(request('wait', 1), headers)),
        409,
        /already in flight/,
      );
      servers[0]!.release();
      await first.text();
    });

    it('503 when the session limit is reached, 200 again after one ends', async () => {
      const { handler } = harness({ maxSessions: 2 });
      await initialize(handler);
      const second = await initialize(handler);
      const response = await handler(postRequest(initializeMessage()));
      expect(response.headers.get('retry-after')).toBeTruthy();
      await expectRejection(response, 503, /maximum of 2 sessions/);
      await handler(
        new Request(`${BASE}/mcp`, { method: 'DELETE', headers: { host: 'localhost', ...second.headers } }),
      );
      expect((await handler(postRequest(initializeMessage()))).status).toBe(200);
    });
  });
});
