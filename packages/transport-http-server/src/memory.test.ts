import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { type SessionOwner, SessionRegistry } from './session-registry.js';
import { InMemorySessionStore } from './stores/memory-session-store.js';
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

  it('an idle session keeps nothing of the request that opened it', async () => {
    const handler = createStreamableHttpHandler({
      onSession: async (transport) => {
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
    // On Node the request is an IncomingMessage and its ServerResponse, with their socket buffers.
    let opening: WeakRef<AbortSignal> | undefined;
    await (async () => {
      const request = postRequest(initializeMessage());
      opening = new WeakRef(request.signal);
      expect((await handler(request)).status).toBe(200);
    })();
    for (let i = 0; i < 10 && opening?.deref() !== undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
    }
    expect(handler.sessionCount).toBe(1);
    expect(opening?.deref()).toBeUndefined();
    await handler.close();
  });

  it('a held session keeps no owner object, nor a principal or address no cap counts', async () => {
    const registry = new SessionRegistry({
      store: new InMemorySessionStore(),
      maxSessions: 10,
      maxSessionsPerPrincipal: Number.POSITIVE_INFINITY,
      maxSessionsPerAddress: Number.POSITIVE_INFINITY,
      idleTimeoutMs: 60_000,
      handshakeTimeoutMs: 60_000,
      evictIdleAfterMs: Number.POSITIVE_INFINITY,
      now: () => 0,
      onerror: (error) => {
        throw error;
      },
    });
    const session = {
      record: { id: 's1', kind: 'streamable' as const, createdAt: 0, lastSeenAt: 0 },
      connected: false,
      close: async () => registry.forget('s1'),
    };
    let owner: WeakRef<SessionOwner> | undefined;
    await (async () => {
      const held: SessionOwner = { principal: undefined, address: '192.0.2.7' };
      owner = new WeakRef(held);
      await registry.open(session, held, 'pending');
    })();
    for (let i = 0; i < 10 && owner?.deref() !== undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
    }
    expect(registry.peek('s1')).toBe(session);
    expect(owner?.deref()).toBeUndefined();
    await registry.closeAll();
    expect(registry.size).toBe(0);
  });
});
