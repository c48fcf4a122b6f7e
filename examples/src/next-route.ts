// A Next.js App Router route module (put it at app/mcp/route.ts): the Web handler is a route
// handler as is, `(request: Request) => Promise<Response>`. Next passes a second argument
// (`{ params }`); the handler reads only `remoteAddress` from it, which Next does not set, so
// per-address limits need `clientAddress` (e.g. from `x-forwarded-for` behind your proxy).
//
// The handler lives at module scope: one per server process, holding the sessions. On serverless
// platforms, where requests of one session may reach different instances, serve stateless
// (2026-07-28 clients are anyway) or share sessions through @mcpkit/store-redis.
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import * as z from 'zod';

const server = new McpServer(
  { name: 'next-route', version: '1.0.0' },
  { protocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] },
);
server.tool(
  'echo',
  { description: 'Echoes', inputSchema: { message: z.string() } },
  ({ message }) => message,
);
server.tool('count', { description: 'Reports progress, then answers' }, async (_args, ctx) => {
  for (let step = 1; step <= 3; step++) await ctx.progress(step, 3);
  return 'counted';
});

const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  // Next serves on localhost:3000 in development; name your public host for production.
  allowedHosts: process.env.MCP_PUBLIC_HOST ? [process.env.MCP_PUBLIC_HOST] : [],
});

// Every request runs the handler: never a statically rendered or cached GET.
export const dynamic = 'force-dynamic';
// node:crypto-free and Web-only, so 'edge' works too; 'nodejs' keeps sessions in one long-lived process.
export const runtime = 'nodejs';

export const GET = handler;
export const POST = handler;
export const DELETE = handler;
