import type { JSONRPCMessage } from '@mcpkit/protocol';
import { afterAll, beforeAll } from 'vitest';
import { createRedisStores, type RedisStores, type RedisStoresOptions } from '../stores.js';
import { type RedisProcess, startRedis } from './redis-server.js';

export const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'n', params: { n } });

/** Polls `check` every 20 ms for up to `ms` (generous: the CI machine is loaded). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 15_000,
): Promise<void> {
  for (const start = Date.now(); Date.now() - start < ms; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/**
 * One redis-server for the test file, and a factory of store sets on it, each with its own key
 * prefix (so tests do not see each other's keys) unless one is given; all closed after the file.
 */
export function useRedis() {
  const state: { redis?: RedisProcess; errors: Error[] } = { errors: [] };
  const opened: RedisStores[] = [];
  let counter = 0;
  beforeAll(async () => {
    state.redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((stores) => stores.close()));
    await state.redis?.stop();
  });
  return {
    get server(): RedisProcess {
      if (!state.redis) throw new Error('redis-server is not started yet (use it inside a test)');
      return state.redis;
    },
    /** Errors reported to `onerror` by every store set of this file. */
    errors: state.errors,
    async stores(options: Partial<RedisStoresOptions> = {}): Promise<RedisStores> {
      const stores = await createRedisStores({
        target: this.server.url,
        keyPrefix: `t${++counter}:`,
        onerror: (error) => state.errors.push(error),
        ...options,
      });
      opened.push(stores);
      return stores;
    },
  };
}
