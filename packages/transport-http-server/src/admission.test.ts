import type { Transport } from '@mcpkit/jsonrpc';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import type { StreamableHttpHandlerOptions } from './options.js';
import { InMemoryEventStore } from './stores/memory-event-store.js';
import { InMemorySessionStore } from './stores/memory-session-store.js';
import { ADAPTERS, adapt, currentAdapter, useAdapter } from './test-helpers/adapters.js';
import { connectFakeServer } from './test-helpers/fake-server.js';
import { BASE, getRequest, initializeMessage, postRequest, request, SseReader } from './test-helpers/http.js';
import { handshake, harness, initialize } from './test-helpers/setup.js';

const INVALID_INITIALIZE = { jsonrpc: '2.0', id: 'bad', method: 'initialize', params: { x: 'y' } };

/** A server that refuses initialize without a protocolVersion (-32602), as a real one does. */
function strictHandler(options: Partial<StreamableHttpHandlerOptions> = {}) {
  const closed: Transport[] = [];
  const sessionStore = new InMemorySessionStore();
  const eventStore = new InMemoryEventStore();
  const handler = adapt(
    createStreamableHttpHandler({
      sessionStore,
      eventStore,
      onSession: async (transport) => {
        transport.onclose = () => closed.push(transport);
        transport.onmessage = (message) => {
          if (!('method' in message) || !('id' in message)) return;
          if (message.method === 'initialize' && typeof message.params?.protocolVersion !== 'string') {
            void transport.send({
              jsonrpc: '2.0',
              id: message.id,
              error: { code: -32602, message: 'initialize: params.protocolVersion is required' },
            });
            return;
          }
          void transport.send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25' } });
        };
        await transport.start();
      },
      ...options,
    }),
  );
  return { handler, closed, sessionStore, eventStore };
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('a failed initialize', () => {
    for (const responseMode of ['json', 'sse', 'auto'] as const) {
      it(`gets no session id and leaves no session behind (${responseMode})`, async () => {
        const { handler, closed, sessionStore, eventStore } = strictHandler({ responseMode });
        const response = await handler(postRequest(INVALID_INITIALIZE));
        expect(response.headers.get('mcp-session-id')).toBeNull();
        expect(await response.text()).toContain('-32602');
        await vi.waitFor(() => expect(closed).toHaveLength(1));
        expect(handler.sessionCount).toBe(0);
        expect(sessionStore.size).toBe(0);
        expect(eventStore.totalBytes).toBe(0);
        // A valid initialize still gets its session.
        const ok = await handler(postRequest(initializeMessage()));
        expect(ok.headers.get('mcp-session-id')).toBeTruthy();
        await ok.text();
        expect(handler.sessionCount).toBe(1);
        await handler.close();
      });
    }

    it('is refused at once when sent as a notification (no id), with no session id', async () => {
      const { handler } = strictHandler();
      const response = await handler(postRequest({ jsonrpc: '2.0', method: 'initialize', params: {} }));
      expect(response.status).toBe(400);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(await response.text()).toMatch(/initialize must be a request/);
      expect(handler.sessionCount).toBe(0);
      await handler.close();
    });

    it('does not count against maxSessions while answered with errors', async () => {
      const { handler } = strictHandler({ maxSessions: 2 });
      for (let i = 0; i < 10; i++) await (await handler(postRequest(INVALID_INITIALIZE))).text();
      const ok = await handler(postRequest(initializeMessage()));
      expect(ok.status).toBe(200);
      await handler.close();
    });
  });

  describe('sessions that never finish the handshake', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('close after handshakeTimeoutMs on the sweep timer, with no other request; completed ones stay', async () => {
      const { handler, servers } = harness({ handshakeTimeoutMs: 2000, sessionIdleTimeoutMs: 60_000 });
      const silent = await initialize(handler);
      await handshake(handler);
      await vi.advanceTimersByTimeAsync(3000);
      expect(servers[0]!.closed).toBe(true);
      expect(servers[1]!.closed).toBe(false);
      expect((await handler(postRequest(request('echo', 1), silent.headers))).status).toBe(404);
      expect(handler.sessionCount).toBe(1);
      await handler.close();
    });

    it('idle sessions are swept on the timer too, and close() stops the timer', async () => {
      const { handler, servers } = harness({ sessionIdleTimeoutMs: 10_000 });
      await handshake(handler);
      await vi.advanceTimersByTimeAsync(5000);
      expect(servers[0]!.closed).toBe(false);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(servers[0]!.closed).toBe(true);
      expect(handler.sessionCount).toBe(0);
      await handshake(handler);
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      await handler.close();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('a legacy SSE connection that never posts closes after handshakeTimeoutMs', async () => {
      const { handler, servers } = harness({ handshakeTimeoutMs: 2000 });
      const stream = new SseReader(await handler(getRequest({}, '/sse')));
      expect((await stream.next())?.event).toBe('endpoint');
      await vi.advanceTimersByTimeAsync(3000);
      expect(servers[0]!.closed).toBe(true);
      expect(await stream.next()).toBeUndefined();
      await handler.close();
    });
  });

  describe('a full server', () => {
    it('answers 503 with a Retry-After derived from the earliest handshake deadline', async () => {
      let now = 0;
      const { handler } = harness({ maxSessions: 2, handshakeTimeoutMs: 10_000, now: () => now });
      await initialize(handler);
      now = 3000;
      await initialize(handler);
      now = 4000;
      const refused = await handler(postRequest(initializeMessage()));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('6');
      expect(refused.headers.get('mcp-session-id')).toBeNull();
      const body = (await refused.json()) as { error: { message: string; data: unknown } };
      expect(body.error.message).toMatch(/maxSessions = 2.*free in about 6 s/);
      expect(body.error.data).toEqual({ limit: 'maxSessions', max: 2, retryAfterSeconds: 6 });
      // At the deadline the slot frees and the same request is admitted.
      now = 10_000;
      expect((await handler(postRequest(initializeMessage()))).status).toBe(200);
      await handler.close();
    });

    it('derives Retry-After from the idle timeout for established sessions (eviction off), and omits it when all are connected', async () => {
      let now = 0;
      const { handler } = harness({
        maxSessions: 1,
        sessionIdleTimeoutMs: 120_000,
        evictIdleSessionsAfterMs: Number.POSITIVE_INFINITY,
        now: () => now,
      });
      const { headers } = await handshake(handler);
      now = 30_000;
      const refused = await handler(postRequest(initializeMessage()));
      expect(refused.headers.get('retry-after')).toBe('90');
      await refused.text();

      const get = new SseReader(await handler(getRequest(headers)));
      now = 200_000;
      const connected = await handler(postRequest(initializeMessage()));
      expect(connected.status).toBe(503);
      expect(connected.headers.get('retry-after')).toBeNull();
      expect(((await connected.json()) as { error: { message: string } }).error.message).toMatch(
        /held open by a connected client/,
      );
      await get.cancel();
      await handler.close();
    });
  });

  describe('per-principal and per-address caps', () => {
    it('maxSessionsPerPrincipal refuses the principal at its cap with 429, and no one else', async () => {
      const { handler } = harness({
        maxSessionsPerPrincipal: 2,
        now: () => 0,
        authenticate: (req) => {
          const who = req.header('x-user') ?? 'anonymous';
          return { token: who, clientId: who, scopes: [] };
        },
      });
      const alice = { 'x-user': 'alice' };
      const first = await handshake(handler, '2025-11-25', alice);
      await handshake(handler, '2025-11-25', alice);
      const refused = await handler(postRequest(initializeMessage(), alice));
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { error: { message: string; data: unknown } };
      expect(body.error.message).toMatch(/principal "alice" holds its maximum of 2 sessions/);
      expect(body.error.data).toMatchObject({ limit: 'maxSessionsPerPrincipal', max: 2 });
      // Both were used just now: the least recently used may be evicted after 60 s idle.
      expect(refused.headers.get('retry-after')).toBe('60');
      await handshake(handler, '2025-11-25', { 'x-user': 'bob' });
      // Ending one of alice's sessions makes room for her again.
      const deleted = await handler(
        new Request(`${BASE}/mcp`, { method: 'DELETE', headers: { host: 'localhost', ...first.headers } }),
      );
      expect(deleted.status).toBe(200);
      await handshake(handler, '2025-11-25', alice);
      await handler.close();
    });

    it('maxSessionsPerPrincipal counts each user (subject) of a shared OAuth client apart', async () => {
      const { handler } = harness({
        maxSessionsPerPrincipal: 2,
        authenticate: (req) => {
          const user = req.header('x-user');
          // One public client shared by every user; a client-credentials token names no user.
          return user === undefined
            ? { token: 'service', clientId: 'shared-public-client', scopes: [] }
            : { token: user, clientId: 'shared-public-client', subject: user, scopes: [] };
        },
      });
      const alice = { 'x-user': 'alice' };
      await handshake(handler, '2025-11-25', alice);
      await handshake(handler, '2025-11-25', alice);
      const refused = await handler(postRequest(initializeMessage(), alice));
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /principal "shared-public-client" \(subject "alice"\) holds its maximum of 2 sessions/,
      );
      // Before, bob was refused too: the cap was keyed on the client alone.
      await handshake(handler, '2025-11-25', { 'x-user': 'bob' });
      await handshake(handler, '2025-11-25', { 'x-user': 'bob' });
      // Without a subject the client itself is the principal, with a cap of its own.
      await handshake(handler);
      await handshake(handler);
      const service = await handler(postRequest(initializeMessage()));
      expect(service.status).toBe(429);
      expect(((await service.json()) as { error: { message: string } }).error.message).toMatch(
        /principal "shared-public-client" holds/,
      );
      await handler.close();
    });

    it('maxSessionsPerAddress uses the connection address, or clientAddress when given', async () => {
      const { handler } = harness({ maxSessionsPerAddress: 1 });
      // The Web handler is told the address; the node adapter reads it from the socket (loopback here).
      const overNode = currentAdapter() === 'node';
      const fromA = { remoteAddress: '192.0.2.1' };
      expect((await handler(postRequest(initializeMessage()), fromA)).status).toBe(200);
      const refused = await handler(postRequest(initializeMessage()), fromA);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toMatch(
        overNode
          ? /address 127\.0\.0\.1 holds its maximum of 1 sessions \(maxSessionsPerAddress = 1\)/
          : /address 192\.0\.2\.1 holds its maximum of 1 sessions \(maxSessionsPerAddress = 1\)/,
      );
      if (!overNode) {
        const fromB = { remoteAddress: '192.0.2.2' };
        expect((await handler(postRequest(initializeMessage()), fromB)).status).toBe(200);
        // Without an address (a runtime that passes none) the cap does not apply.
        expect((await handler(postRequest(initializeMessage()))).status).toBe(200);
        // An IPv6 client counts as its /64: one subscriber holds a whole /64 of addresses.
        const from = (remoteAddress: string) => handler(postRequest(initializeMessage()), { remoteAddress });
        expect((await from('2001:db8:1:2::1')).status).toBe(200);
        const sameSubnet = await from('2001:db8:1:2::99');
        expect(sameSubnet.status).toBe(429);
        expect(await sameSubnet.text()).toMatch(/address 2001:db8:1:2::\/64 holds its maximum of 1 sessions/);
        expect((await from('2001:db8:1:3::1')).status).toBe(200);
        // A dual-stack server reports IPv4 clients as IPv4-mapped IPv6: the same client either way.
        expect((await from('::ffff:192.0.2.2')).status).toBe(429);
      }
      await handler.close();

      const proxied = harness({
        maxSessionsPerAddress: 1,
        clientAddress: (req) => req.header('x-forwarded-for'),
      }).handler;
      const behindProxy = { remoteAddress: '10.0.0.1' };
      const viaProxy = (from: string) => postRequest(initializeMessage(), { 'x-forwarded-for': from });
      expect((await proxied(viaProxy('198.51.100.7'), behindProxy)).status).toBe(200);
      expect((await proxied(viaProxy('198.51.100.8'), behindProxy)).status).toBe(200);
      expect((await proxied(viaProxy('198.51.100.7'), behindProxy)).status).toBe(429);
      await proxied.close();
    });
  });

  describe('a slow initialize', () => {
    it('holds its slot but cannot be found until answered', async () => {
      let answer: (() => void) | undefined;
      const handler = adapt(
        createStreamableHttpHandler({
          maxSessions: 1,
          onSession: async (transport) => {
            await connectFakeServer(transport);
            const deliver = transport.onmessage!;
            transport.onmessage = (message, extra) => {
              answer = () => deliver(message, extra);
            };
          },
        }),
      );
      const pending = handler(postRequest(initializeMessage()));
      await vi.waitFor(() => expect(answer).toBeDefined());
      expect(handler.sessionCount).toBe(0);
      expect((await handler(postRequest(initializeMessage()))).status).toBe(503);
      answer!();
      const response = await pending;
      expect(response.headers.get('mcp-session-id')).toBeTruthy();
      expect(handler.sessionCount).toBe(1);
      await handler.close();
    });
  });
});
