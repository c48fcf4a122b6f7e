import { afterEach, describe, expect, it } from 'vitest';
import { fetchImplementations, recordedTransport } from '../test/harness.js';
import { json, openSse, result, startServer, type TestServer } from '../test/http-server.js';
import type { FetchLike } from './fetch.js';
import { nodeFetch } from './node-request.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A JSON-RPC echo server that records the client port of every request (one port = one connection). */
async function echoServer(ports: number[]): Promise<TestServer> {
  const server = await startServer((req, res, recorded) => {
    ports.push(req.socket.remotePort ?? 0);
    const message = recorded.json as { id?: number };
    if (message.id === undefined) res.writeHead(202).end();
    else json(res, result(message.id, { ok: true }));
  });
  servers.push(server);
  return server;
}

const ping = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' });

describe('which way a transport sends its requests', () => {
  it('uses the Node path (undici) when given no fetch, and keeps its connections alive', async () => {
    const ports: number[] = [];
    const server = await echoServer(ports);
    const realFetch = globalThis.fetch;
    let fetchCalls = 0;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      fetchCalls++;
      return realFetch(...args);
    }) as typeof fetch;
    try {
      const { transport, messages } = await recordedTransport(server.url, undefined);
      for (let id = 1; id <= 5; id++) await transport.send(ping(id));
      expect(messages).toHaveLength(5);
      await transport.close();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(fetchCalls).toBe(0);
    // Sequential requests take turns on two kept-alive connections: undici checks an idle socket for
    // a pending close during one turn of the event loop before reusing it, and meanwhile uses another.
    expect(new Set(ports).size).toBeLessThanOrEqual(2);
  });

  it('returns the connection of a finished SSE answer to the pool', async () => {
    const ports: number[] = [];
    const server = await startServer((req, res, recorded) => {
      ports.push(req.socket.remotePort ?? 0);
      openSse(res);
      // The response event and the end of the stream in one write: the body is complete when read.
      res.end(`id: e1\ndata: ${JSON.stringify(result((recorded.json as { id: number }).id, {}))}\n\n`);
    });
    servers.push(server);
    const { transport, messages } = await recordedTransport(server.url, undefined);
    for (let id = 1; id <= 3; id++) {
      await transport.send(ping(id));
      await expect.poll(() => messages.length, { timeout: 5000 }).toBe(id);
      await new Promise((resolve) => setImmediate(resolve)); // the drained socket goes back to the pool
    }
    expect(new Set(ports).size).toBe(1);
    await transport.close();
  });

  it.each([
    ['fetch', { fetch: ((url, init) => globalThis.fetch(url, init as RequestInit)) as FetchLike }],
    ['middleware', { middleware: [(next: FetchLike) => next] }],
    ['requestInit', { requestInit: { keepalive: false } }],
  ])('uses fetch when given %s', async (_what, options) => {
    const server = await echoServer([]);
    const realFetch = globalThis.fetch;
    let fetchCalls = 0;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      fetchCalls++;
      return realFetch(...args);
    }) as typeof fetch;
    try {
      const { transport } = await recordedTransport(server.url, undefined, options);
      await transport.send(ping(1));
      await transport.close();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(fetchCalls).toBe(1);
  });

  it('is not offered where process.getBuiltinModule is missing, nor on Bun', () => {
    const process = globalThis.process as unknown as Record<string, unknown>;
    const getBuiltinModule = process.getBuiltinModule;
    expect(nodeFetch()).toBeTypeOf('function');
    try {
      process.getBuiltinModule = undefined;
      expect(nodeFetch()).toBeUndefined();
    } finally {
      process.getBuiltinModule = getBuiltinModule;
    }
    const versions = process.versions as Record<string, string>;
    versions.bun = '1.2.0';
    try {
      expect(nodeFetch()).toBeUndefined();
    } finally {
      delete versions.bun;
    }
  });
});

describe.each(fetchImplementations)('redirects over %s', (_name, fetch) => {
  it('follows a 307 with the same method and body', async () => {
    const server = await startServer((req, res, recorded) => {
      if (req.url === '/mcp') return res.writeHead(307, { location: '/moved' }).end();
      json(res, result((recorded.json as { id: number }).id, { at: req.url }));
    });
    servers.push(server);
    const { transport, messages } = await recordedTransport(server.url, fetch);
    await transport.send(ping(7));
    expect(messages).toEqual([result(7, { at: '/moved' })]);
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      `POST /mcp ${JSON.stringify(ping(7))}`,
      `POST /moved ${JSON.stringify(ping(7))}`,
    ]);
    await transport.close();
  });

  it('drops the Authorization header when a redirect leaves the origin', async () => {
    const target = await startServer((req, res, recorded) =>
      json(res, result((recorded.json as { id: number }).id, { auth: req.headers.authorization ?? null })),
    );
    servers.push(target);
    // 127.0.0.1 and localhost are different origins (same machine).
    const elsewhere = target.url.replace('127.0.0.1', 'localhost');
    const origin = await startServer((_req, res) => res.writeHead(308, { location: elsewhere }).end());
    servers.push(origin);
    const { transport, messages } = await recordedTransport(origin.url, fetch, {
      headers: { authorization: 'Bearer secret' },
    });
    await transport.send(ping(1));
    expect(origin.requests[0]?.headers.authorization).toBe('Bearer secret');
    expect(messages).toEqual([result(1, { auth: null })]);
    await transport.close();
  });
});

// node-fetch itself fails on a redirect loop with an unhandled TypeError of its own: the node:http
// path is held to what the global fetch does.
describe.each(fetchImplementations.filter(([name]) => name !== 'node-fetch'))(
  'redirect loops over %s',
  (_name, fetch) => {
    it('gives up on a redirect loop with a NETWORK error', async () => {
      const server = await startServer((_req, res) => res.writeHead(307, { location: '/mcp' }).end());
      servers.push(server);
      const { transport, errors } = await recordedTransport(server.url, fetch);
      const failure = await transport.send(ping(1)).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'NETWORK', method: 'POST' });
      expect((failure as Error).message).toMatch(/redirect/);
      expect(errors).toEqual([failure]);
      await transport.close();
    });
  },
);
