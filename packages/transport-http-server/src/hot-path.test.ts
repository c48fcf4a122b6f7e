import type { JSONRPCMessage } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createHandlerCore } from './core.js';
import type { BodyRefusal, HttpExchange, Reply } from './exchange.js';
import type { StreamableHttpHandlerOptions } from './options.js';

// The per-request path of a POST answered with JSON, counted in turns of the microtask queue:
// every needless `await` or async wrapper on it costs one or more turns (and a promise), and
// options that are off must cost none. The server here answers at once, so what is counted is
// the handler's own path. A deterministic count, not a timing.

function exchange(body: JSONRPCMessage, headers: Record<string, string>): HttpExchange {
  const all: Record<string, string> = {
    host: 'localhost:3000',
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...headers,
  };
  return {
    method: 'POST',
    url: 'http://localhost:3000/mcp',
    path: '/mcp',
    header: (name) => all[name],
    headerNames: () => Object.keys(all),
    webHeaders: () => new Headers(all),
    readText: (): Promise<string | BodyRefusal> => Promise.resolve(JSON.stringify(body)),
    aborted: false,
    onAbort: () => undefined,
  };
}

/** Turns of the microtask queue until `reply` settles (bounded: a hang fails the test). */
async function turnsUntil(reply: Promise<Reply>): Promise<{ turns: number; reply: Reply }> {
  let settled: Reply | undefined;
  void reply.then((value) => {
    settled = value;
  });
  let turns = 0;
  while (settled === undefined && turns < 1000) {
    await undefined;
    turns++;
  }
  expect(settled).toBeDefined();
  return { turns, reply: settled! };
}

function answeringCore(options: Partial<StreamableHttpHandlerOptions> = {}) {
  return createHandlerCore({
    ...options,
    responseMode: 'json',
    onSession: async (transport) => {
      transport.onmessage = (message) => {
        if (!('method' in message) || !('id' in message)) return;
        const result =
          message.method === 'initialize'
            ? { protocolVersion: '2025-11-25', capabilities: {} }
            : { ok: true };
        void transport.send({ jsonrpc: '2.0', id: message.id, result });
      };
      await transport.start();
    },
  });
}

const call = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'tools/call', params: {} });

describe('the JSON POST path', () => {
  it('answers a request to a stateful session within a few microtask turns', async () => {
    const core = answeringCore();
    const opened = await core.handle(
      exchange(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        },
        {},
      ),
    );
    const sessionId = opened.headers['mcp-session-id']!;
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    // Warm: the first request after initialize establishes the session.
    await core.handle(exchange(call(1), headers));
    const { turns, reply } = await turnsUntil(core.handle(exchange(call(2), headers)));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body!)).toEqual({ jsonrpc: '2.0', id: 2, result: { ok: true } });
    // 15 before this test was written (awaits of a resolved sweep and of the in-memory store's
    // touch, async functions returning promises, the stream's promise chain for a JSON answer).
    expect(turns).toBeLessThanOrEqual(5);
    await core.close({ timeoutMs: 100 });
  });

  it('answers a stateless request within a few microtask turns', async () => {
    const core = answeringCore({ stateless: true });
    const headers = { 'mcp-protocol-version': '2025-11-25' };
    const { turns, reply } = await turnsUntil(core.handle(exchange(call(1), headers)));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body!)).toEqual({ jsonrpc: '2.0', id: 1, result: { ok: true } });
    // 15 before this test was written; what is left waits for onSession (connecting a server).
    expect(turns).toBeLessThanOrEqual(9);
    await core.close({ timeoutMs: 100 });
  });
});
