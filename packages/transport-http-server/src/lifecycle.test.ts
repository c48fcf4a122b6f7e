import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { getRequest, initializeMessage, postRequest, request, SseReader } from './test-helpers/http.js';
import { handshake, harness, initialize } from './test-helpers/setup.js';

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('idle expiry', () => {
    it('closes sessions idle longer than the timeout, also on a later request', async () => {
      let now = 1_000_000;
      const { handler, servers } = harness({ sessionIdleTimeoutMs: 60_000, now: () => now });
      const idle = await handshake(handler);
      now += 30_000;
      const active = await handshake(handler);
      now += 40_000;
      // The sweep runs on access: the first session is 70 s idle, the second 40 s.
      await handler(postRequest(request('echo', 1), active.headers)).then((r) => r.text());
      expect(servers[0]!.closed).toBe(true);
      expect(servers[1]!.closed).toBe(false);
      expect((await handler(postRequest(request('echo', 2), idle.headers))).status).toBe(404);
      expect(handler.sessionCount).toBe(1);
    });

    it('keeps a session with an open GET stream even when it sends nothing', async () => {
      let now = 0;
      const { handler, servers } = harness({ sessionIdleTimeoutMs: 1000, now: () => now });
      const { headers } = await initialize(handler);
      const stream = new SseReader(await handler(getRequest(headers)));
      now += 5000;
      await initialize(handler);
      expect(servers[0]!.closed).toBe(false);
      await stream.cancel();
    });

    it('makes room for a new session by closing idle ones when full', async () => {
      let now = 0;
      const { handler, servers } = harness({ maxSessions: 1, sessionIdleTimeoutMs: 1000, now: () => now });
      await initialize(handler);
      now += 2000;
      const response = await handler(postRequest(initializeMessage()));
      expect(response.status).toBe(200);
      expect(servers[0]!.closed).toBe(true);
    });
  });

  describe('graceful close', () => {
    it('lets in-flight requests finish, refuses new ones with 503, then closes every session', async () => {
      const { handler, servers } = harness({ responseMode: 'sse' });
      const { headers } = await initialize(handler);
      const inFlight = await handler(postRequest(request('wait', 1), headers));
      const closing = handler.close({ timeoutMs: 5000 });
      const refused = await handler(postRequest(request('echo', 2), headers));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({
        error: { message: expect.stringContaining('shutting down') },
      });
      servers[0]!.release();
      const events = await new SseReader(inFlight).rest();
      expect(events.map((e) => e.data).at(-1)).toContain('"waited":true');
      await closing;
      expect(servers[0]!.closed).toBe(true);
      expect(handler.sessionCount).toBe(0);
    });

    it('stops waiting at the deadline and closes streams that are still open', async () => {
      const { handler, servers } = harness({ responseMode: 'sse' });
      const { headers } = await initialize(handler);
      const inFlight = await handler(postRequest(request('wait', 1), headers));
      const get = await handler(getRequest(headers));
      const started = Date.now();
      await handler.close({ timeoutMs: 50 });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(servers[0]!.closed).toBe(true);
      // Both streams end rather than hang.
      await new SseReader(inFlight).rest();
      await new SseReader(get).rest();
    });

    it('closes stateless transports still in flight at the deadline', async () => {
      const { handler, servers } = harness({ stateless: true, responseMode: 'sse' });
      const inFlight = await handler(postRequest(request('wait', 1)));
      await handler.close({ timeoutMs: 20 });
      expect(servers[0]!.closed).toBe(true);
      await new SseReader(inFlight).rest();
    });
  });
});
