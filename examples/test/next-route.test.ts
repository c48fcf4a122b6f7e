// The Next.js-style route module called the way the App Router calls it: the export named after
// the request's method, with a Web Request and a `{ params }` context, its Response returned to
// our client (through a fetch function), stateless at 2026-07-28 and as a 2025-11-25 session
// with SSE progress, plus the DNS-rebinding refusal of a foreign Host.
import { McpClient } from '@mcpkit/client';
import { type FetchLike, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { describe, expect, it } from 'vitest';
import * as route from '../src/next-route.js';

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

const methodsSeen: string[] = [];

/** What Next does for app/mcp/route.ts: pick the export named after the method, or answer 405. */
const appRouter: FetchLike = async (url, init) => {
  const request = new Request(url, init as RequestInit);
  methodsSeen.push(request.method);
  const exported = (route as unknown as Record<string, RouteHandler | undefined>)[request.method];
  if (!exported) return new Response(null, { status: 405 });
  return exported(request, { params: Promise.resolve({}) });
};

const text = (result: { content?: unknown }) => (result.content as Array<{ text?: string }>)[0]?.text;

describe('Next.js-style route module (export const GET/POST/DELETE = handler)', () => {
  it('is dynamic and exports the three methods of the endpoint', () => {
    expect(route.dynamic).toBe('force-dynamic');
    expect([route.GET, route.POST, route.DELETE].every((h) => typeof h === 'function')).toBe(true);
  });

  for (const protocolVersion of ['2026-07-28', '2025-11-25']) {
    it(`serves our client at ${protocolVersion}, with progress`, async () => {
      methodsSeen.length = 0;
      const client = new McpClient({ name: 'next-test', version: '1.0.0' }, { protocolVersion });
      await client.connect(
        new StreamableHttpClientTransport(new URL('http://localhost:3000/mcp'), {
          fetch: appRouter,
          messageHeaders: client.messageHeaders,
        }),
      );
      try {
        expect(client.protocolVersion).toBe(protocolVersion);
        expect(text(await client.callTool({ name: 'echo', arguments: { message: 'next' } }))).toBe('next');
        const progress: number[] = [];
        const counted = await client.callTool(
          { name: 'count', arguments: {} },
          { onprogress: (update) => void progress.push(update.progress) },
        );
        expect(text(counted)).toBe('counted');
        expect(progress).toEqual([1, 2, 3]);
      } finally {
        await client.close();
      }
      // A 2025-11-25 session ends with a DELETE; 2026-07-28 is sessionless, all POSTs.
      expect(methodsSeen.includes('DELETE')).toBe(protocolVersion === '2025-11-25');
    });
  }

  it('refuses a foreign Host with 403, as serve() does', async () => {
    const response = await appRouter('http://evil.example/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(403);
  });
});
