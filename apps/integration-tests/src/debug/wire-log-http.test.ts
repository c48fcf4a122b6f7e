// MCPKIT_DEBUG=wire over Streamable HTTP on 127.0.0.1: the server's session transport and the
// client transport each log the messages they receive and send to stderr, with the session id.
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';

const saved = process.env.MCPKIT_DEBUG;
afterEach(() => {
  vi.restoreAllMocks();
  if (saved === undefined) delete process.env.MCPKIT_DEBUG;
  else process.env.MCPKIT_DEBUG = saved;
});

/** Connects a client to a fresh server, calls `echo` once, and returns what went to stderr. */
async function echoOverHttp(): Promise<string[]> {
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  const server = new McpServer({ name: 'wire', version: '1.0.0' }, { protocolVersions: ['2025-11-25'] });
  server.tool('echo', { inputSchema: { message: z.string() } }, ({ message }) => message);
  const handle = await serve(
    createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) }),
    {
      port: 0,
      host: '127.0.0.1',
    },
  );
  const client = new McpClient({ name: 'wire-client', version: '1.0.0' });
  try {
    await client.connect(new StreamableHttpClientTransport(new URL('/mcp', handle.url)));
    await client.callTool({ name: 'echo', arguments: { message: 'hello' } });
  } finally {
    await client.close();
    await handle.close();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line !== '');
}

describe('MCPKIT_DEBUG=wire over Streamable HTTP', () => {
  it('logs the call and its result on both sides, with the session id', async () => {
    process.env.MCPKIT_DEBUG = 'wire';
    const lines = await echoOverHttp();
    // The client's first probe (server/discover) and initialize go out before there is a session.
    for (const line of lines)
      expect(line).toMatch(
        /^mcpkit:wire (http-client|http-server|http-server-stateless)( session=\S+)? (in|out) \{/,
      );
    const entries = lines.map((line) => {
      const [, side, session, direction, json] = /^mcpkit:wire (\S+)(?: session=(\S+))? (in|out) (.*)$/.exec(
        line,
      )!;
      return {
        side,
        session,
        direction,
        message: JSON.parse(json!) as { method?: string; result?: unknown },
      };
    });
    const calls = entries.filter((entry) => entry.message.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.session).toMatch(/\S/);
    expect(calls[1]!.session).toBe(calls[0]!.session);
    const call = (side: string, direction: string) =>
      entries.some(
        (entry) =>
          entry.side === side && entry.direction === direction && entry.message.method === 'tools/call',
      );
    expect(call('http-client', 'out') && call('http-server', 'in')).toBe(true);
    const result = (side: string, direction: string) =>
      entries.some(
        (entry) =>
          entry.side === side &&
          entry.direction === direction &&
          JSON.stringify(entry.message.result ?? null).includes('hello'),
      );
    expect(result('http-server', 'out') && result('http-client', 'in')).toBe(true);
  });

  it('logs nothing when MCPKIT_DEBUG is unset', async () => {
    delete process.env.MCPKIT_DEBUG;
    expect(await echoOverHttp()).toEqual([]);
  });
});
