// A call runs on A; its SSE stream is cut and the client resumes it on B (Last-Event-ID GET), A
// still running the call: B replays what A stored and then carries the rest of the stream from the
// store until the result, every progress notification and the result exactly once, in order.
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler, type HttpMessageExtra } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const STEPS = 12;

async function instance(name: string, runs: string[]): Promise<URL> {
  const stores = await redis.stores({ keyPrefix: 'elsewhere:' });
  const server = new McpServer({ name, version: '0.0.0' }, { protocolVersions: ['2025-11-25'] });
  server.tool('slow', { description: 'Reports progress slowly' }, async (_args, ctx) => {
    runs.push(name);
    // The client's connection is cut at once; the call goes on here.
    (ctx.extra as HttpMessageExtra).closeSseStream?.(20);
    for (let n = 1; n <= STEPS; n++) {
      // A long quiet stretch mid-call: a resume that only replays and ends finds nothing new, again.
      await new Promise((resolve) => setTimeout(resolve, n === STEPS / 2 ? 1500 : 40));
      await ctx.progress(n, STEPS);
    }
    return `done on ${name}`;
  });
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    ...stores,
    instanceId: name,
  });
  const handle = await serve(handler, { port: 0, host: '127.0.0.1' });
  cleanups.push(() => handle.close());
  return new URL('/mcp', handle.url);
}

describe('a POST stream resumed on another process while its holder runs the call', () => {
  it('B carries the rest of the stream: every progress event and the result once, in order', async () => {
    const runs: string[] = [];
    const a = await instance('A', runs);
    const b = await instance('B', runs);
    const resumes: string[] = [];
    const client = new McpClient({ name: 'resumer', version: '0.0.0' });
    await client.connect(
      new StreamableHttpClientTransport(a, {
        // POSTs go to A; every GET (the resume, the standalone stream) to B.
        fetch: (input, init) => {
          if (init?.method !== 'GET') return fetch(input, init);
          const lastEventId = new Headers(init.headers).get('last-event-id');
          if (lastEventId) resumes.push(lastEventId);
          return fetch(b, init);
        },
      }),
    );
    cleanups.push(() => client.close());
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'slow', arguments: {} },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done on A' }]);
    expect(progress).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
    expect(runs).toEqual(['A']);
    expect(resumes.length).toBeGreaterThanOrEqual(1);
  });
});
