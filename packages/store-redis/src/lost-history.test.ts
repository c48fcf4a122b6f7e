// A client resuming a call's SSE stream after more events than the history keeps (600, bound 256)
// gets an error naming the loss on its pending call: never the later events with a silent gap.
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import {
  createStreamableHttpHandler,
  type EventStore,
  type HttpMessageExtra,
  InMemoryEventStore,
} from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const stores: Array<[string, () => Promise<EventStore>]> = [
  ['in memory', async () => new InMemoryEventStore()],
  ['Redis', async () => (await redis.stores()).eventStore],
];

describe.each(stores)('600 events after the client left, with the %s event store', (_name, makeStore) => {
  it('the call fails with an error naming the lost events and the bound, not a result', async () => {
    let burstDone!: () => void;
    const burst = new Promise<void>((resolve) => {
      burstDone = resolve;
    });
    const server = new McpServer({ name: 'burst', version: '0.0.0' }, { protocolVersions: ['2025-11-25'] });
    server.tool('burst', { description: 'Sends 600 progress notifications' }, async (_args, ctx) => {
      (ctx.extra as HttpMessageExtra).closeSseStream?.(10);
      for (let n = 1; n <= 600; n++) await ctx.progress(n, 600);
      burstDone();
      return 'done';
    });
    const handler = createStreamableHttpHandler({
      onSession: (transport) => server.connect(transport),
      eventStore: await makeStore(),
    });
    const handle = await serve(handler, { port: 0, host: '127.0.0.1' });
    cleanups.push(() => handle.close());
    const client = new McpClient({ name: 'resumer', version: '0.0.0' });
    await client.connect(
      new StreamableHttpClientTransport(new URL('/mcp', handle.url), {
        // The resume waits until all 600 are stored, however slow the machine.
        fetch: async (input, init) => {
          if (init?.method === 'GET') await burst;
          return fetch(input, init);
        },
      }),
    );
    cleanups.push(() => client.close());
    const progress: number[] = [];
    const call = client.callTool(
      { name: 'burst', arguments: {} },
      { onprogress: (p) => progress.push(p.progress) },
    );
    await expect(call).rejects.toThrow(
      /events after \S+ on this stream are no longer stored \(history keeps (about )?256 events per stream\); the response to request \S+ is lost/,
    );
    expect(progress).toEqual([]);
  });
});
