// 200 concurrent HTTP sessions with interleaved calls, progress, logs and resource subscriptions:
// every message a session receives must carry its own token. Then session ownership across
// principals, session id entropy and the default Host/Origin checks.
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler, type HttpRequestHead } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  callEcho,
  createEchoHandler,
  ENDPOINT,
  expectSpecShapedError,
  INITIALIZE,
  openSession,
  postHeaders,
} from './helpers.js';

const SESSIONS = 200;
const CALLS_PER_SESSION = 3;

function createTaggingServer(): McpServer {
  const server = new McpServer({ name: 'isolation', version: '0.0.0' });
  server.tool(
    'tagged',
    { inputSchema: { token: z.string(), round: z.number() } },
    async ({ token, round }, ctx) => {
      await ctx.progress(1, 2, `${token} progress 1 of round ${round}`);
      await ctx.log.info(`${token} log of round ${round}`);
      // Let other sessions' calls interleave with this one.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      await ctx.progress(2, 2, `${token} progress 2 of round ${round}`);
      server.notifyResourceUpdated(`token://${token}`);
      return `${token} result of round ${round}`;
    },
  );
  server.resourceTemplate('token://{token}', { name: 'token' }, (_uri, { token }) => String(token));
  return server;
}

let handle: ServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('session isolation under load', () => {
  it(`${SESSIONS} concurrent sessions each receive only their own messages`, async () => {
    const server = createTaggingServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    handle = await serve(handler);
    const url = new URL('/mcp', handle.url);

    const runSession = async (index: number) => {
      const token = `session-${index}-${crypto.randomUUID()}`;
      const received: string[] = [];
      const client = new McpClient({ name: `client-${index}`, version: '0.0.0' });
      client.setLogMessageHandler((params) => {
        received.push(`log ${String(params.data)}`);
      });
      // Unrelated notifications (resources/updated) ride the standalone GET stream, and the server
      // drops them until that stream is open (the spec allows it): wait for it before subscribing.
      let standaloneOpen!: () => void;
      const standaloneReady = new Promise<void>((resolve) => {
        standaloneOpen = resolve;
      });
      const transport = new StreamableHttpClientTransport(url, {
        fetch: async (input, init) => {
          const response = await fetch(input as string, init as RequestInit);
          if ((init as RequestInit | undefined)?.method === 'GET' && response.ok) standaloneOpen();
          return response;
        },
      });
      await client.connect(transport);
      await standaloneReady;
      await client.setLoggingLevel('debug');
      await client.subscribeResource(`token://${token}`, (params) => {
        received.push(`updated ${params.uri}`);
      });
      // The session's calls run concurrently too: each call's progress must name its own round.
      await Promise.all(
        Array.from({ length: CALLS_PER_SESSION }, async (_, round) => {
          const result = await client.callTool(
            { name: 'tagged', arguments: { token, round } },
            {
              onprogress: (progress) => {
                // Recorded, not thrown: a throw inside the callback would land in the client, not here.
                if (!String(progress.message).endsWith(`of round ${round}`))
                  received.push(`misrouted ${String(progress.message)}`);
                received.push(`progress ${String(progress.message)}`);
              },
            },
          );
          expect(result.content).toEqual([{ type: 'text', text: `${token} result of round ${round}` }]);
        }),
      );
      // Updates travel on the standalone GET stream, apart from the call's answer: the last one
      // may still be on its way when the call returns.
      const updatesDue = Date.now() + 2000;
      while (
        received.filter((line) => line.startsWith('updated')).length < CALLS_PER_SESSION &&
        Date.now() < updatesDue
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const sessionId = transport.sessionId;
      await client.close();
      return { token, received, sessionId };
    };

    const outcomes = await Promise.all(Array.from({ length: SESSIONS }, (_, index) => runSession(index)));
    for (const { token, received } of outcomes) {
      // Message by message: each one names this session's token, none is missing, none is extra.
      for (const line of received)
        expect(line, `session ${token} received a foreign message`).toContain(token);
      expect(received.filter((line) => line.startsWith('progress'))).toHaveLength(2 * CALLS_PER_SESSION);
      expect(received.filter((line) => line.startsWith('log'))).toHaveLength(CALLS_PER_SESSION);
      expect(received.filter((line) => line.startsWith('updated'))).toHaveLength(CALLS_PER_SESSION);
    }
    const ids = outcomes.map((outcome) => outcome.sessionId);
    expect(new Set(ids).size).toBe(SESSIONS);
  }, 90_000);
});

describe('session ownership and ids', () => {
  const byBearer = (request: HttpRequestHead) => {
    const bearer = request.header('authorization')?.replace(/^Bearer /, '');
    return bearer ? { token: bearer, clientId: bearer, scopes: [] } : undefined;
  };

  it('refuses a session id presented by another principal with 403', async () => {
    const { handler } = createEchoHandler({ authenticate: byBearer });
    const alice = { authorization: 'Bearer alice' };
    const bob = { authorization: 'Bearer bob' };
    const sessionId = await openSession(handler, alice);
    expect(await callEcho(handler, sessionId, 'mine', alice)).toBe('mine');
    for (const intruder of [bob, {}]) {
      const response = await handler(
        new Request(ENDPOINT, {
          method: 'POST',
          headers: { ...postHeaders(sessionId), ...intruder },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        }),
      );
      expect(response.status).toBe(403);
      await expectSpecShapedError(response);
      const stream = await handler(
        new Request(ENDPOINT, {
          method: 'GET',
          headers: { ...postHeaders(sessionId), accept: 'text/event-stream', ...intruder },
        }),
      );
      expect(stream.status).toBe(403);
      await stream.body?.cancel();
      const deletion = await handler(
        new Request(ENDPOINT, { method: 'DELETE', headers: { ...postHeaders(sessionId), ...intruder } }),
      );
      expect(deletion.status).toBe(403);
      await deletion.body?.cancel();
    }
    expect(await callEcho(handler, sessionId, 'still mine', alice)).toBe('still mine');
    await handler.close({ timeoutMs: 100 });
  });

  it('generates session ids of at least 128 random bits', async () => {
    const { handler } = createEchoHandler();
    const ids = await Promise.all(Array.from({ length: 64 }, () => openSession(handler)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32,}$/);
    // Hex digits are spread evenly: a counter or timestamp would leave most positions constant.
    const positions = ids[0]!.length;
    for (let position = 0; position < positions; position++) {
      expect(
        new Set(ids.map((id) => id[position])).size,
        `position ${position} barely varies`,
      ).toBeGreaterThan(4);
    }
    await handler.close({ timeoutMs: 100 });
  });
});

describe('DNS-rebinding protection is on by default', () => {
  it('refuses foreign Host and Origin headers with 403 and accepts local ones', async () => {
    const { handler } = createEchoHandler();
    const initialize = (headers: Record<string, string>) =>
      handler(
        new Request(ENDPOINT, {
          method: 'POST',
          headers: { ...postHeaders(), ...headers },
          body: JSON.stringify(INITIALIZE),
        }),
      );
    for (const headers of <Record<string, string>[]>[
      { host: 'evil.example' },
      { host: 'evil.example:80' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
    ]) {
      const response = await initialize(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      await expectSpecShapedError(response);
    }
    for (const headers of <Record<string, string>[]>[
      { host: 'localhost:3000' },
      { host: '127.0.0.1' },
      { host: '[::1]:8080', origin: 'http://localhost:5173' },
    ]) {
      const response = await initialize(headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      await response.text();
    }
    await handler.close({ timeoutMs: 100 });
  });
});
