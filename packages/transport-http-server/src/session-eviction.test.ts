// A full server or a full address makes room by evicting the least recently used idle session, and
// says truthfully when it will: one client (or one address) can no longer lock everyone out until
// sessions time out. The node adapter serves over real sockets on 127.0.0.1; the clock is injected.
import { describe, expect, it } from 'vitest';
import type { StreamableHttpHandler } from './handler.js';
import { DEFAULT_MAX_SESSIONS_PER_ADDRESS } from './options.js';
import { InMemorySessionStore } from './stores/memory-session-store.js';
import { ADAPTERS, currentAdapter, until, useAdapter } from './test-helpers/adapters.js';
import { getRequest, initializeMessage, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness } from './test-helpers/setup.js';

const VERSION = '2025-11-25';

/**
 * Opens a session as a real client does (initialize, then notifications/initialized) from `from`
 * (the Web handler is told the address; over node:http it is the socket's, 127.0.0.1). Returns the
 * refusal instead when initialize is not answered 200.
 */
async function open(
  handler: StreamableHttpHandler,
  from = '192.0.2.1',
): Promise<{ headers: Record<string, string> } | { refused: Response }> {
  const answer = await handler(postRequest(initializeMessage(VERSION)), { remoteAddress: from });
  if (answer.status !== 200) return { refused: answer };
  await answer.text();
  const headers = {
    'mcp-session-id': answer.headers.get('mcp-session-id')!,
    'mcp-protocol-version': VERSION,
  };
  const initialized = await handler(
    postRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers),
    { remoteAddress: from },
  );
  expect(initialized.status).toBe(202);
  return { headers };
}

async function opened(handler: StreamableHttpHandler, from?: string): Promise<Record<string, string>> {
  const result = await open(handler, from);
  if ('refused' in result)
    throw new Error(`refused: ${result.refused.status} ${await result.refused.text()}`);
  return result.headers;
}

/** The status of an echo request on the session: 200 while it lives, 404 once it was closed. */
async function statusOf(handler: StreamableHttpHandler, headers: Record<string, string>): Promise<number> {
  const answer = await handler(postRequest(request('echo', 1), headers));
  await answer.text();
  return answer.status;
}

interface Refusal {
  error: { message: string; data: { limit: string; max: number; retryAfterSeconds?: number } };
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('with the defaults, one address is refused at its own cap instead of filling the server, and its idle sessions make room later', async () => {
    let now = 0;
    const { handler } = harness({ now: () => now });
    const sessions: Record<string, string>[] = [];
    let refused: Response | undefined;
    // Bounded: far fewer than the 10 000 sessions one address could take before.
    for (let i = 0; i < DEFAULT_MAX_SESSIONS_PER_ADDRESS + 44 && !refused; i++) {
      const result = await open(handler);
      if ('refused' in result) refused = result.refused;
      else sessions.push(result.headers);
    }
    expect(sessions).toHaveLength(DEFAULT_MAX_SESSIONS_PER_ADDRESS);
    expect(refused?.status).toBe(429);
    // Every session was used just now: the least recently used may be evicted after 60 s idle.
    expect(refused?.headers.get('retry-after')).toBe('60');
    const body = (await refused!.json()) as Refusal;
    expect(body.error.data).toEqual({
      limit: 'maxSessionsPerAddress',
      max: DEFAULT_MAX_SESSIONS_PER_ADDRESS,
      retryAfterSeconds: 60,
    });
    const address = currentAdapter() === 'node' ? '127.0.0.1' : '192.0.2.1';
    expect(body.error.message).toContain(`address ${address} holds its maximum of 256 sessions`);
    if (currentAdapter() === 'web') {
      // Another address is not affected.
      await opened(handler, '192.0.2.2');
    }

    // Session 0 stays in use; at 60 s session 1 is the least recently used idle one.
    now = 30_000;
    expect(await statusOf(handler, sessions[0]!)).toBe(200);
    now = 60_000;
    await opened(handler);
    expect(await statusOf(handler, sessions[1]!)).toBe(404);
    expect(await statusOf(handler, sessions[0]!)).toBe(200);
    expect(await statusOf(handler, sessions[2]!)).toBe(200);
    await handler.close();
  }, 60_000);

  it('a full server evicts the least recently used idle session, and Retry-After says when it can', async () => {
    let now = 0;
    // Scaled down: the 10 000 sessions filled from one address in 16 s.
    const { handler, servers } = harness({ maxSessions: 4, now: () => now });
    const sessions: Record<string, string>[] = [];
    for (let i = 0; i < 4; i++) {
      now = i * 1000;
      sessions.push(await opened(handler));
    }
    now = 5000;
    expect(await statusOf(handler, sessions[0]!)).toBe(200);

    // Before: "Retry-After: 29" (a stale handshake deadline) while the real wait was the 30-minute idle timeout.
    now = 6000;
    const full = await open(handler);
    expect('refused' in full && full.refused.status).toBe(503);
    const refused = (full as { refused: Response }).refused;
    // Session 1 (last used at 1 s) may be evicted at 61 s.
    expect(refused.headers.get('retry-after')).toBe('55');
    expect(((await refused.json()) as Refusal).error.message).toMatch(
      /maxSessions = 4\); one is due to free in about 55 s \(a session idle for 60 s/,
    );

    now = 61_000;
    const newcomer = await opened(handler);
    expect(servers[1]!.closed).toBe(true);
    // The evicted session's client gets the spec's 404 and starts a new session.
    expect(await statusOf(handler, sessions[1]!)).toBe(404);
    for (const kept of [sessions[0]!, sessions[2]!, sessions[3]!, newcomer]) {
      expect(await statusOf(handler, kept)).toBe(200);
    }
    expect(handler.sessionCount).toBe(4);
    await handler.close();
  });

  it('never evicts a session with an open stream or a request in flight', async () => {
    let now = 0;
    const { handler, servers } = harness({ maxSessions: 2, responseMode: 'json', now: () => now });
    const listening = await opened(handler);
    const working = await opened(handler);
    const stream = new SseReader(await handler(getRequest(listening)));
    const call = handler(postRequest(request('wait', 7), working));
    await until(() =>
      servers[1]!.received.some(({ message }) => 'method' in message && message.method === 'wait'),
    );

    now = 3_600_000;
    const full = await open(handler);
    expect('refused' in full && full.refused.status).toBe(503);
    const refused = (full as { refused: Response }).refused;
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(((await refused.json()) as Refusal).error.message).toMatch(
      /held open by a connected client or a request in flight/,
    );

    // Answered, the request leaves its session idle since the request came: it makes room now.
    servers[1]!.release();
    expect((await call).status).toBe(200);
    await opened(handler);
    expect(servers[1]!.closed).toBe(true);
    expect(servers[0]!.closed).toBe(false);
    await stream.cancel();
    await handler.close();
  });

  it('Infinity turns eviction off: the refusal then waits for the idle timeout', async () => {
    let now = 0;
    const { handler } = harness({
      maxSessions: 1,
      evictIdleSessionsAfterMs: Number.POSITIVE_INFINITY,
      sessionIdleTimeoutMs: 600_000,
      now: () => now,
    });
    await opened(handler);
    now = 120_000;
    const full = await open(handler);
    expect('refused' in full && full.refused.headers.get('retry-after')).toBe('480');
    await handler.close();
  });

  it('with a shared session store, eviction releases only this process copy: the record stays', async () => {
    let now = 0;
    const sessionStore = new InMemorySessionStore();
    const { handler, servers } = harness({ maxSessions: 1, sessionStore, now: () => now });
    const first = await opened(handler);
    now = 60_000;
    await opened(handler);
    expect(servers[0]!.closed).toBe(true);
    expect(await sessionStore.get(first['mcp-session-id']!)).toBeDefined();
    await handler.close();
  });
});
