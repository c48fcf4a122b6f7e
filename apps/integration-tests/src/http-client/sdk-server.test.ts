// Interop: @mcpkit/transport-http-client driving a raw JsonRpcPeer against official SDK v2
// (@modelcontextprotocol/server 2.4.0) Streamable HTTP servers.
import type { JSONObject } from '@mcpkit/protocol';
import {
  type FetchLike,
  HttpTransportError,
  StreamableHttpClientTransport,
} from '@mcpkit/transport-http-client';
import nodeFetch from 'node-fetch';
import { afterEach, describe, expect, it } from 'vitest';
import { initializePeer, textOf } from './test-helpers/peer.js';
import { type SdkServer, startSdkServer } from './test-helpers/sdk-server.js';

let server: SdkServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fetches: Array<[string, FetchLike | undefined]> = [
  ['global fetch', undefined],
  ['node-fetch', nodeFetch as unknown as FetchLike],
];

async function toolNames(result: JSONObject): Promise<string[]> {
  return (result.tools as Array<{ name: string }>).map((tool) => tool.name).sort();
}

describe.each(fetches)('official SDK v2 Streamable HTTP server, via %s', (_name, fetch) => {
  const options = fetch ? { fetch } : {};

  it('stateful over SSE: initialize, tools/list, tools/call with progress, standalone stream, DELETE on close', {
    timeout: 20_000,
  }, async () => {
    server = await startSdkServer();
    const transport = new StreamableHttpClientTransport(server.url, options);
    const { peer, initializeResult, errors } = await initializePeer(transport);
    expect(initializeResult.protocolVersion).toBe('2025-11-25');
    expect((initializeResult.serverInfo as { name: string }).name).toBe('sdk-interop-server');
    const sessionId = transport.sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.sessions.has(sessionId as string)).toBe(true);

    expect(await toolNames(await peer.request('tools/list'))).toEqual([
      'ask-name',
      'count',
      'disconnect-then-answer',
      'echo',
    ]);
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'héllo 🎉' } });
    expect(textOf(echoed)).toBe('echo: héllo 🎉');

    const progress: number[] = [];
    const counted = await peer.request(
      'tools/call',
      { name: 'count', arguments: { steps: 3 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(textOf(counted)).toBe('counted to 3');
    expect(progress).toEqual([1, 2, 3]);

    const invalid = await peer.request('tools/call', { name: 'echo', arguments: { message: 42 } });
    expect(invalid.isError).toBe(true);

    expect(server.requestCounts.GET).toBeGreaterThanOrEqual(1);
    await peer.close();
    expect(server.closedSessions).toEqual([sessionId]);
    expect(errors).toEqual([]);
  });

  it("answers a server-to-client request that arrives on the call's SSE stream", {
    timeout: 20_000,
  }, async () => {
    server = await startSdkServer();
    const transport = new StreamableHttpClientTransport(server.url, options);
    const asked: unknown[] = [];
    const { peer, errors } = await initializePeer(transport, '2025-11-25', {
      capabilities: { elicitation: { form: {} } },
      beforeConnect: (peer) =>
        peer.setRequestHandler('elicitation/create', async (params) => {
          asked.push(params?.message);
          return { action: 'accept', content: { name: 'Ada' } };
        }),
    });
    const answered = await peer.request('tools/call', { name: 'ask-name', arguments: {} });
    expect(textOf(answered)).toBe('hello Ada');
    expect(asked).toEqual(['What is your name?']);
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('stateful with JSON responses', { timeout: 20_000 }, async () => {
    server = await startSdkServer({ json: true });
    const transport = new StreamableHttpClientTransport(server.url, options);
    const { peer, errors } = await initializePeer(transport);
    expect(transport.sessionId).toBeDefined();
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'json' } });
    expect(textOf(echoed)).toBe('echo: json');
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('stateless: no session, every request stands alone', { timeout: 20_000 }, async () => {
    server = await startSdkServer({ stateless: true });
    const transport = new StreamableHttpClientTransport(server.url, options);
    const { peer, errors } = await initializePeer(transport);
    expect(transport.sessionId).toBeUndefined();
    expect(await toolNames(await peer.request('tools/list'))).toContain('echo');
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'stateless' } });
    expect(textOf(echoed)).toBe('echo: stateless');
    await peer.close();
    expect(server.requestCounts.DELETE).toBeUndefined();
    expect(errors).toEqual([]);
  });
});

describe('official SDK v2 server: resumption and session expiry', () => {
  it('resumes a stream the server closed mid-call (SEP-1699) and gets the response exactly once', {
    timeout: 20_000,
  }, async () => {
    server = await startSdkServer({ resumable: true, retryIntervalMs: 50 });
    const transport = new StreamableHttpClientTransport(server.url, { standaloneStream: false });
    const received: unknown[] = [];
    const { peer, errors } = await initializePeer(transport);
    const onmessage = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if ('id' in message) received.push(message.id);
      onmessage?.(message, extra);
    };
    const answered = await peer.request('tools/call', { name: 'disconnect-then-answer', arguments: {} });
    expect(textOf(answered)).toBe('answered after the disconnect');
    expect(server.lastEventIds.length).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const callId = received.at(-1);
    expect(received.filter((id) => id === callId)).toHaveLength(1);
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('reports SESSION_EXPIRED on 404 and re-initializes on the same transport', {
    timeout: 20_000,
  }, async () => {
    server = await startSdkServer();
    const transport = new StreamableHttpClientTransport(server.url, { standaloneStream: false });
    const { peer, errors } = await initializePeer(transport);
    const first = transport.sessionId as string;
    // The server forgets the session, as after a restart.
    server.sessions.delete(first);
    const failure = await peer.request('tools/list').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpTransportError);
    expect(failure).toMatchObject({ code: 'SESSION_EXPIRED', status: 404 });
    expect(transport.sessionId).toBeUndefined();
    expect(errors.some((error) => error === failure)).toBe(true);

    const again = await peer.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'mcpkit-http-client-interop', version: '0.0.0' },
    });
    expect(again.protocolVersion).toBe('2025-11-25');
    await peer.notify('notifications/initialized');
    expect(transport.sessionId).toBeDefined();
    expect(transport.sessionId).not.toBe(first);
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'again' } });
    expect(textOf(echoed)).toBe('echo: again');
    await peer.close();
  });
});
