// Interop: @mcpkit/transport-http-client against @modelcontextprotocol/server-everything, run as a
// child process in its Streamable HTTP mode and in its legacy HTTP+SSE mode.
import {
  FallbackHttpClientTransport,
  SseClientTransport,
  StreamableHttpClientTransport,
} from '@mcpkit/transport-http-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EverythingServer, startEverything } from './test-helpers/everything.js';
import { initializePeer, textOf } from './test-helpers/peer.js';

describe('server-everything over Streamable HTTP', () => {
  let everything: EverythingServer;
  beforeAll(async () => {
    everything = await startEverything('streamableHttp');
  }, 20_000);
  afterAll(async () => {
    await everything?.stop();
  });

  it('initializes, lists and calls tools, streams progress, and ends the session', {
    timeout: 20_000,
  }, async () => {
    const transport = new StreamableHttpClientTransport(`${everything.origin}/mcp`);
    const { peer, initializeResult, errors } = await initializePeer(transport);
    expect(initializeResult.protocolVersion).toBe('2025-11-25');
    expect(transport.sessionId).toBeDefined();

    const listed = await peer.request('tools/list');
    const names = (listed.tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));

    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'from mcpkit' } });
    expect(textOf(echoed)).toBe('Echo: from mcpkit');
    const sum = await peer.request('tools/call', { name: 'get-sum', arguments: { a: 2, b: 40 } });
    expect(textOf(sum)).toContain('42');

    const progress: number[] = [];
    const longRunning = await peer.request(
      'tools/call',
      { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(textOf(longRunning)).toContain('Long running operation completed');
    expect(progress).toEqual([1, 2, 3]);

    await peer.close();
    expect(errors).toEqual([]);
  });

  it('the fallback transport stays on Streamable HTTP with a modern server', {
    timeout: 20_000,
  }, async () => {
    const transport = new FallbackHttpClientTransport(`${everything.origin}/mcp`);
    const { peer } = await initializePeer(transport);
    expect(transport.mode).toBe('streamable-http');
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'modern' } });
    expect(textOf(echoed)).toBe('Echo: modern');
    await peer.close();
  });
});

describe('server-everything over the legacy HTTP+SSE transport', () => {
  let everything: EverythingServer;
  beforeAll(async () => {
    everything = await startEverything('sse');
  }, 20_000);
  afterAll(async () => {
    await everything?.stop();
  });

  it('speaks 2024-11-05 HTTP+SSE directly', { timeout: 20_000 }, async () => {
    const transport = new SseClientTransport(`${everything.origin}/sse`);
    const { peer, errors } = await initializePeer(transport, '2024-11-05');
    expect(transport.endpoint).toMatch(new RegExp(`^${everything.origin}/message\\?sessionId=`));
    const echoed = await peer.request('tools/call', { name: 'echo', arguments: { message: 'legacy' } });
    expect(textOf(echoed)).toBe('Echo: legacy');
    await peer.close();
    expect(errors).toEqual([]);
  });

  it('is reached through the fallback when the POST is refused', { timeout: 20_000 }, async () => {
    const transport = new FallbackHttpClientTransport(`${everything.origin}/sse`);
    const { peer, errors } = await initializePeer(transport);
    expect(transport.mode).toBe('legacy-sse');
    const sum = await peer.request('tools/call', { name: 'get-sum', arguments: { a: 1, b: 2 } });
    expect(textOf(sum)).toContain('3');
    await peer.close();
    expect(errors).toEqual([]);
  });
});
