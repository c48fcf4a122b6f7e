// Integration: @mcpkit/transport-http-client against @mcpkit/transport-http-server, with a raw
// JsonRpcPeer on each side (no server or client package involved).
import { JsonRpcPeer, type Transport } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { FallbackHttpClientTransport, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import {
  createStreamableHttpHandler,
  type HttpMessageExtra,
  type StreamableHttpHandler,
} from '@mcpkit/transport-http-server';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedHandler, serveWebHandler } from './test-helpers/node-adapter.js';
import { initializePeer, textOf } from './test-helpers/peer.js';

let handler: StreamableHttpHandler | undefined;
let served: ServedHandler | undefined;
afterEach(async () => {
  await handler?.close({ timeoutMs: 1000 });
  await served?.close();
  handler = undefined;
  served = undefined;
});

async function connectRawServer(transport: Transport): Promise<void> {
  const peer = new JsonRpcPeer();
  peer.setRequestHandler('initialize', (params) => ({
    protocolVersion: String(params?.protocolVersion ?? '2025-11-25'),
    capabilities: { tools: {} },
    serverInfo: { name: 'mcpkit-raw-server', version: '0.0.0' },
  }));
  peer.setNotificationHandler('notifications/initialized', () => undefined);
  peer.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
  }));
  peer.setRequestHandler('tools/call', async (params, ctx) => {
    const args = (params?.arguments ?? {}) as JSONObject;
    if (params?.name === 'poll') {
      // SEP-1699: drop the connection mid-call; the answer is stored and replayed on resumption.
      (ctx.extra as HttpMessageExtra | undefined)?.closeSseStream?.(30);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { content: [{ type: 'text', text: 'answered after the disconnect' }] };
    }
    if (ctx.progressToken !== undefined) {
      await ctx.sendNotification('notifications/progress', {
        progressToken: ctx.progressToken,
        progress: 1,
        total: 1,
      });
    }
    return { content: [{ type: 'text', text: `echo: ${String(args.message)}` }] };
  });
  await peer.connect(transport);
}

async function start(
  options: { responseMode?: 'json' | 'sse' | 'auto'; stateless?: boolean } = {},
): Promise<string> {
  handler = createStreamableHttpHandler({
    ...options,
    retryMs: 30,
    onSession: (transport) => connectRawServer(transport),
  });
  served = await serveWebHandler(handler);
  return served.url;
}

describe('@mcpkit/transport-http-client with @mcpkit/transport-http-server', () => {
  for (const responseMode of ['sse', 'json', 'auto'] as const) {
    it(`works end to end with responseMode ${responseMode}`, { timeout: 20_000 }, async () => {
      const url = await start({ responseMode });
      // The server reroutes a JSON-mode call's notifications to the standalone GET stream when the
      // client holds one; without it, this checks what the POST's own answer carries.
      const transport = new StreamableHttpClientTransport(url, {
        ...(responseMode === 'json' ? { standaloneStream: false } : {}),
      });
      const { peer, initializeResult, errors } = await initializePeer(transport);
      expect(initializeResult.protocolVersion).toBe('2025-11-25');
      expect(transport.sessionId).toBeDefined();
      const progress: number[] = [];
      const echoed = await peer.request(
        'tools/call',
        { name: 'echo', arguments: { message: 'hi' } },
        { onprogress: (update) => progress.push(update.progress) },
      );
      expect(textOf(echoed)).toBe('echo: hi');
      // A plain JSON answer has no room for messages before the response.
      expect(progress).toEqual(responseMode === 'json' ? [] : [1]);
      await peer.close();
      expect(handler?.sessionCount).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  it('resumes a request stream the server closed mid-call and gets the answer once', {
    timeout: 20_000,
  }, async () => {
    const url = await start({ responseMode: 'sse' });
    const transport = new StreamableHttpClientTransport(url);
    const ids: unknown[] = [];
    const { peer, errors } = await initializePeer(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if ('id' in message) ids.push(message.id);
      deliver?.(message, extra);
    };
    const answered = await peer.request('tools/call', { name: 'poll', arguments: {} });
    expect(textOf(answered)).toBe('answered after the disconnect');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ids.filter((id) => id === ids.at(-1))).toHaveLength(1);
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('works statelessly', { timeout: 20_000 }, async () => {
    const url = await start({ stateless: true });
    const transport = new StreamableHttpClientTransport(url);
    const { peer, errors } = await initializePeer(transport);
    expect(transport.sessionId).toBeUndefined();
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'stateless' } });
    expect(textOf(echoed)).toBe('echo: stateless');
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('runs without a network: fetch injected as a direct call of the Web handler', {
    timeout: 20_000,
  }, async () => {
    handler = createStreamableHttpHandler({ onSession: (transport) => connectRawServer(transport) });
    const direct = handler;
    const transport = new StreamableHttpClientTransport('http://localhost/mcp', {
      fetch: (url, init) => direct(new Request(url, init as RequestInit)),
    });
    const { peer, errors } = await initializePeer(transport);
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'no sockets' } });
    expect(textOf(echoed)).toBe('echo: no sockets');
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('reaches the legacy HTTP+SSE endpoint through the fallback', { timeout: 20_000 }, async () => {
    const url = await start();
    const transport = new FallbackHttpClientTransport(url.replace(/\/mcp$/, '/sse'));
    const { peer, errors } = await initializePeer(transport, '2024-11-05');
    expect(transport.mode).toBe('legacy-sse');
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'legacy' } });
    expect(textOf(echoed)).toBe('echo: legacy');
    await peer.close();
    expect(errors).toEqual([]);
  });
});
