import { createHook } from 'node:async_hooks';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientError } from './errors.js';
import { type ClientMiddlewareContext, type MiddlewareLayer, runMiddleware } from './middleware.js';

// What the chain costs per request, counted in promises (each one an async_hooks resource, dearer
// still once an AsyncLocalStorage such as OTel's context manager has run), and how it tells an
// error from below (passed through) from a middleware's own (wrapped) without a wrapper per layer.

const context = (): ClientMiddlewareContext => ({
  method: 'tools/call',
  params: { name: 't' },
  protocolVersion: '2025-11-25',
  sessionId: undefined,
  serverInfo: undefined,
});
const send = (): Promise<JSONObject> => Promise.resolve({ content: [] });
const observe: MiddlewareLayer = [(_ctx, next) => next(), 'observe'];

/** Promises created while sending `requests` requests one after another through `layers`. */
async function promisesFor(layers: readonly MiddlewareLayer[], requests: number): Promise<number> {
  let count = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') count++;
    },
  });
  const results: JSONObject[] = [];
  hook.enable();
  for (let i = 0; i < requests; i++) {
    results.push(await (layers.length === 0 ? send() : runMiddleware(layers, context(), send)));
  }
  hook.disable();
  expect(results).toHaveLength(requests);
  return count;
}

/** Promises per request, from the difference between 110 and 10 requests (fixed costs cancel). */
async function promisesPerRequest(layers: readonly MiddlewareLayer[]): Promise<number> {
  await promisesFor(layers, 10); // warm up
  return ((await promisesFor(layers, 110)) - (await promisesFor(layers, 10))) / 100;
}

describe('client middleware cost', () => {
  it('adds one promise per request for a middleware that returns next(), one per layer', async () => {
    const bare = await promisesPerRequest([]);
    expect((await promisesPerRequest([observe])) - bare).toBeLessThanOrEqual(1);
    expect((await promisesPerRequest([observe, observe, observe])) - bare).toBeLessThanOrEqual(3);
  });

  it('passes an error from below through unchanged, whatever its class', async () => {
    const aborted = new Error('user pressed stop');
    const layers: MiddlewareLayer[] = [observe, [async (_ctx, next) => await next(), 'awaits']];
    await expect(runMiddleware(layers, context(), () => Promise.reject(aborted))).rejects.toBe(aborted);
  });

  it("wraps a middleware's own error, thrown synchronously or while next() is still pending", async () => {
    const own = new Error('own');
    const sync: MiddlewareLayer = [
      () => {
        throw own;
      },
      'sync',
    ];
    const early: MiddlewareLayer = [
      async (_ctx, next) => {
        void next().catch(() => undefined);
        throw own;
      },
      'early',
    ];
    for (const layer of [sync, early]) {
      const failure = await runMiddleware([layer], context(), () => new Promise(() => undefined)).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(McpClientError);
      expect(failure).toMatchObject({
        message: `Client middleware '${layer[1]}' failed on tools/call: own`,
        cause: own,
      });
    }
  });
});
