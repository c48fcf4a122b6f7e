// Sessions are a scarce resource: a flood of initializes must not lock real clients out. A failed
// initialize leaves nothing behind, a session whose client never follows up expires fast, a full
// server says honestly when to retry, and one address cannot take every slot. Real sockets on
// 127.0.0.1, through serve().
import { type IncomingMessage, request } from 'node:http';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createEchoHandler, INITIALIZE, postHeaders } from './helpers.js';

let handle: ServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
}

/** One POST over its own socket, optionally from another loopback address (127.0.0.0/8 is all local). */
function post(url: URL, body: unknown, options: { sessionId?: string; from?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: postHeaders(options.sessionId),
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text === '' ? {} : (JSON.parse(text) as Answer['body']),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

const BAD_INITIALIZE = { jsonrpc: '2.0', id: 'bad', method: 'initialize', params: { x: 'y' } };

async function connectClient(url: URL): Promise<McpClient> {
  const client = new McpClient({ name: 'real-client', version: '0.0.0' });
  await client.connect(new StreamableHttpClientTransport(url));
  return client;
}

describe('session admission over real sockets', () => {
  it('a failed initialize gets no session id and holds no slot, so a flood of them locks nobody out', async () => {
    const { handler } = createEchoHandler({ maxSessions: 20 });
    handle = await serve(handler);
    const url = new URL('/mcp', handle.url);

    const answers = await Promise.all(Array.from({ length: 40 }, () => post(url, BAD_INITIALIZE)));
    for (const answer of answers) {
      expect(answer.body.error?.code).toBe(-32602);
      expect(answer.headers['mcp-session-id']).toBeUndefined();
    }
    expect(handler.sessionCount).toBe(0);

    const client = await connectClient(url);
    expect((await client.callTool({ name: 'echo', arguments: { message: 'in' } })).content).toEqual([
      { type: 'text', text: 'in' },
    ]);
    await client.close();
  }, 30_000);

  it('sessions that never follow their initialize expire fast; the full server says when to retry', async () => {
    const { handler } = createEchoHandler({ maxSessions: 5, handshakeTimeoutMs: 500 });
    handle = await serve(handler);
    const url = new URL('/mcp', handle.url);

    // Five valid initializes that never send notifications/initialized nor anything else.
    for (let i = 0; i < 5; i++) {
      const answer = await post(url, INITIALIZE);
      expect(answer.status).toBe(200);
      expect(answer.headers['mcp-session-id']).toBeTruthy();
    }
    const refused = await post(url, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(refused.body.error?.message).toMatch(/maxSessions = 5/);
    // The next slot frees within the handshake timeout, not after the 30-minute idle timeout.
    expect(Number(refused.headers['retry-after'])).toBe(1);

    let client: McpClient | undefined;
    for (let attempt = 0; attempt < 100 && !client; attempt++) {
      client = await connectClient(url).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return undefined;
      });
    }
    expect(client, 'a real client got in once the idle handshakes expired').toBeDefined();
    expect((await client!.callTool({ name: 'echo', arguments: { message: 'in' } })).content).toEqual([
      { type: 'text', text: 'in' },
    ]);
    await client!.close();
  }, 30_000);

  it('maxSessionsPerAddress refuses one address precisely (429) and leaves other addresses in', async () => {
    const { handler } = createEchoHandler({ maxSessionsPerAddress: 3 });
    handle = await serve(handler);
    const url = new URL('/mcp', handle.url);

    for (let i = 0; i < 3; i++) expect((await post(url, INITIALIZE, { from: '127.0.0.2' })).status).toBe(200);
    const refused = await post(url, INITIALIZE, { from: '127.0.0.2' });
    expect(refused.status).toBe(429);
    expect(refused.headers['mcp-session-id']).toBeUndefined();
    expect(refused.body.error?.message).toMatch(/maxSessionsPerAddress = 3/);
    expect(refused.body.error?.message).toContain('127.0.0.2');
    expect(refused.body.error?.data).toMatchObject({ limit: 'maxSessionsPerAddress', max: 3 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // 127.0.0.1 (the real client's address) is not affected.
    const client = await connectClient(url);
    expect((await client.callTool({ name: 'echo', arguments: { message: 'in' } })).content).toEqual([
      { type: 'text', text: 'in' },
    ]);
    await client.close();
  }, 30_000);
});
