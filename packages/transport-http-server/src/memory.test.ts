import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { initializeMessage, postRequest } from './test-helpers/http.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function settledHeap(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe('memory', () => {
  it('an idle session costs at most 16 KiB', { timeout: 60_000 }, async () => {
    const handler = createStreamableHttpHandler({
      // These sessions never follow their initialize up; the test measures them, not their expiry.
      handshakeTimeoutMs: 10 * 60_000,
      onSession: async (transport) => {
        // The least a server does: answer initialize, then stay idle.
        transport.onmessage = (message) => {
          if ('id' in message && 'method' in message) {
            void transport.send({
              jsonrpc: '2.0',
              id: message.id,
              result: {
                protocolVersion: '2025-11-25',
                capabilities: {},
                serverInfo: { name: 'm', version: '1' },
              },
            });
          }
        };
        await transport.start();
      },
    });
    const count = 1000;
    // Warm up code paths so JIT and lazily created structures are not counted per session.
    for (let i = 0; i < 50; i++) await (await handler(postRequest(initializeMessage()))).text();
    // The smallest of three batches: a stray allocation elsewhere in the process only inflates one.
    const costs: number[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const before = settledHeap();
      for (let i = 0; i < count; i++) await (await handler(postRequest(initializeMessage()))).text();
      costs.push((settledHeap() - before) / count);
    }
    expect(handler.sessionCount).toBe(3 * count + 50);
    expect(
      Math.min(...costs),
      `bytes per idle session in three batches: ${costs.map(Math.round)}`,
    ).toBeLessThan(16 * 1024);
    await handler.close();
    expect(handler.sessionCount).toBe(0);
  });
});
