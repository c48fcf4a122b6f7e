import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { ListCache } from './list-cache.js';
import { MemoryNegotiationCache, serverKeyOf } from './negotiation-cache.js';
import { createClient, startFakeServer } from './test-helpers/fake-server.js';

describe('negotiation cache', () => {
  async function connectOnce(cache: MemoryNegotiationCache) {
    const { client, clientTransport, serverTransport } = createClient({ negotiationCache: cache });
    Object.assign(clientTransport, { serverKey: 'memory://legacy' });
    const server = await startFakeServer(serverTransport);
    await client.connect(clientTransport);
    const version = client.protocolVersion;
    await client.close();
    return { server, version };
  }

  it('skips the server/discover probe for a server it already found to be a legacy one', async () => {
    const cache = new MemoryNegotiationCache();
    const first = await connectOnce(cache);
    expect(first.version).toBe('2025-11-25');
    expect(first.server.requests('server/discover')).toHaveLength(1);
    expect(cache.get('memory://legacy')).toBe('2025-11-25');
    const second = await connectOnce(cache);
    expect(second.version).toBe('2025-11-25');
    expect(second.server.requests('server/discover')).toHaveLength(0);
    expect(second.server.requests('initialize')).toHaveLength(1);
  });

  it('keys servers by transport serverKey or URL, and bounds its size', () => {
    expect(serverKeyOf(Object.assign({} as never, { url: 'http://127.0.0.1:1/mcp' }))).toBe(
      'http://127.0.0.1:1/mcp',
    );
    expect(serverKeyOf({} as never)).toBeUndefined();
    const cache = new MemoryNegotiationCache(2);
    cache.set('a', '2025-11-25');
    cache.set('b', '2025-11-25');
    cache.set('c', '2025-06-18');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, '2025-11-25', '2025-06-18']);
  });
});

describe('list cache', () => {
  it('keeps a list for its ttlMs and forgets it on expiry or a list change', async () => {
    let now = 1_000;
    const cache = new ListCache(() => now);
    let loads = 0;
    const load = async (): Promise<JSONObject> => ({
      tools: [{ name: `t${++loads}` }],
      ttlMs: 500,
      cacheScope: 'private',
    });
    expect(await cache.through('tools/list', undefined, load)).toMatchObject({ tools: [{ name: 't1' }] });
    expect(await cache.through('tools/list', {}, load)).toMatchObject({ tools: [{ name: 't1' }] });
    now += 501;
    expect(await cache.through('tools/list', undefined, load)).toMatchObject({ tools: [{ name: 't2' }] });
    cache.invalidate('tools');
    expect(await cache.through('tools/list', undefined, load)).toMatchObject({ tools: [{ name: 't3' }] });
    expect(loads).toBe(3);
  });

  it('never caches a result without a positive ttlMs, and keys pages by cursor', async () => {
    const cache = new ListCache();
    let loads = 0;
    await cache.through('prompts/list', undefined, async () => ({ prompts: [], ttlMs: 0, n: ++loads }));
    await cache.through('prompts/list', undefined, async () => ({ prompts: [], n: ++loads }));
    expect(loads).toBe(2);
    await cache.through('prompts/list', { cursor: 'a' }, async () => ({
      prompts: [],
      ttlMs: 1000,
      n: ++loads,
    }));
    const other = await cache.through('prompts/list', { cursor: 'b' }, async () => ({
      prompts: [],
      ttlMs: 1000,
      n: ++loads,
    }));
    expect(other).toMatchObject({ n: 4 });
  });

  it('serves tools/list from the cache through McpClient when listCache is on', async () => {
    const { client, clientTransport, serverTransport } = createClient({
      listCache: true,
      protocolVersion: '2025-11-25',
    });
    const server = await startFakeServer(serverTransport, {
      handlers: {
        'tools/list': () => ({
          tools: [{ name: 'a', inputSchema: { type: 'object' } }],
          ttlMs: 60_000,
          cacheScope: 'private',
        }),
      },
    });
    await client.connect(clientTransport);
    await client.listTools();
    await client.listTools();
    expect(server.requests('tools/list')).toHaveLength(1);
    await client.close();
  });
});
