// A dropped SSE stream resumes with Last-Event-ID and loses or repeats nothing. A TCP proxy between
// our client and our server resets the connection right after it relayed chosen progress events;
// the client must resume each time and see every progress number exactly once, then the result.
import { once } from 'node:events';
import { createServer, type Server, Socket } from 'node:net';
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startCountingServer(): Promise<ServerHandle> {
  const server = new McpServer({ name: 'counting', version: '0.0.0' });
  server.tool('count', { inputSchema: { to: z.number() } }, async ({ to }, ctx) => {
    for (let sequence = 1; sequence <= to; sequence++) {
      await ctx.progress(sequence, to);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return `counted to ${to}`;
  });
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    retryMs: 20,
  });
  const handle = await serve(handler);
  cleanups.push(() => handle.close());
  return handle;
}

/**
 * Relays TCP to `target` and resets the client's connection once for each N in `cutAt`: at an odd
 * N in the middle of the event that carries `"progress":N` (the client has its id line but not its
 * end), at an even N right after the chunk with that event.
 */
async function startCuttingProxy(target: URL, cutAt: number[]): Promise<{ url: URL; cuts: number[] }> {
  const pending = new Set(cutAt);
  const cuts: number[] = [];
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((downstream) => {
    const upstream = new Socket();
    sockets.add(downstream).add(upstream);
    upstream.connect(Number(target.port), target.hostname);
    downstream.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      const hit = [...pending].find((sequence) => text.includes(`"progress":${sequence},`));
      if (hit === undefined) {
        downstream.write(chunk);
        return;
      }
      pending.delete(hit);
      cuts.push(hit);
      const marker = `"progress":${hit},`;
      const relayed = hit % 2 === 1 ? chunk.subarray(0, text.indexOf(marker) + marker.length) : chunk;
      downstream.write(relayed, () => {
        downstream.resetAndDestroy();
        upstream.destroy();
      });
    });
    for (const [from, to] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      from.on('end', () => to.end());
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    proxy.close();
    await once(proxy, 'close');
  });
  const port = (proxy.address() as { port: number }).port;
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), cuts };
}

describe('SSE resumption after a dropped connection', () => {
  it('resumes with Last-Event-ID after each reset, mid-event or between events, and delivers every progress event exactly once', async () => {
    const handle = await startCountingServer();
    const { url, cuts } = await startCuttingProxy(new URL('/mcp', handle.url), [5, 18, 31]);
    const client = new McpClient({ name: 'resuming', version: '0.0.0' });
    cleanups.push(() => client.close());
    await client.connect(new StreamableHttpClientTransport(url));

    const seen: number[] = [];
    const result = await client.callTool(
      { name: 'count', arguments: { to: 40 } },
      { onprogress: (progress) => seen.push(progress.progress) },
    );

    expect(cuts).toEqual([5, 18, 31]);
    expect(result.content).toEqual([{ type: 'text', text: 'counted to 40' }]);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  }, 20_000);
});
