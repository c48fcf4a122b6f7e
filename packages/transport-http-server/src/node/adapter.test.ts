import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from '../handler.js';
import { connectFakeServer, type FakeServer } from '../test-helpers/fake-server.js';
import { ACCEPT_BOTH, initializeMessage, request, SseReader } from '../test-helpers/http.js';
import { type ServerHandle, serve, toNodeHandler } from './index.js';

const handles: ServerHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

async function start(options: Parameters<typeof createStreamableHttpHandler>[0] | object = {}) {
  const servers: FakeServer[] = [];
  const handler = createStreamableHttpHandler({
    onSession: async (transport) => {
      await connectFakeServer(transport, servers);
    },
    ...options,
  });
  const handle = await serve(handler, { port: 0 });
  handles.push(handle);
  return { handler, handle, servers, endpoint: new URL('/mcp', handle.url) };
}

function post(url: URL, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(url, {
    method: 'POST',
    headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

/** A raw request, for headers fetch will not let us set (Host). */
function raw(url: URL, options: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('Node adapter over real sockets', () => {
  it('reads a body sent in several chunks, a character split between two, as one text', async () => {
    const { endpoint } = await start();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'caf\u00e9', version: '1' },
      },
    });
    const bytes = Buffer.from(body, 'utf8');
    const split = bytes.indexOf(0xa9); // the second byte of "é"
    const parts = [bytes.subarray(0, 10), bytes.subarray(10, split), bytes.subarray(split)];
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // No Content-Length: each write goes as its own HTTP chunk, so the body arrives in pieces.
      const req = httpRequest(
        endpoint,
        { method: 'POST', headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(parts[0]);
      setImmediate(() => {
        req.write(parts[1]);
        setImmediate(() => req.end(parts[2]));
      });
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
  });

  it('serve() binds 127.0.0.1 on a free port and serves a session', async () => {
    const { handle, endpoint, servers } = await start();
    expect(handle.host).toBe('127.0.0.1');
    expect(handle.port).toBeGreaterThan(0);
    const init = await post(endpoint, initializeMessage());
    expect(init.status).toBe(200);
    const sessionId = init.headers.get('mcp-session-id')!;
    expect(await init.json()).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    const call = await post(endpoint, request('echo', 1, { hi: 'there' }), { 'mcp-session-id': sessionId });
    expect(await call.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { hi: 'there' } } });
    expect(servers[0]!.received[1]!.extra?.requestHeaders?.get('mcp-session-id')).toBe(sessionId);
  });

  it('streams SSE events as they happen, without buffering the response', async () => {
    const { endpoint, servers } = await start({ responseMode: 'sse' });
    const init = await post(endpoint, initializeMessage());
    const headers = { 'mcp-session-id': init.headers.get('mcp-session-id')! };
    await init.text();
    const response = await post(endpoint, request('wait', 1), headers);
    const reader = new SseReader(response);
    // The priming event arrives while the call is still running.
    expect(await reader.next()).toMatchObject({ data: '' });
    servers[0]!.release();
    expect(JSON.parse((await reader.next())!.data)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { waited: true },
    });
    expect(await reader.next()).toBeUndefined();
  });

  it('turns a client disconnect of the GET stream into a detached stream', async () => {
    const { endpoint } = await start();
    const init = await post(endpoint, initializeMessage());
    const headers = { 'mcp-session-id': init.headers.get('mcp-session-id')!, accept: 'text/event-stream' };
    await init.text();
    const abort = new AbortController();
    const get = await fetch(endpoint, { headers, signal: abort.signal });
    expect(get.status).toBe(200);
    expect((await fetch(endpoint, { headers })).status).toBe(409);
    abort.abort();
    let status = 409;
    async function poll() {
      for (let i = 0; i < 100 && status === 409; i++) {
        const again = await fetch(endpoint, { headers });
        status = again.status;
        if (status === 200) await again.body?.cancel();
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    await poll();
    expect(status).toBe(200);
  });

  it('a POST stream whose client disconnects keeps going; its response is replayed on resume', async () => {
    const { endpoint, servers } = await start({ responseMode: 'sse' });
    const init = await post(endpoint, initializeMessage());
    const headers = { 'mcp-session-id': init.headers.get('mcp-session-id')! };
    await init.text();
    const abort = new AbortController();
    const response = await post(endpoint, request('wait', 1), headers, abort.signal);
    const priming = await new SseReader(response).next();
    abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 20));
    servers[0]!.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(servers[0]!.closed).toBe(false);
    const resumed = await fetch(endpoint, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': priming!.id! },
    });
    const events = await new SseReader(resumed).rest();
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { jsonrpc: '2.0', id: 1, result: { waited: true } },
    ]);
  });

  it('rejects a foreign Host header with 403 over the wire', async () => {
    const { endpoint } = await start();
    const response = await raw(endpoint, {
      method: 'POST',
      headers: { host: 'evil.example.com', accept: ACCEPT_BOTH, 'content-type': 'application/json' },
      body: JSON.stringify(initializeMessage()),
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({
      error: { message: expect.stringContaining('evil.example.com') },
    });
  });

  it('refuses an oversized body with 413 before reading it all', async () => {
    const { endpoint } = await start({ maxBodyBytes: 100 });
    const response = await post(endpoint, { ...initializeMessage(), pad: 'x'.repeat(1000) });
    expect(response.status).toBe(413);
  });

  it('answers 413 to an endless chunked body instead of reading it forever', async () => {
    const { endpoint } = await start({ maxBodyBytes: 1000 });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(new TextEncoder().encode('x'.repeat(500)));
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    const response = await fetch(endpoint, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json' },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { data: { limitBytes: 1000 } } });
  });

  it('serves the legacy SSE transport over the wire', async () => {
    const { handle } = await start();
    const sse = await fetch(new URL('/sse', handle.url), { headers: { accept: 'text/event-stream' } });
    const reader = new SseReader(sse);
    const endpoint = await reader.next();
    expect(endpoint!.event).toBe('endpoint');
    const accepted = await fetch(new URL(endpoint!.data, handle.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(initializeMessage('2024-11-05')),
    });
    expect(accepted.status).toBe(202);
    expect(JSON.parse((await reader.next())!.data)).toMatchObject({
      id: 0,
      result: { protocolVersion: '2024-11-05' },
    });
    await reader.cancel();
  });

  it('works behind a framework that already parsed the body and mounted the router', async () => {
    const servers: FakeServer[] = [];
    const handler = createStreamableHttpHandler({
      onSession: async (transport) => {
        await connectFakeServer(transport, servers);
      },
    });
    const nodeHandler = toNodeHandler(handler);
    // What Express does: express.json() fills req.body, a router mounted at /api sets originalUrl.
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        text += chunk;
      });
      req.on('end', () => {
        const framed = req as IncomingMessage & { body?: unknown; originalUrl?: string };
        if (text) framed.body = JSON.parse(text);
        framed.originalUrl = req.url;
        req.url = req.url!.replace(/^\/api/, '');
        void nodeHandler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await post(new URL(`http://127.0.0.1:${port}/api/mcp`), initializeMessage());
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ result: { serverInfo: { name: 'fake' } } });
    } finally {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
