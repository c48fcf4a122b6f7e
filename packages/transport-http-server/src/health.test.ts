import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { serve } from './node/serve.js';
import { ADAPTERS, until, useAdapter } from './test-helpers/adapters.js';
import { BASE, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

const probe = (path = '/healthz', init: RequestInit = {}, host?: string) =>
  new Request(`${host ?? BASE}${path}`, init);

describe.each(ADAPTERS)('health endpoint on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('answers 200 ready, not cacheable', async () => {
    const { handler } = harness({ health: true });
    const response = await handler(probe());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ready' });
    expect(handler.ready).toBe(true);
  });

  it('says draining (503, Retry-After) while close() waits for a slow in-flight call', async () => {
    const { handler, servers } = harness({ health: true, responseMode: 'sse', closeTimeoutMs: 30_000 });
    const { headers } = await initialize(handler);
    const inFlight = await handler(postRequest(request('wait', 1), headers));
    const closing = handler.close();
    let closed = false;
    void closing.then(() => {
      closed = true;
    });
    const draining = await handler(probe());
    expect(draining.status).toBe(503);
    expect(draining.headers.get('retry-after')).toBe('30');
    expect(await draining.json()).toEqual({ status: 'draining' });
    expect(handler.ready).toBe(false);
    // The drain is still open: the slow call holds it.
    expect(closed).toBe(false);
    servers[0]!.release();
    const events = await new SseReader(inFlight).rest();
    expect(events.map((e) => e.data).at(-1)).toContain('"waited":true');
    await closing;
    expect((await handler(probe())).status).toBe(503);
  });

  it('setReady(false) says draining while requests are still served; setReady(true) restores it', async () => {
    const { handler } = harness({ health: true });
    handler.setReady(false);
    expect((await handler(probe())).status).toBe(503);
    await initialize(handler);
    handler.setReady(true);
    expect((await handler(probe())).status).toBe(200);
  });

  it('never runs authenticate nor the Host check, and opens no session', async () => {
    let calls = 0;
    const { handler } = harness({
      health: true,
      authenticate: () => {
        calls++;
        return new Response('no', { status: 401 });
      },
    });
    // A load balancer probing the instance by IP sends a Host the DNS-rebinding check refuses.
    const response = await handler(probe('/healthz', {}, 'http://10.1.2.3:8080'));
    expect(response.status).toBe(200);
    expect(calls).toBe(0);
    expect(handler.sessionCount).toBe(0);
    expect((await handler(postRequest(request('echo', 1)))).status).toBe(401);
  });

  it('answers HEAD without a body and refuses other methods with 405 and Allow', async () => {
    const { handler } = harness({ health: true });
    const head = await handler(probe('/healthz', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handler(probe('/healthz', { method: 'POST', body: '{}' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toMatchObject({ message: expect.stringContaining('GET and HEAD') });
  });

  it('answers at a configured path, also under a mount prefix, and not at the default one', async () => {
    const { handler } = harness({ health: { path: '/ready' } });
    expect((await handler(probe('/ready'))).status).toBe(200);
    expect((await handler(probe('/api/ready'))).status).toBe(200);
    expect((await handler(probe('/healthz'))).status).toBe(404);
  });

  it('is off by default', async () => {
    const { handler } = harness();
    expect((await handler(probe())).status).toBe(404);
  });
});

describe('health endpoint behind serve()', () => {
  it('says draining while serve().close() drains a slow call', async () => {
    let release: (() => void) | undefined;
    const handler = createStreamableHttpHandler({
      health: true,
      stateless: true,
      responseMode: 'sse',
      onSession: (transport) => {
        transport.onmessage = (message) => {
          if (!('method' in message) || !('id' in message)) return;
          const id = message.id;
          release = () => void transport.send({ jsonrpc: '2.0', id, result: {} });
        };
        return transport.start();
      },
    });
    const server = await serve(handler);
    const url = (path: string) => new URL(path, server.url);
    expect((await fetch(url('/healthz'))).status).toBe(200);
    const slow = await fetch(url('/mcp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }),
    });
    expect(slow.status).toBe(200);
    const closing = server.close();
    const draining = await fetch(url('/healthz'));
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    await until(() => release !== undefined, 'the slow call to reach the server');
    release!();
    expect(await slow.text()).toContain('"result"');
    await closing;
  });
});
