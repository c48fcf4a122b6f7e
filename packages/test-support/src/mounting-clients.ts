// The peers every framework mounting is driven by: our client at 2026-07-28 and pinned to
// 2025-11-25 (a session, progress over SSE), and the official v2 client. Used by the Fastify and
// Hono packages' tests and the examples' mounting tests.
import { request } from 'node:http';
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { type FetchLike, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { Client as OfficialClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import * as z from 'zod';

export function demoServer(): McpServer {
  const server = new McpServer(
    { name: 'mounted', version: '1.0.0' },
    { protocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] },
  );
  server.tool(
    'echo',
    { description: 'Echoes', inputSchema: { message: z.string() } },
    ({ message }) => message,
  );
  server.tool('count', { description: 'Reports progress' }, async (_args, ctx) => {
    for (let step = 1; step <= 3; step++) await ctx.progress(step, 3);
    return 'counted';
  });
  return server;
}

function text(result: { content?: unknown }): unknown {
  return (result.content as Array<{ text?: string }> | undefined)?.[0]?.text;
}

/** Our client at `protocolVersion` (default: the newest): echo, then progress notifications. */
export async function ourClientRound(url: URL, protocolVersion?: string, fetch?: FetchLike): Promise<void> {
  const client = new McpClient(
    { name: 'ours', version: '1.0.0' },
    protocolVersion ? { protocolVersion } : {},
  );
  await client.connect(
    new StreamableHttpClientTransport(url, {
      messageHeaders: client.messageHeaders,
      ...(fetch ? { fetch } : {}),
    }),
  );
  try {
    expect(client.protocolVersion).toBe(protocolVersion ?? '2026-07-28');
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toBe('hi');
    const progress: number[] = [];
    const counted = await client.callTool(
      { name: 'count', arguments: {} },
      {
        onprogress: (update) => void progress.push(update.progress),
      },
    );
    expect(text(counted)).toBe('counted');
    expect(progress).toEqual([1, 2, 3]);
  } finally {
    await client.close();
  }
}

/** The official v2 client: a 2025-era session over Streamable HTTP, with progress. */
export async function officialClientRound(url: URL): Promise<void> {
  const client = new OfficialClient({ name: 'official', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  try {
    expect(transport.sessionId).toBeTypeOf('string');
    const echoed = await client.callTool({ name: 'echo', arguments: { message: 'official' } });
    expect(text(echoed)).toBe('official');
    const progress: number[] = [];
    const counted = await client.callTool(
      { name: 'count', arguments: {} },
      { onprogress: (update) => void progress.push(update.progress) },
    );
    expect(text(counted)).toBe('counted');
    // The official client drops progress read in the same chunk as the result: on a loaded machine
    // the last steps can share a read with it. What arrives must be in order.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
  } finally {
    await client.close();
  }
}

/** A raw initialize POST over node:http (fetch may not set Host), with the given extra headers. */
export function initializeWith(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        ...headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.end(body);
  });
}
