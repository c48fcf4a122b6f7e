import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './stores/memory-session-store.js';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { postRequest, request } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

/** A session store whose backend went away after the session opened, failing the way `store` says. */
function storeFailingWith(failure: () => Error) {
  const store = new InMemorySessionStore();
  let down = false;
  const touch = store.touch.bind(store);
  store.touch = (id, now) => (down ? Promise.reject(failure()) : touch(id, now));
  return { store, goDown: () => (down = true) };
}

describe.each(ADAPTERS)('a store that cannot be reached, on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('answers 503 with Retry-After and the store error when the error is marked storeUnavailable', async () => {
    const unavailable = () =>
      Object.assign(new Error('Redis touch of session s failed: Connection is closed.'), {
        storeUnavailable: true as const,
        retryAfterSeconds: 3,
      });
    const { store, goDown } = storeFailingWith(unavailable);
    const errors: Error[] = [];
    const { handler } = harness({ sessionStore: store, onerror: (error) => errors.push(error) });
    const { headers } = await initialize(handler);
    goDown();
    const refused = await handler(postRequest(request('echo', 1), headers));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32603,
        message: 'Service Unavailable: Redis touch of session s failed: Connection is closed.',
      },
    });
    expect(errors.map((error) => error.message)).toContain(
      'Redis touch of session s failed: Connection is closed.',
    );
  });

  it('finds the mark on a cause too, and waits 2 s when the store names no delay', async () => {
    const cause = Object.assign(new Error('connection refused'), { storeUnavailable: true as const });
    const { store, goDown } = storeFailingWith(() => new Error('touch failed', { cause }));
    const { handler } = harness({ sessionStore: store, onerror: () => undefined });
    const { headers } = await initialize(handler);
    goDown();
    const refused = await handler(postRequest(request('echo', 1), headers));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
  });

  it('keeps 500 for a store error that is not about reaching the store', async () => {
    const { store, goDown } = storeFailingWith(() => new Error('WRONGTYPE Operation against a key'));
    const { handler } = harness({ sessionStore: store, onerror: () => undefined });
    const { headers } = await initialize(handler);
    goDown();
    const failed = await handler(postRequest(request('echo', 1), headers));
    expect(failed.status).toBe(500);
    expect(failed.headers.get('retry-after')).toBeNull();
    expect((await failed.json()).error.message).toBe(
      'Internal Server Error: WRONGTYPE Operation against a key',
    );
  });
});
