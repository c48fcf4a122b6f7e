import type { JSONRPCMessage } from '@mcpkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchImplementations } from '../test/harness.js';
import { initializeRequest, result, startServer, waitFor } from '../test/http-server.js';
import { type LegacyServer, startLegacyServer } from '../test/legacy-server.js';
import { HttpTransportError } from './errors.js';
import { FallbackHttpClientTransport } from './fallback.js';
import type { FetchLike } from './fetch.js';
import { SseClientTransport } from './sse-legacy.js';

let server: LegacyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function record(transport: SseClientTransport | FallbackHttpClientTransport) {
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closes = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => closes++;
  return { messages, errors, closes: () => closes };
}

function withFetch(fetch: FetchLike | undefined) {
  return fetch ? { fetch } : {};
}

describe.each(fetchImplementations)('SseClientTransport over %s', (_name, fetch) => {
  it('waits for the endpoint event, POSTs there and receives message events', async () => {
    server = await startLegacyServer();
    const transport = new SseClientTransport(server.sseUrl, {
      ...withFetch(fetch),
      headers: { 'x-api-key': 'k' },
    });
    const { messages, errors } = record(transport);
    await transport.start();
    expect(transport.endpoint).toBe(server.sseUrl.replace('/sse', '/messages?sessionId=abc'));
    expect(transport.sessionId).toBe('abc');
    await transport.send(initializeRequest);
    transport.setProtocolVersion('2024-11-05');
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await waitFor(() => messages.length === 2);
    expect(messages).toEqual([
      result(0, { protocolVersion: '2024-11-05', capabilities: {} }),
      result(1, { echoed: 'tools/list' }),
    ]);
    const [get, post1, post2] = server.requests;
    expect(get?.headers).toMatchObject({ accept: 'text/event-stream', 'x-api-key': 'k' });
    expect(post1?.headers).toMatchObject({ 'content-type': 'application/json', 'x-api-key': 'k' });
    expect(post1?.headers['mcp-protocol-version']).toBeUndefined();
    expect(post2?.headers['mcp-protocol-version']).toBe('2024-11-05');
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('refuses an endpoint on another origin', async () => {
    server = await startLegacyServer({ endpoint: 'http://evil.example/messages' });
    const transport = new SseClientTransport(server.sseUrl, withFetch(fetch));
    await expect(transport.start()).rejects.toMatchObject({
      code: 'LEGACY_ENDPOINT',
      message: expect.stringContaining('another origin (http://evil.example)'),
    });
  });

  it('fails start when the stream ends or times out without an endpoint event', async () => {
    server = await startLegacyServer({ endpoint: null, endAfterEndpoint: true });
    await expect(new SseClientTransport(server.sseUrl, withFetch(fetch)).start()).rejects.toMatchObject({
      code: 'LEGACY_ENDPOINT',
      message: expect.stringContaining('sent no endpoint event before the stream ended'),
    });
    await server.close();
    server = await startLegacyServer({ endpoint: null });
    const slow = new SseClientTransport(server.sseUrl, { ...withFetch(fetch), endpointTimeoutMs: 50 });
    await expect(slow.start()).rejects.toThrow('sent no endpoint event within 50 ms');
  });

  it('rejects a pending start when closed before the endpoint event', async () => {
    server = await startLegacyServer({ endpoint: null });
    const transport = new SseClientTransport(server.sseUrl, withFetch(fetch));
    const { closes } = record(transport);
    const starting = transport.start();
    await waitFor(() => server!.streams.length === 1);
    await transport.close();
    await expect(starting).rejects.toMatchObject({
      code: 'CLOSED',
      message: expect.stringContaining('before'),
    });
    expect(closes()).toBe(1);
  });

  it('names the status of a refused GET', async () => {
    server = await startLegacyServer();
    const transport = new SseClientTransport(server.sseUrl.replace('/sse', '/nowhere'), withFetch(fetch));
    const failure = (await transport.start().catch((e: unknown) => e)) as HttpTransportError;
    expect(failure).toBeInstanceOf(HttpTransportError);
    expect(failure.status).toBe(404);
    expect(failure.message).toContain('answered HTTP 404');
  });

  it('reports the end of the stream as the end of the session and closes', async () => {
    server = await startLegacyServer();
    const transport = new SseClientTransport(server.sseUrl, withFetch(fetch));
    const { errors, closes } = record(transport);
    await transport.start();
    server.streams[0]?.end();
    await waitFor(() => closes() === 1);
    expect(errors[0]).toMatchObject({ code: 'STREAM_INTERRUPTED' });
    await expect(transport.send(initializeRequest)).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('never reconnects the stream, even when the server asked for a short retry delay', async () => {
    server = await startLegacyServer();
    const transport = new SseClientTransport(server.sseUrl, withFetch(fetch));
    const { closes } = record(transport);
    await transport.start();
    // EventSource would reconnect after `retry` ms; the legacy session cannot survive that.
    server.streams[0]?.write('retry: 5\n\n');
    server.streams[0]?.end();
    await waitFor(() => closes() === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.streams).toHaveLength(1);
  });

  it('reports a failed POST with status and URL', async () => {
    server = await startLegacyServer({ endpoint: '/missing' });
    const transport = new SseClientTransport(server.sseUrl, withFetch(fetch));
    const { errors } = record(transport);
    await transport.start();
    await expect(transport.send(initializeRequest)).rejects.toMatchObject({
      code: 'HTTP_STATUS',
      status: 404,
      message: expect.stringContaining(`POST ${server.sseUrl.replace('/sse', '/missing')} answered HTTP 404`),
    });
    expect(errors).toHaveLength(1);
    await transport.close();
  });
});

describe.each(fetchImplementations)('FallbackHttpClientTransport over %s', (_name, fetch) => {
  for (const status of [400, 404, 405]) {
    it(`switches to the legacy transport when the initialize POST gets ${status}`, async () => {
      server = await startLegacyServer({ probeStatus: status });
      const transport = new FallbackHttpClientTransport(server.sseUrl, withFetch(fetch));
      const { messages, errors } = record(transport);
      await transport.start();
      expect(transport.mode).toBe('pending');
      await transport.send(initializeRequest);
      expect(transport.mode).toBe('legacy-sse');
      await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      await waitFor(() => messages.length === 2);
      expect(messages[1]).toEqual(result(1, { echoed: 'tools/list' }));
      expect(transport.sessionId).toBe('abc');
      expect(errors).toEqual([]);
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /sse',
        'GET /sse',
        'POST /messages?sessionId=abc',
        'POST /messages?sessionId=abc',
        'POST /messages?sessionId=abc',
      ]);
      await transport.close();
    });
  }

  it('stays on Streamable HTTP when the server speaks it', async () => {
    const modern = await startServer((req, res, recorded) => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'm1' });
      res.end(JSON.stringify(result((recorded.json as { id: number }).id, {})));
    });
    try {
      const transport = new FallbackHttpClientTransport(modern.url, withFetch(fetch));
      const { messages, closes } = record(transport);
      await transport.start();
      await transport.send(initializeRequest);
      expect(transport.mode).toBe('streamable-http');
      expect(transport.sessionId).toBe('m1');
      expect(messages).toHaveLength(1);
      await transport.close();
      expect(closes()).toBe(1);
    } finally {
      await modern.close();
    }
  });

  it('reports both failures when neither transport works', async () => {
    const neither = await startServer((_req, res) => res.writeHead(405).end());
    try {
      const transport = new FallbackHttpClientTransport(neither.url, withFetch(fetch));
      const { errors } = record(transport);
      await transport.start();
      const failure = (await transport
        .send(initializeRequest)
        .catch((e: unknown) => e)) as HttpTransportError;
      expect(failure.code).toBe('LEGACY_ENDPOINT');
      expect(failure.message).toContain(`POST ${neither.url} answered HTTP 405`);
      expect(failure.message).toContain('legacy HTTP+SSE fallback failed too');
      expect(failure.message).toContain(`GET ${neither.url} answered HTTP 405`);
      expect(errors).toEqual([failure]);
      await transport.close();
    } finally {
      await neither.close();
    }
  });

  it('does not fall back on a server error', async () => {
    const broken = await startServer((_req, res) => res.writeHead(500).end('boom'));
    try {
      const transport = new FallbackHttpClientTransport(broken.url, withFetch(fetch));
      const { errors } = record(transport);
      await transport.start();
      await expect(transport.send(initializeRequest)).rejects.toMatchObject({
        code: 'HTTP_STATUS',
        status: 500,
      });
      expect(transport.mode).toBe('pending');
      expect(errors).toHaveLength(1);
      expect(broken.requests).toHaveLength(1);
      await transport.close();
    } finally {
      await broken.close();
    }
  });
});
