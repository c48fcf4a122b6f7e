// Resumable streams (SEP-1699): a long tool call answers over SSE; the server ends the HTTP
// connection in the middle (as a proxy with a short timeout would) and the client reconnects with
// `Last-Event-ID`, getting every event it missed and then the result, without calling again.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/resumable-streams.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp long_job '{"steps":5}'
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler, type HttpMessageExtra } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import * as z from 'zod';

const server = new McpServer({ name: 'resumable-demo', version: '1.0.0' });

server.tool(
  'long_job',
  {
    description: 'Works in steps, reporting progress',
    inputSchema: { steps: z.number().int().min(1).max(20) },
  },
  async ({ steps }, ctx) => {
    // Close this request's HTTP connection at once (the answer switches to SSE for it); the client
    // polls back in 200 ms and receives every event since, from the server's event history.
    (ctx.extra as HttpMessageExtra | undefined)?.closeSseStream?.(200);
    for (let step = 1; step <= steps; step++) {
      await sleep(100, undefined, { signal: ctx.signal });
      await ctx.progress(step, steps, `step ${step} of ${steps}`);
    }
    return `Done after ${steps} steps`;
  },
);

// The event history that makes resumption possible is kept in memory by default (eventStore option).
const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
const { url, close } = await serve(handler, { port: Number(process.env.PORT ?? 3000) });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());
