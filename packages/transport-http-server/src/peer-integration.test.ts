// The handler wired to the real JsonRpcPeer, the way @mcpkit/server uses it: proves the extra
// (closeSseStream, authInfo) and relatedRequestId routing reach a real peer's handlers.
import { JsonRpcPeer } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import type { HttpMessageExtra } from './session-transport.js';
import { ADAPTERS, adapt, useAdapter } from './test-helpers/adapters.js';
import {
  getRequest,
  initializeMessage,
  messagesOf,
  postRequest,
  request,
  SseReader,
} from './test-helpers/http.js';

function peerHandler() {
  return adapt(
    createStreamableHttpHandler({
      onSession: async (transport) => {
        const peer = new JsonRpcPeer();
        peer.setRequestHandler('initialize', (params) => ({
          protocolVersion: params?.protocolVersion ?? '2025-11-25',
          capabilities: {},
          serverInfo: { name: 'peer', version: '1' },
        }));
        peer.setRequestHandler('tools/call', async (params, ctx) => {
          if (params?.name === 'test_reconnection') {
            (ctx.extra as HttpMessageExtra | undefined)?.closeSseStream?.(20);
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
          await ctx.sendNotification('notifications/message', { level: 'info', data: 'working' });
          return { content: [{ type: 'text', text: `done ${String(params?.name)}` }] };
        });
        await peer.connect(transport);
      },
    }),
  );
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('with JsonRpcPeer as the server', () => {
    it('streams related notifications on the POST stream', async () => {
      const handler = peerHandler();
      const init = await handler(postRequest(initializeMessage()));
      const headers = {
        'mcp-session-id': init.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-11-25',
      };
      expect(await init.json()).toMatchObject({ result: { serverInfo: { name: 'peer' } } });
      const call = await handler(postRequest(request('tools/call', 1, { name: 'plain' }), headers));
      expect(messagesOf(await new SseReader(call).rest())).toEqual([
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } },
        { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done plain' }] } },
      ]);
      await handler.close();
    });

    it('runs the referee test_reconnection flow: closed mid-call, resumed with Last-Event-ID', async () => {
      const handler = peerHandler();
      const init = await handler(postRequest(initializeMessage()));
      const headers = {
        'mcp-session-id': init.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-11-25',
      };
      await init.text();
      const call = await handler(
        postRequest(request('tools/call', 2, { name: 'test_reconnection' }), headers),
      );
      const before = await new SseReader(call).rest();
      expect(before[0]).toMatchObject({ data: '', retry: 1000 });
      expect(before.at(-1)).toMatchObject({ retry: 20 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const resumed = await handler(getRequest({ ...headers, 'last-event-id': before[0]!.id! }));
      expect(messagesOf(await new SseReader(resumed).rest()).at(-1)).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: { content: [{ type: 'text', text: 'done test_reconnection' }] },
      });
      await handler.close();
    });
  });
});
