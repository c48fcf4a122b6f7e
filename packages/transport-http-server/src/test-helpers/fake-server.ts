// A tiny MCP-ish server written straight against the Transport interface, so these tests do not
// depend on @mcpkit/server. It answers the methods the tests use.
import type { MessageExtra, Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import type { HttpMessageExtra } from '../session-transport.js';

export interface FakeServer {
  transport: Transport;
  received: Array<{ message: JSONRPCMessage; extra: MessageExtra | undefined }>;
  closed: boolean;
  /** Resolves pending `wait` calls. */
  release(): void;
}

export async function connectFakeServer(
  transport: Transport,
  servers: FakeServer[] = [],
): Promise<FakeServer> {
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pendingAsks = new Map<RequestId, (answer: JSONRPCMessage) => void>();
  const server: FakeServer = {
    transport,
    received: [],
    closed: false,
    release: () => {
      release();
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
  let nextId = 1;
  transport.onclose = () => {
    server.closed = true;
  };
  transport.onmessage = (message, extra) => {
    server.received.push({ message, extra });
    if (!('method' in message)) {
      if (message.id !== null) pendingAsks.get(message.id)?.(message);
      return;
    }
    if (!('id' in message)) return;
    void answer(message, extra as HttpMessageExtra | undefined);
  };
  const reply = (request: JSONRPCRequest, result: Record<string, unknown>) =>
    transport.send({ jsonrpc: '2.0', id: request.id, result });
  async function answer(request: JSONRPCRequest, extra: HttpMessageExtra | undefined): Promise<void> {
    const related = { relatedRequestId: request.id };
    switch (request.method) {
      case 'initialize': {
        const requested = request.params?.protocolVersion;
        return reply(request, {
          protocolVersion: typeof requested === 'string' ? requested : '2025-11-25',
          capabilities: {},
          serverInfo: { name: 'fake', version: '1.0.0' },
        });
      }
      case 'progress': {
        for (let i = 1; i <= 2; i++) {
          await transport.send(
            { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: i } },
            related,
          );
        }
        return reply(request, { done: true });
      }
      case 'wait':
        await gate;
        return reply(request, { waited: true });
      case 'disconnect-then-wait': {
        extra?.closeSseStream?.(10);
        await gate;
        await transport.send(
          { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } },
          related,
        );
        return reply(request, { resumed: true });
      }
      case 'burst': {
        // Ends the HTTP connection, then sends `count` notifications while the client is away.
        extra?.closeSseStream?.(10);
        const { count = 0, wait = false } = (request.params ?? {}) as { count?: number; wait?: boolean };
        for (let progress = 1; progress <= count; progress++) {
          await transport.send(
            { jsonrpc: '2.0', method: 'notifications/progress', params: { progress } },
            related,
          );
        }
        if (wait) await gate;
        return reply(request, { sent: count });
      }
      case 'ask': {
        const id = `ask-${nextId++}`;
        const answered = new Promise<JSONRPCMessage>((resolve) => pendingAsks.set(id, resolve));
        await transport.send({ jsonrpc: '2.0', id, method: 'roots/list' }, related);
        const answerMessage = await answered;
        return reply(request, { answer: 'result' in answerMessage ? answerMessage.result : null });
      }
      case 'unwritable':
        // A handler bug: a result JSON cannot carry.
        return reply(request, { count: 1n });
      case 'notify-unrelated':
        await transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
        return reply(request, {});
      default:
        return reply(request, { echo: request.params ?? {} });
    }
  }
  servers.push(server);
  await transport.start();
  return server;
}
