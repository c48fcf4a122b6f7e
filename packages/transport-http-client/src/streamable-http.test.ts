import { afterEach, describe, expect, it } from 'vitest';
import { fetchImplementations, recordedTransport } from '../test/harness.js';
import {
  initializeRequest,
  json,
  openSse,
  result,
  sseEvent,
  startServer,
  type TestServer,
  waitFor,
} from '../test/http-server.js';
import { HttpTransportError } from './errors.js';
import type { FetchMiddleware } from './fetch.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(fetchImplementations)('StreamableHttpClientTransport over %s', (_name, fetch) => {
  it('POSTs each message with the required headers and keeps the session and protocol version', async () => {
    server = await startServer((_req, res, recorded) => {
      const message = recorded.json as { id?: number; method: string };
      if (message.method === 'initialize') {
        json(res, result(message.id, { protocolVersion: '2025-11-25' }), { 'mcp-session-id': 'session-1' });
      } else if (message.id === undefined) {
        res.writeHead(202).end();
      } else {
        json(res, result(message.id, { tools: [] }));
      }
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      headers: () => ({ Authorization: 'Bearer t1', 'X-Static': 'yes' }),
      standaloneStream: false,
      terminateSessionOnClose: false,
    });
    await transport.send(initializeRequest);
    expect(transport.sessionId).toBe('session-1');
    transport.setProtocolVersion('2025-11-25');
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

    const [init, initialized, list] = server.requests;
    expect(init?.method).toBe('POST');
    expect(init?.headers.accept).toBe('application/json, text/event-stream');
    expect(init?.headers['content-type']).toBe('application/json');
    expect(init?.headers.authorization).toBe('Bearer t1');
    expect(init?.headers['x-static']).toBe('yes');
    expect(init?.headers['mcp-session-id']).toBeUndefined();
    expect(init?.headers['mcp-protocol-version']).toBeUndefined();
    expect(initialized?.headers['mcp-session-id']).toBe('session-1');
    expect(list?.headers['mcp-session-id']).toBe('session-1');
    expect(list?.headers['mcp-protocol-version']).toBe('2025-11-25');
    expect(list?.json).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(messages).toEqual([result(0, { protocolVersion: '2025-11-25' }), result(1, { tools: [] })]);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('runs middleware layers outermost first and lets them rewrite requests', async () => {
    server = await startServer((_req, res, recorded) =>
      json(res, result((recorded.json as { id: number }).id, {})),
    );
    const order: string[] = [];
    const auth: FetchMiddleware = (next) => async (url, init) => {
      order.push('auth');
      return next(url, { ...init, headers: { ...init?.headers, authorization: 'Bearer from-middleware' } });
    };
    const log: FetchMiddleware = (next) => async (url, init) => {
      order.push(`log ${init?.method}`);
      const response = await next(url, init);
      order.push(`log status ${response.status}`);
      return response;
    };
    const { transport } = await recordedTransport(server.url, fetch, { middleware: [auth, log] });
    await transport.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
    expect(order).toEqual(['auth', 'log POST', 'log status 200']);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer from-middleware');
    await transport.close();
  });

  it('reads an SSE answer written byte by byte, with messages before the response', async () => {
    server = await startServer(async (_req, res, recorded) => {
      const id = (recorded.json as { id: number }).id;
      openSse(res);
      const text =
        `id: e1\r\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"héllo 🎉"}}\r\n\r\n` +
        `: keep-alive\r\nid: e2\r\ndata: ${JSON.stringify(result(id, { content: [] }))}\r\n\r\n`;
      for (const byte of Buffer.from(text, 'utf8')) {
        res.write(Buffer.from([byte]));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
    const tokens: string[] = [];
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x' } },
      { onresumptiontoken: (token) => tokens.push(token) },
    );
    await waitFor(() => messages.length === 2, 5000, 'two SSE messages');
    expect(messages).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'héllo 🎉' } },
      result(3, { content: [] }),
    ]);
    expect(tokens).toEqual(['e1', 'e2']);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('reports a 404 on a session as SESSION_EXPIRED, clears the session and re-initializes without it', async () => {
    let sessions = 0;
    server = await startServer((req, res, recorded) => {
      const message = recorded.json as { id: number; method: string };
      if (req.method !== 'POST') {
        res.writeHead(405).end();
      } else if (message.method === 'initialize') {
        sessions++;
        json(res, result(message.id, {}), { 'mcp-session-id': `s${sessions}` });
      } else if (recorded.headers['mcp-session-id'] === 's1') {
        json(
          res,
          { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
          {},
          404,
        );
      } else {
        json(res, result(message.id, { ok: true }));
      }
    });
    const { transport, errors } = await recordedTransport(server.url, fetch);
    await transport.send(initializeRequest);
    const failure = await transport
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpTransportError);
    expect(failure).toMatchObject({ code: 'SESSION_EXPIRED', status: 404, url: server.url });
    expect((failure as Error).message).toContain('s1');
    expect(errors).toEqual([failure]);
    expect(transport.sessionId).toBeUndefined();
    await transport.send({ ...initializeRequest, id: 2 });
    expect(server.requests[2]?.headers['mcp-session-id']).toBeUndefined();
    expect(transport.sessionId).toBe('s2');
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(server.requests[3]?.headers['mcp-session-id']).toBe('s2');
    await transport.close();
  });

  it('names status, URL and the JSON-RPC error of a failed POST', async () => {
    server = await startServer((_req, res) =>
      json(
        res,
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad protocol version' } },
        {},
        400,
      ),
    );
    const { transport, errors } = await recordedTransport(server.url, fetch);
    const failure = (await transport
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .catch((e: unknown) => e)) as HttpTransportError;
    expect(failure.code).toBe('HTTP_STATUS');
    expect(failure.status).toBe(400);
    expect(failure.rpcError).toEqual({ code: -32600, message: 'Bad protocol version' });
    expect(failure.message).toContain(`POST ${server.url} answered HTTP 400`);
    expect(failure.message).toContain('-32600 Bad protocol version');
    expect(errors).toEqual([failure]);
    await transport.close();
  });

  it('sends the SEP-2243 standard headers under 2026-07-28 without any hook, and a client-set hook adds its own', async () => {
    server = await startServer((_req, res) =>
      json(res, { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }),
    );
    const { transport } = await recordedTransport(server.url, fetch, { protocolVersion: '2026-07-28' });
    await transport.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: {} },
    });
    expect(server.requests[0]?.headers).toMatchObject({ 'mcp-method': 'tools/call', 'mcp-name': 'echo' });
    transport.setMessageHeaders(() => ({ 'Mcp-Param-Region': 'eu' }));
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'a://b' } });
    expect(server.requests[1]?.headers).toMatchObject({
      'mcp-method': 'resources/read',
      'mcp-name': 'a://b',
      'mcp-param-region': 'eu',
    });
    await transport.close();
  });

  // streamable-http.mdx, "Standard Request Headers": "If the `Mcp-Name` source value cannot be safely
  // represented as a plain ASCII header value, clients **MUST** encode it using the Base64 sentinel
  // format described in [Value Encoding](#value-encoding)."
  it('Base64-encodes an Mcp-Name outside visible ASCII (a resource URI, a prompt name)', async () => {
    server = await startServer((_req, res) =>
      json(res, { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }),
    );
    const { transport } = await recordedTransport(server.url, fetch, { protocolVersion: '2026-07-28' });
    const uri = 'file:///srv/caf\u00e9.txt';
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: ' padded ' } });
    expect(server.requests.map((request) => request.headers['mcp-name'])).toEqual([
      '=?base64?ZmlsZTovLy9zcnYvY2Fmw6kudHh0?=',
      '=?base64?IHBhZGRlZCA=?=',
    ]);
    await transport.close();
  });

  it('delivers a 4xx JSON-RPC error for the request itself as its answer (2026-07-28 statuses)', async () => {
    server = await startServer((_req, res) =>
      json(
        res,
        {
          jsonrpc: '2.0',
          id: 7,
          error: {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: ['2026-07-28'] },
          },
        },
        {},
        400,
      ),
    );
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'server/discover' });
    expect(messages).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
      },
    ]);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('reports invalid JSON with a snippet of the body', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc": "2.0", oops');
    });
    const { transport, errors } = await recordedTransport(server.url, fetch);
    const failure = (await transport
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .catch((e: unknown) => e)) as HttpTransportError;
    expect(failure.code).toBe('INVALID_RESPONSE');
    expect(failure.message).toContain('is not valid JSON: {"jsonrpc": "2.0", oops');
    expect(errors).toEqual([failure]);
    await transport.close();
  });

  it('reports an SSE event that is not JSON-RPC through onerror and keeps reading', async () => {
    server = await startServer((_req, res, recorded) => {
      openSse(res);
      sseEvent(res, { id: '1', data: 'not json at all' });
      sseEvent(res, { id: '2', data: result((recorded.json as { id: number }).id, {}) });
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send({ jsonrpc: '2.0', id: 9, method: 'ping' });
    await waitFor(() => messages.length === 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(
      'SSE event 1 on the SSE stream of request 9 is not valid JSON: not json at all',
    );
    await transport.close();
  });

  it('reports a throwing onmessage handler without treating the stream as broken', async () => {
    server = await startServer((_req, res, recorded) => {
      openSse(res);
      sseEvent(res, { id: '1', data: { jsonrpc: '2.0', method: 'notifications/boom' } });
      sseEvent(res, { id: '2', data: result((recorded.json as { id: number }).id, {}) });
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    transport.onmessage = (message) => {
      if ('method' in message) throw new Error('handler failed');
      messages.push(message);
    };
    await transport.send({ jsonrpc: '2.0', id: 8, method: 'ping' });
    await waitFor(() => messages.length === 1);
    expect(messages).toEqual([result(8, {})]);
    expect(errors.map((e) => e.message)).toEqual(['handler failed']);
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
    await transport.close();
  });

  it('refuses a session id outside visible ASCII', async () => {
    server = await startServer((_req, res, recorded) =>
      json(res, result((recorded.json as { id: number }).id, {}), { 'mcp-session-id': 'has space' }),
    );
    const { transport } = await recordedTransport(server.url, fetch);
    await expect(transport.send(initializeRequest)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('"has space"'),
    });
    expect(transport.sessionId).toBeUndefined();
    await transport.close();
  });

  it('rejects a content type that is neither JSON nor SSE', async () => {
    server = await startServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
    );
    const { transport } = await recordedTransport(server.url, fetch);
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('content type "text/html"'),
    });
    await transport.close();
  });

  it('does not wait for a body it does not need, even one that never ends', async () => {
    server = await startServer((_req, res) => {
      openSse(res); // a notification answered with an endless stream instead of 202
    });
    const { transport, errors } = await recordedTransport(server.url, fetch);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await transport.send({ jsonrpc: '2.0', id: 'r1', result: {} });
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('holds a POST back until the previous one was answered only with orderedSends', async () => {
    for (const orderedSends of [true, false]) {
      const arrivals: number[] = [];
      server = await startServer(async (_req, res, recorded) => {
        const seq = (recorded.json as { params: { seq: number } }).params.seq;
        arrivals[seq] = Date.now();
        // The server is slow to accept the first message.
        if (seq === 0) await new Promise((resolve) => setTimeout(resolve, 400));
        res.writeHead(202).end();
      });
      const { transport } = await recordedTransport(server.url, fetch, {
        orderedSends,
        standaloneStream: false,
      });
      const first = transport.send({ jsonrpc: '2.0', method: 'test/seq', params: { seq: 0 } });
      const second = transport.send({ jsonrpc: '2.0', method: 'test/seq', params: { seq: 1 } });
      await Promise.all([first, second]);
      const gap = (arrivals[1] ?? 0) - (arrivals[0] ?? 0);
      if (orderedSends) expect(gap, 'second POST waited for the first answer').toBeGreaterThanOrEqual(390);
      else expect(gap, 'second POST travelled concurrently').toBeLessThan(390);
      await transport.close();
      await server.close();
      server = undefined;
    }
  });

  it('passes requestInit through to fetch', async () => {
    const seen: unknown[] = [];
    server = await startServer((_req, res, recorded) =>
      json(res, result((recorded.json as { id: number }).id, {})),
    );
    const spy: FetchMiddleware = (next) => async (url, init) => {
      seen.push(init?.keepalive);
      return next(url, init);
    };
    const { transport } = await recordedTransport(server.url, fetch, {
      requestInit: { keepalive: true },
      middleware: [spy],
    });
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(seen).toEqual([true]);
    await transport.close();
  });

  it('stops reading a request stream when its signal aborts, without inventing a response', async () => {
    let streamClosed = false;
    server = await startServer((req, res) => {
      openSse(res);
      sseEvent(res, { id: '1', data: '' });
      req.socket.on('close', () => {
        streamClosed = true;
      });
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      standaloneStream: false,
    });
    const controller = new AbortController();
    await transport.send({ jsonrpc: '2.0', id: 4, method: 'tools/call' }, { signal: controller.signal });
    controller.abort();
    await waitFor(() => streamClosed, 3000, 'the aborted stream to close');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(messages).toEqual([]);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('reports an unreachable server as a NETWORK error', async () => {
    const { transport, errors } = await recordedTransport('http://127.0.0.1:9/mcp', fetch);
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining('POST http://127.0.0.1:9/mcp failed'),
    });
    expect(errors).toHaveLength(1);
    await transport.close();
  });

  it('sends a 2026-07-28 message-header seam through messageHeaders', async () => {
    server = await startServer((_req, res, recorded) =>
      json(res, result((recorded.json as { id: number }).id, {})),
    );
    const { transport } = await recordedTransport(server.url, fetch, {
      messageHeaders: (message, version) =>
        'method' in message ? { 'mcp-method': message.method, 'x-version': version ?? 'none' } : undefined,
    });
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(server.requests[0]?.headers['mcp-method']).toBe('tools/list');
    expect(server.requests[0]?.headers['x-version']).toBe('none');
    await transport.close();
  });
});
