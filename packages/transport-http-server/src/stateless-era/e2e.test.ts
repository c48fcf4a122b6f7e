// End to end over node:http and fetch: a raw JsonRpcPeer answers like a 2026-07-28 server, next to
// a 2025-11-25 session on the same endpoint.
import { JsonRpcPeer } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from '../handler.js';
import { type ServerHandle, serve } from '../node/serve.js';
import { ADAPTERS, adapt, useAdapter } from '../test-helpers/adapters.js';
import { ACCEPT_BOTH, initializeMessage, messagesOf, SseReader } from '../test-helpers/http.js';
import { MODERN, modernRequest } from '../test-helpers/modern.js';

let handle: ServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function start() {
  const cancelled: unknown[] = [];
  // Resolved when the wait_forever handler runs, and with its id once its signal aborted: the test
  // waits on facts, not on a guessed delay (a loaded machine may take longer than any fixed wait).
  let waiting!: () => void;
  const handlerWaiting = new Promise<void>((resolve) => {
    waiting = resolve;
  });
  let cancel!: (id: unknown) => void;
  const handlerCancelled = new Promise<unknown>((resolve) => {
    cancel = resolve;
  });
  const handler = adapt(
    createStreamableHttpHandler({
      onSession: async (transport, info) => {
        const peer = new JsonRpcPeer();
        peer.setRequestHandler('initialize', () => ({
          protocolVersion: '2025-11-25',
          capabilities: {},
          serverInfo: { name: 'e2e', version: '1' },
        }));
        peer.setRequestHandler('server/discover', () => ({
          supportedVersions: [MODERN],
          capabilities: { tools: {} },
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'e2e', version: '1' } },
        }));
        peer.setRequestHandler('tools/call', async (params, ctx) => {
          if (params?.name === 'wait_forever') {
            const aborted = new Promise((resolve) =>
              ctx.signal.addEventListener('abort', resolve, { once: true }),
            );
            waiting();
            await aborted;
            cancelled.push(ctx.requestId);
            cancel(ctx.requestId);
            return { content: [] };
          }
          await ctx.sendNotification('notifications/message', { level: 'info', data: 'working' });
          return { content: [{ type: 'text', text: `${info.kind} ${String(ctx.extra?.protocolVersion)}` }] };
        });
        await peer.connect(transport);
      },
    }),
  );
  handle = await serve(handler, { port: 0 });
  return { url: new URL('/mcp', handle.url).href, cancelled, handlerWaiting, handlerCancelled };
}

function post(
  url: string,
  body: ReturnType<typeof modernRequest>,
  extra: Record<string, string> = {},
  signal?: AbortSignal,
) {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: ACCEPT_BOTH,
      'content-type': 'application/json',
      'mcp-protocol-version': MODERN,
      'mcp-method': body.method,
      ...(typeof body.params.name === 'string' ? { 'mcp-name': body.params.name } : {}),
      ...extra,
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('2026-07-28 over node:http', () => {
    it('discovers, calls with a streamed notification, and keeps a 2025 session working alongside', async () => {
      const { url } = await start();
      const discover = await post(url, modernRequest('server/discover', 1));
      expect(discover.status).toBe(200);
      expect(await discover.json()).toMatchObject({ id: 1, result: { supportedVersions: [MODERN] } });

      const init = await fetch(url, {
        method: 'POST',
        headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json' },
        body: JSON.stringify(initializeMessage('2025-11-25')),
      });
      const sessionId = init.headers.get('mcp-session-id');
      expect(sessionId).toBeTruthy();
      await init.text();

      const call = await post(url, modernRequest('tools/call', 2, { name: 'echo' }));
      expect(call.headers.get('content-type')).toBe('text/event-stream');
      expect(call.headers.get('mcp-session-id')).toBeNull();
      const messages = messagesOf(await new SseReader(call).rest());
      expect(messages.at(-1)).toMatchObject({ id: 2, result: { content: [{ text: `request ${MODERN}` }] } });

      const legacyCall = await fetch(url, {
        method: 'POST',
        headers: {
          accept: ACCEPT_BOTH,
          'content-type': 'application/json',
          'mcp-session-id': sessionId!,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } }),
      });
      const legacyMessages = messagesOf(await new SseReader(legacyCall).rest());
      expect(legacyMessages.at(-1)).toMatchObject({
        result: { content: [{ text: 'streamable 2025-11-25' }] },
      });

      const mismatch = await post(url, modernRequest('tools/call', 3, { name: 'echo' }), {
        'mcp-name': 'other',
      });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.json()).toMatchObject({ id: 3, error: { code: -32020 } });
    });

    it('cancels the request when the client aborts the HTTP request', async () => {
      const { url, cancelled, handlerWaiting, handlerCancelled } = await start();
      const abort = new AbortController();
      const pending = post(url, modernRequest('tools/call', 'w', { name: 'wait_forever' }), {}, abort.signal);
      await handlerWaiting;
      abort.abort();
      await expect(pending).rejects.toThrow();
      expect(await handlerCancelled).toBe('w');
      expect(cancelled).toEqual(['w']);
    });
  });
});
