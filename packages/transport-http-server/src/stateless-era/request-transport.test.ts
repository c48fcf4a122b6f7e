import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from '../handler.js';
import { InMemoryMessageBus } from '../stores/memory-message-bus.js';
import type { OutboundEnvelope } from '../stores/types.js';
import { ADAPTERS, adapt, until, useAdapter } from '../test-helpers/adapters.js';
import { messagesOf, SseReader } from '../test-helpers/http.js';
import { modernPost, modernRequest } from '../test-helpers/modern.js';

/** A bus that records what passes through it, as a shared (e.g. Redis) bus would see it. */
class RecordingBus extends InMemoryMessageBus {
  readonly published: Array<{ channel: string; envelope: OutboundEnvelope }> = [];
  override publish(channel: string, envelope: OutboundEnvelope): Promise<boolean> {
    this.published.push({ channel, envelope });
    return super.publish(channel, envelope);
  }
}

/** A handler whose 2026 transports are driven by hand from the test. */
function manualHandler(bus = new RecordingBus()) {
  const transports: Array<{ transport: Transport; received: JSONRPCMessage[] }> = [];
  const handler = adapt(
    createStreamableHttpHandler({
      messageBus: bus,
      onSession: async (transport) => {
        const entry = { transport, received: [] as JSONRPCMessage[] };
        transport.onmessage = (message) => entry.received.push(message);
        transports.push(entry);
        await transport.start();
      },
    }),
  );
  return { handler, transports, bus };
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('the per-request transport of 2026-07-28', () => {
    it('refuses server-to-client requests and unrelated notifications, carrying related ones', async () => {
      const { handler, transports } = manualHandler();
      const pending = handler(modernPost(modernRequest('tools/call', 1, { name: 'x' })));
      await until(() => transports.length === 1, 'the request to arrive');
      const { transport } = transports[0]!;
      await expect(
        transport.send(
          { jsonrpc: '2.0', id: 'ask', method: 'sampling/createMessage' },
          { relatedRequestId: 1 },
        ),
      ).rejects.toThrow(/no server-to-client requests.*input_required/);
      await expect(
        transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
      ).rejects.toThrow(/only carries notifications related to request 1/);
      await expect(transport.send({ jsonrpc: '2.0', id: 2, result: {} })).rejects.toThrow(
        /only answers request 1/,
      );
      await transport.send(
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
        { relatedRequestId: 1 },
      );
      await transport.send({ jsonrpc: '2.0', id: 1, result: { ok: true } });
      const messages = messagesOf(await new SseReader(await pending).rest());
      expect(messages).toEqual([
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
        { jsonrpc: '2.0', id: 1, result: { ok: true } },
      ]);
      await expect(transport.send({ jsonrpc: '2.0', id: 1, result: {} })).rejects.toThrow(/finished/);
    });

    it('feeds each response stream through the MessageBus on its own channel', async () => {
      const { handler, transports, bus } = manualHandler();
      const first = handler(modernPost(modernRequest('subscriptions/listen', 'L', { notifications: {} })));
      const second = handler(modernPost(modernRequest('tools/call', 9, { name: 'x' })));
      await until(() => transports.length === 2, 'both requests to arrive');
      const carrying = (method: string) =>
        transports.find((entry) => (entry.received[0] as { method?: string } | undefined)?.method === method);
      const listen = carrying('subscriptions/listen');
      const call = carrying('tools/call');
      await listen!.transport.send(
        { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: {} },
        { relatedRequestId: 'L' },
      );
      await call!.transport.send({ jsonrpc: '2.0', id: 9, result: {} });
      expect((await (await second).json()).id).toBe(9);
      const reader = new SseReader(await first);
      expect(JSON.parse((await reader.next())!.data).method).toBe('notifications/subscriptions/acknowledged');
      const channels = new Set(bus.published.map((entry) => entry.channel));
      expect(channels.size).toBe(2);
      expect(bus.published[0]!.envelope.relatedRequestId).toBe('L');
      await reader.cancel();
      await until(() => listen!.received.length > 1, 'the cancellation');
      expect(listen!.received.at(-1)).toMatchObject({
        method: 'notifications/cancelled',
        params: { requestId: 'L' },
      });
    });
  });
});
