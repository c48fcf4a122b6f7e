// HTTP -> stdio: the bridge's host side driven by our client, the remote side real HTTP servers.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEchoServer } from '@mcpkit/echo-server';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpStdioBridgeOptions, startHttpStdioBridge } from './http-to-stdio.js';
import type { GatewayEvent } from './options.js';
import { createStdioHttpGateway } from './stdio-to-http.js';
import { Cleanup, connectClient, fixture, until } from './test-helpers/processes.js';

const BIN = fileURLToPath(new URL('../bin/mcpkit-gateway.mjs', import.meta.url));
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

describe('HTTP -> stdio, a remote server process killed mid-call', () => {
  it('fails the running call at once with a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-remote-'));
    const config = join(dir, 'gateway.json');
    // The remote: the gateway's CLI in its own process, publishing our test server over HTTP.
    writeFileSync(config, JSON.stringify({ serve: { port: 0 }, upstream: fixture('far') }));
    const remoteProcess = spawn(process.execPath, [BIN, config], { stdio: ['ignore', 'ignore', 'pipe'] });
    cleanup.add(remoteProcess, (child) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let stderr = '';
    remoteProcess.stderr!.on('data', (chunk) => (stderr += chunk));
    await until('the remote to print its endpoint', () => /MCP endpoint: \S+/.test(stderr));
    const url = /MCP endpoint: (\S+)/.exec(stderr)![1]!;
    const { client } = await bridgeClient({ upstream: { url } }, { protocolVersion: '2025-11-25' });

    let sawProgress!: () => void;
    const progressed = new Promise<void>((resolve) => {
      sawProgress = resolve;
    });
    const call = client.callTool(
      { name: 'slow', arguments: { ms: 60_000 } },
      { onprogress: () => sawProgress() },
    );
    await progressed;
    remoteProcess.kill('SIGKILL');
    // Long before the tool's 60 s: the bridge answers as soon as the HTTP stream breaks.
    const error = (await call.then(
      () => new Error('the call succeeded'),
      (failure: unknown) => failure,
    )) as Error;
    // Names what broke, where, and why (the remote's port now refuses connections).
    expect(error.message).toMatch(/the SSE stream of request \S+ broke/);
    expect(error.message).toContain(url);
  });
});

describe('HTTP -> stdio, bridged revisions', () => {
  it('serves a 2026-07-28 host while speaking 2025-06-18 to the remote server', async () => {
    const old = new McpServer({ name: 'old', version: '1.0.0' }, { protocolVersions: ['2025-06-18'] });
    old.tool('now', { inputSchema: {} }, (_args, ctx) => `answered at ${ctx.protocolVersion}`);
    const { url } = await remote(old);
    const events: GatewayEvent[] = [];
    const { client } = await bridgeClient({
      upstream: { url: url.href },
      mode: 'bridge',
      onevent: (event) => events.push(event),
    });
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(events).toContainEqual({ type: 'upstream-up', upstream: url.host, protocolVersion: '2025-06-18' });
    const result = await client.callTool({ name: 'now', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'answered at 2025-06-18' }]);
  });

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
