// HTTP faults: a server process killed mid-call (see session-renewal.test.ts for a restart under a
// live session), and graceful shutdown (in-flight requests finish, new ones get 503, streams end).
import { McpClient } from '@mcpkit/client';
import { findHttpTransportError, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { killed, trackedFixtures } from './fixture-process.js';
import {
  createEchoHandler,
  ENDPOINT,
  expectSpecShapedError,
  INITIALIZE,
  openSession,
  postHeaders,
} from './helpers.js';

const { clients, startServer, cleanup } = trackedFixtures();
afterEach(cleanup);

describe('HTTP server process faults', () => {
  it('rejects every pending request within a second when the server process is killed', async () => {
    const { child, url } = await startServer();
    const client = new McpClient({ name: 'faults', version: '0.0.0' });
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(url));
    const pending = Array.from({ length: 5 }, () =>
      client.callTool({ name: 'slow', arguments: { ms: 30_000 } }).then(
        () => new Error('a slow call answered although its server was killed'),
        (error: unknown) => error,
      ),
    );
    await client.callTool({ name: 'echo', arguments: { message: 'ready' } });
    const killedAt = Date.now();
    await killed(child);
    const errors = await Promise.all(pending);
    expect(Date.now() - killedAt).toBeLessThan(1000);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect(findHttpTransportError(error)?.code, String(error)).toMatch(/NETWORK|STREAM_INTERRUPTED|CLOSED/);
      expect(String(error)).toMatch(/connection .*lost/);
    }

    const restarted = await startServer(Number(url.port));
    await client.close();
    await client.connect(new StreamableHttpClientTransport(restarted.url));
    expect((await client.callTool({ name: 'echo', arguments: { message: 'back' } })).content).toEqual([
      { type: 'text', text: 'back' },
    ]);
  }, 20_000);
});

describe('graceful shutdown', () => {
  it('lets in-flight requests finish while new ones get 503', async () => {
    const { handler, server } = createEchoHandler();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.tool('wait', {}, async () => {
      await released;
      return 'finished';
    });
    const sessionId = await openSession(handler);
    const inFlight = handler(
      new Request(ENDPOINT, {
        method: 'POST',
        headers: postHeaders(sessionId),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'slow',
          method: 'tools/call',
          params: { name: 'wait', arguments: {} },
        }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = handler.close({ timeoutMs: 5000 });
    for (const request of [
      new Request(ENDPOINT, {
        method: 'POST',
        headers: postHeaders(sessionId),
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      }),
      new Request(ENDPOINT, {
        method: 'POST',
        headers: postHeaders(),
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
      }),
    ]) {
      const refused = await handler(request);
      expect(refused.status).toBe(503);
      await expectSpecShapedError(refused);
    }
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      id: 'slow',
      result: { content: [{ type: 'text', text: 'finished' }] },
    });
    await closing;
  });

  it('the Node server finishes an in-flight call through serve().close()', async () => {
    const { handler, server } = createEchoHandler({ responseMode: 'auto' });
    server.tool('nap', {}, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return 'rested';
    });
    const handle = await serve(handler);
    const client = new McpClient({ name: 'faults', version: '0.0.0' });
    await client.connect(new StreamableHttpClientTransport(new URL('/mcp', handle.url)));
    const call = client.callTool({ name: 'nap', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await handle.close();
    expect((await call).content).toEqual([{ type: 'text', text: 'rested' }]);
    await client.close();
  });
});

describe('graceful shutdown of the Node server', () => {
  it('ends open SSE streams cleanly: the in-flight call is answered and every stream reaches its end', async () => {
    const { handler, server } = createEchoHandler({ responseMode: 'auto' });
    server.tool('nap', {}, async (_args, ctx) => {
      await ctx.progress(1, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return 'rested';
    });
    const handle = await serve(handler);
    const url = new URL('/mcp', handle.url);
    const initialized = await fetch(url, {
      method: 'POST',
      headers: postHeaders(),
      body: JSON.stringify(INITIALIZE),
    });
    const sessionId = initialized.headers.get('mcp-session-id')!;
    await initialized.body?.cancel();
    const standalone = await fetch(url, {
      headers: { ...postHeaders(sessionId), accept: 'text/event-stream' },
    });
    expect(standalone.headers.get('content-type')).toBe('text/event-stream');
    const call = await fetch(url, {
      method: 'POST',
      headers: postHeaders(sessionId),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'nap',
        method: 'tools/call',
        params: { name: 'nap', arguments: {}, _meta: { progressToken: 'p' } },
      }),
    });
    expect(call.headers.get('content-type')).toBe('text/event-stream');

    const closing = handle.close();
    // text() rejects ("terminated") if a connection is cut instead of ended.
    const [callBody, standaloneBody] = await Promise.all([call.text(), standalone.text()]);
    await closing;
    expect(callBody).toContain('"method":"notifications/progress"');
    expect(callBody).toContain('"id":"nap","result":{"content":[{"type":"text","text":"rested"}]');
    expect(standaloneBody).not.toContain('"error"');
  });
});
