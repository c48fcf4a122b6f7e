import type { AuthInfo } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import type { HttpRequestHead } from './exchange.js';
import { InMemoryRateLimitStore, type RateLimitStore } from './rate-limit.js';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { BASE, postRequest, request } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

const rule = { requestsPerSecond: 2, burst: 3 };

describe('InMemoryRateLimitStore', () => {
  it('takes the burst, refuses, and refills at the rate on the injected clock', () => {
    const store = new InMemoryRateLimitStore();
    const taken = [0, 0, 0, 0].map(() => store.take('k', 1000, rule));
    expect(taken.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(taken.map((t) => t.remaining)).toEqual([2, 1, 0, 0]);
    // 2/s: one token every 500 ms; the bucket is full again 1.5 s after it was emptied.
    expect(taken[3]).toMatchObject({ retryAfterMs: 500, resetMs: 1500 });
    expect(store.take('k', 1499, rule).allowed).toBe(false);
    expect(store.take('k', 1500, rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect(store.take('k', 11_500, rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('keeps keys apart', () => {
    const store = new InMemoryRateLimitStore();
    for (let i = 0; i < 3; i++) store.take('a', 0, rule);
    expect(store.take('a', 0, rule).allowed).toBe(false);
    expect(store.take('b', 0, rule).allowed).toBe(true);
  });

  it('drops buckets back to full as later takes pass them, and never holds more than maxBuckets', () => {
    const store = new InMemoryRateLimitStore({ maxBuckets: 100 });
    for (let i = 0; i < 1000; i++) store.take(`busy-${i}`, 0, rule);
    expect(store.size).toBe(100);
    // Much later every old bucket is full again: new takes sweep them out.
    for (let i = 0; i < 60; i++) store.take(`late-${i}`, 100_000, rule);
    expect(store.size).toBeLessThanOrEqual(60);
  });
});

const withPrincipal = (request: HttpRequestHead): AuthInfo | undefined => {
  const token = request.header('authorization')?.replace('Bearer ', '');
  return token ? { token, clientId: token, scopes: [] } : undefined;
};

describe.each(ADAPTERS)('rateLimit on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('answers 429 with Retry-After, RateLimit-* and a JSON-RPC error naming the limit', async () => {
    let now = 0;
    const { handler } = harness({
      rateLimit: rule,
      authenticate: withPrincipal,
      now: () => now,
    });
    const alice = { authorization: 'Bearer alice' };
    const { headers } = await initialize(handler, '2025-11-25', alice);
    const second = await handler(postRequest(request('echo', 1), headers));
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-limit')).toBe('3');
    expect(second.headers.get('ratelimit-remaining')).toBe('1');
    await second.text();
    await (await handler(postRequest(request('echo', 2), headers))).text();
    const refused = await handler(postRequest(request('echo', 3), headers));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe('2');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Too Many Requests: rate limit of 3 requests, refilled at 2/s, exceeded for principal alice; retry in 1 s',
        data: { limit: 'rateLimit', burst: 3, requestsPerSecond: 2, retryAfterSeconds: 1 },
      },
    });
    // GET counts too; another principal has its own bucket.
    const get = new Request(`${BASE}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } });
    expect((await handler(get)).status).toBe(429);
    await initialize(handler, '2025-11-25', { authorization: 'Bearer bob' });
    now += 500;
    expect((await handler(postRequest(request('echo', 4), headers))).status).toBe(200);
    // DELETE is never limited: a client out of tokens can still end its session and free it.
    expect((await handler(postRequest(request('echo', 5), headers))).status).toBe(429);
    expect((await handler(new Request(`${BASE}/mcp`, { method: 'DELETE', headers }))).status).toBe(200);
    expect((await handler(postRequest(request('echo', 6), headers))).status).toBe(429);
  });

  it('limits unauthenticated requests per client address, and not the health endpoint', async () => {
    const { handler } = harness({
      rateLimit: { requestsPerSecond: 0.001, burst: 1 },
      health: true,
      clientAddress: (request) => request.header('x-test-address'),
      now: () => 0,
    });
    const from = (address: string) => postRequest(request('echo', 1), { 'x-test-address': address });
    expect((await handler(from('10.0.0.1'))).status).not.toBe(429);
    const refused = await handler(from('10.0.0.1'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining('address 10.0.0.1') },
    });
    expect((await handler(from('10.0.0.2'))).status).not.toBe(429);
    for (let i = 0; i < 3; i++) expect((await handler(new Request(`${BASE}/healthz`))).status).toBe(200);
  });

  it('counts requests authenticate refuses against their address, and refuses an emptied address before authenticate runs', async () => {
    let now = 0;
    let checks = 0;
    const { handler } = harness({
      rateLimit: { requestsPerSecond: 1, burst: 3 },
      clientAddress: (request) => request.header('x-test-address'),
      authenticate: (request) => {
        checks++;
        return withPrincipal(request) ?? { status: 401, headers: {}, body: '{"error":"unauthorized"}' };
      },
      now: () => now,
    });
    const from = (address: string, headers: Record<string, string> = {}) =>
      handler(postRequest(request('echo', 1), { 'x-test-address': address, ...headers }));
    // A token-less flood: three 401s empty the bucket, the fourth finds it empty.
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await from('10.0.0.9')).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
    // Every refusal after the one that found the bucket empty came before the token check.
    expect(checks).toBe(4);
    const refused = await from('10.0.0.9');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({
      error: {
        message:
          'Too Many Requests: rate limit of 3 requests, refilled at 1/s, exceeded for address 10.0.0.9 by requests that authentication refused; retry in 1 s',
        data: { limit: 'rateLimit', burst: 3, requestsPerSecond: 1, retryAfterSeconds: 1 },
      },
    });
    // Another address is not affected; once a token is back, the address is heard again.
    expect([401, 429]).not.toContain((await from('10.0.0.10', { authorization: 'Bearer bob' })).status);
    now += 1_000;
    expect((await from('10.0.0.9')).status).toBe(401);
    expect(checks).toBe(6);
  });

  it('limits a DELETE without a principal by its address (an authenticated one: see above)', async () => {
    const { handler } = harness({
      rateLimit: { requestsPerSecond: 0.001, burst: 2 },
      clientAddress: (request) => request.header('x-test-address'),
      now: () => 0,
    });
    const { headers } = await initialize(handler, '2025-11-25', { 'x-test-address': '10.0.0.3' });
    const del = (id: string) =>
      handler(
        new Request(`${BASE}/mcp`, {
          method: 'DELETE',
          headers: { ...headers, 'mcp-session-id': id, 'x-test-address': '10.0.0.3' },
        }),
      );
    // Guessing session ids costs a token each: the second guess empties the bucket.
    expect((await del('guess-1')).status).toBe(404);
    expect((await del('guess-2')).status).toBe(429);
  });

  it('lets requests through and tells onerror when the store fails', async () => {
    const errors: Error[] = [];
    const failing: RateLimitStore = {
      take: () => Promise.reject(new Error('store down')),
    };
    const { handler } = harness({
      rateLimit: { ...rule, store: failing },
      authenticate: withPrincipal,
      onerror: (error) => errors.push(error),
    });
    await initialize(handler, '2025-11-25', { authorization: 'Bearer alice' });
    expect(errors[0]?.message).toContain('rate limit store failed for principal:alice');
  });
});

describe('rateLimit option checks', () => {
  it('refuses a rule that cannot work, saying what was expected', () => {
    expect(() => harness({ rateLimit: { requestsPerSecond: 0, burst: 1 } })).toThrow(
      'rateLimit.requestsPerSecond must be a positive finite number, got 0',
    );
    expect(() => harness({ rateLimit: { requestsPerSecond: 1, burst: 0.5 } })).toThrow(
      'rateLimit.burst must be a whole number >= 1, got 0.5',
    );
  });
});
