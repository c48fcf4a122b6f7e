// The HTTP handler on Redis stores while Redis is down: requests fail or succeed, but the process
// neither crashes nor leaves an unhandled rejection (vitest fails the file on one), and a session
// started after Redis is back works end to end.
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { until, useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const VERSION = '2025-11-25';
const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

function post(url: URL, body: unknown, sessionId?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('a handler on Redis stores when Redis stops', () => {
  it('answers while Redis is down without crashing, and serves sessions again when it is back', async () => {
    const stores = await redis.stores({ keyPrefix: 'handler:', commandTimeoutMs: 1000 });
    const handlerErrors: Error[] = [];
    const server = new McpServer({ name: 'outage', version: '0.0.0' });
    const handler = createStreamableHttpHandler({
      onSession: (transport) => server.connect(transport),
      sessionStore: stores.sessionStore,
      eventStore: stores.eventStore,
      messageBus: stores.messageBus,
      onerror: (error) => handlerErrors.push(error),
    });
    const handle = await serve(handler);
    cleanups.push(() => handle.close());
    const url = new URL('/mcp', handle.url);

    await redis.server.stop();
    // The session lives in this process, so initialize is answered; the failed write is reported.
    const during = await post(url, initialize);
    expect(during.status).toBe(200);
    const early = during.headers.get('mcp-session-id')!;
    await during.text();
    expect(handlerErrors.map((error) => error.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^Redis set of session ${early} failed: `)),
    );
    // A request that needs the store fails at once with an error naming Redis and the operation,
    // as 503 with Retry-After: Redis being down is a reason to try again, not a server bug.
    const refused = await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, early);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect((await refused.json()).error.message).toMatch(
      new RegExp(`Redis touch of session ${early} failed: Stream isn't writeable`),
    );

    await redis.server.start();
    await until(async () => {
      try {
        await stores.sessionStore.get('x');
        return true;
      } catch {
        return false;
      }
    }, 'Redis to answer again');
    const again = await post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, early);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    const after = await post(url, initialize);
    expect(after.status).toBe(200);
    const sessionId = after.headers.get('mcp-session-id')!;
    await after.text();
    expect(await stores.sessionStore.get(sessionId)).toMatchObject({
      id: sessionId,
      protocolVersion: VERSION,
    });
  });
});
