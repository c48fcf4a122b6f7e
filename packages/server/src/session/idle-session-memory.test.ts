// An HTTP server holds one session per connected client, thousands at once: what a session keeps
// before its first request is paid that many times.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function settledHeap(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** Answers go nowhere; the test delivers the client's messages itself. */
class SilentTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  sent: JSONRPCMessage[] = [];
  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
  }
  async close(): Promise<void> {}
}

/** A session past its handshake that has served nothing else. */
async function idleSession(server: McpServer, transport: SilentTransport) {
  const session = await server.connect(transport);
  const clientInfo = { name: 'c', version: '1' };
  const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo };
  transport.onmessage?.({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
  transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
  transport.sent.length = 0;
  return session;
}

describe('idle session memory', () => {
  it('an initialized session that served no request holds no subscription set, session controls or close listener', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.resource('test://doc', { name: 'doc' }, () => 'd');
    const count = 2_000;
    const transports = Array.from({ length: count }, () => new SilentTransport());
    const sessions = [await idleSession(server, transports[0]!)];
    const before = settledHeap();
    for (let i = 1; i < count; i++) sessions.push(await idleSession(server, transports[i]!));
    const perSession = (settledHeap() - before) / (count - 1);
    // Measured 2,395-2,557 B with an empty subscription Set, the three session-control closures and
    // McpServer's close listener (a closure in an array) made for every session; 1,770-1,893 B
    // without them (this test's own transport included).
    expect(perSession, `heap bytes per idle session: ${Math.round(perSession)}`).toBeLessThan(2_150);
    // Still a working session: it subscribes and hears the update.
    transports[1]!.onmessage?.({
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/subscribe',
      params: { uri: 'test://doc' },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sessions[1]!.isSubscribed('test://doc')).toBe(true);
    expect(sessions[2]!.isSubscribed('test://doc')).toBe(false);
  });
});
