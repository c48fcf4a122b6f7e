// HTTP -> stdio: the bridge's host side driven by our client, the remote side real HTTP servers.
import { createEchoServer } from '@mcpkit/echo-server';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpStdioBridgeOptions, startHttpStdioBridge } from './http-to-stdio.js';
import type { GatewayEvent } from './options.js';
import { createStdioHttpGateway } from './stdio-to-http.js';
import { Cleanup, connectClient, fixture } from './test-helpers/processes.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function remote(server: McpServer) {
  const handler = createStreamableHttpHandler({ server });
  const handle = await serve(handler);
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= handle.close();
    return stopped;
  };
  cleanup.add(handle, stop);
  return { stop, url: new URL('/mcp', handle.url), base: handle.url };
}

async function bridgeClient(options: HttpStdioBridgeOptions, clientOptions = {}) {
  const [hostSide, bridgeSide] = createInMemoryTransportPair();
  const bridge = cleanup.add(await startHttpStdioBridge({ ...options, downstream: bridgeSide }), (b) =>
    b.close(),
  );
  const client = await connectClient(cleanup, hostSide, clientOptions);
  return { bridge, client };
}

describe('HTTP -> stdio, relayed', () => {
  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2026-07-28', undefined],
  ])('reaches the HTTP echo server at %s', async (expected, pinned) => {
    const { url } = await remote(createEchoServer());
    const { client } = await bridgeClient(
      { upstream: { url: url.href } },
      pinned ? { protocolVersion: pinned } : {},
    );
    expect(client.protocolVersion).toBe(expected);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'over the bridge' } });
    expect(result.content).toEqual([{ type: 'text', text: 'over the bridge' }]);
    const read = await client.readResource({ uri: 'echo://hi' });
    expect(read.contents[0]).toMatchObject({ text: 'hi' });
  });

  it('reaches a legacy HTTP+SSE server', async () => {
    const { base } = await remote(createEchoServer());
    const { client } = await bridgeClient(
      { upstream: { url: new URL('/sse', base).href, transport: 'sse' } },
      { protocolVersion: '2024-11-05' },
    );
    expect(client.protocolVersion).toBe('2024-11-05');
    const result = await client.callTool({ name: 'echo', arguments: { message: 'legacy' } });
    expect(result.content).toEqual([{ type: 'text', text: 'legacy' }]);
  });

  it('passes progress and elicitation both ways', async () => {
    // The remote: our test server published over HTTP by the gateway itself.
    const gateway = cleanup.add(createStdioHttpGateway({ upstream: fixture('far') }), (g) => g.close());
    const handle = cleanup.add(await serve(gateway.handler), (h) => h.close());
    const { client } = await bridgeClient(
      { upstream: { url: new URL('/mcp', handle.url).href } },
      { elicitation: async () => ({ action: 'accept', content: { who: 'Grace' } }) },
    );
    const progress: number[] = [];
    const slow = await client.callTool(
      { name: 'slow', arguments: { ms: 300 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(slow.content).toEqual([{ type: 'text', text: 'far: slept 300' }]);
    expect(progress.length).toBeGreaterThan(0);
    const asked = await client.callTool({ name: 'ask', arguments: {} });
    expect(asked.content).toEqual([{ type: 'text', text: 'far: hello Grace' }]);
  });

  it('answers with a clear error at once when the remote server is gone', async () => {
    const { stop, url } = await remote(createEchoServer());
    const { client } = await bridgeClient({ upstream: { url: url.href } }, { protocolVersion: '2025-11-25' });
    await stop();
    await expect(client.callTool({ name: 'echo', arguments: { message: 'anyone?' } })).rejects.toThrow(
      /could not take tools\/call/,
    );
  });
});

describe('HTTP -> stdio, bridged revisions', () => {
  it('serves a 2025-03-26 host while speaking 2026-07-28 to the remote server', async () => {
    const modern = new McpServer({ name: 'modern', version: '1.0.0' }, { protocolVersions: ['2026-07-28'] });
    modern.tool('now', { inputSchema: {} }, (_args, ctx) => `answered at ${ctx.protocolVersion}`);
    const { url } = await remote(modern);
    const events: GatewayEvent[] = [];
    const { client } = await bridgeClient(
      { upstream: { url: url.href }, mode: 'bridge', onevent: (event) => events.push(event) },
      { protocolVersion: '2025-03-26' },
    );
    expect(client.protocolVersion).toBe('2025-03-26');
    expect(events).toContainEqual({ type: 'upstream-up', upstream: url.host, protocolVersion: '2026-07-28' });
    expect((await client.listAllTools()).map((tool) => tool.name)).toEqual(['now']);
    const result = await client.callTool({ name: 'now', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'answered at 2026-07-28' }]);
  });
});
