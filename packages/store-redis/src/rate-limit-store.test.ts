// The Redis rate-limit store on a real redis-server: refill on an injected clock, expiry of idle
// buckets, and two HTTP handlers (as two processes) spending one shared bucket.
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from './rate-limit-store.js';
import { useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const rule = { requestsPerSecond: 2, burst: 3 };

describe('RedisRateLimitStore', () => {
  it('takes the burst, refuses, and refills at the rate on the injected clock', async () => {
    const { redis: client } = await redis.stores();
    const store = new RedisRateLimitStore(client, { keyPrefix: 'refill:' });
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await store.take('k', 1000, rule));
    expect(taken.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(taken.map((t) => t.remaining)).toEqual([2, 1, 0, 0]);
    expect(taken[3]).toMatchObject({ retryAfterMs: 500, resetMs: 1500 });
    expect((await store.take('k', 1499, rule)).allowed).toBe(false);
    expect(await store.take('k', 1500, rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await store.take('k', 11_500, rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('lets a bucket expire once it would be full again', async () => {
    const { redis: client } = await redis.stores();
    const store = new RedisRateLimitStore(client, { keyPrefix: 'ttl:' });
    await store.take('k', 0, rule);
    const ttl = await client.pttl('ttl:ratelimit:k');
    // One token short of full at 2/s: 500 ms, plus the 1 s margin.
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1500);
  });

  it('is shared by two handlers: the second refuses once the first spent the bucket', async () => {
    const urls: URL[] = [];
    for (const name of ['a', 'b']) {
      // Each handler with its own connection, as two processes would have.
      const { redis: client } = await redis.stores();
      const server = new McpServer({ name, version: '0.0.0' });
      const handler = createStreamableHttpHandler({
        stateless: true,
        onSession: (transport) => server.connect(transport),
        rateLimit: {
          requestsPerSecond: 0.01,
          burst: 2,
          store: new RedisRateLimitStore(client, { keyPrefix: 'shared:' }),
        },
        now: () => 0,
      });
      const handle = await serve(handler);
      cleanups.push(() => handle.close());
      urls.push(new URL('/mcp', handle.url));
    }
    const ping = (url: URL) =>
      fetch(url, {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    const first = await ping(urls[0]!);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect((await ping(urls[1]!)).status).toBe(200);
    const refused = await ping(urls[0]!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('100');
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining('exceeded for address 127.0.0.1') },
    });
    expect((await ping(urls[1]!)).status).toBe(429);
  });
});
