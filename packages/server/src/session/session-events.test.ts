import { JsonRpcPeer } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { MetaKey } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import type { SessionEvent } from './session-events.js';

// McpServer.onSession: open and close of stateful sessions, for session metrics.

function server(onerror?: (error: Error) => void) {
  const s = new McpServer(
    { name: 'srv', version: '1' },
    { protocolVersions: ['2025-06-18', '2025-11-25', '2026-07-28'], ...(onerror ? { onerror } : {}) },
  );
  s.tool('echo', {}, () => 'x');
  return s;
}

describe('McpServer.onSession', () => {
  it('hears a session open when initialize is answered and close when its client goes', async () => {
    const s = server();
    const events: SessionEvent[] = [];
    s.onSession((event) => events.push(event));
    const [clientSide, serverSide] = createInMemoryTransportPair();
    await s.connect(serverSide, { sessionId: 's-1', transportName: 'memory' });
    const client = new JsonRpcPeer();
    await client.connect(clientSide);
    expect(events).toEqual([]);
    await client.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'c', version: '2' },
    });
    const opened = {
      sessionId: 's-1',
      protocolVersion: '2025-06-18',
      clientInfo: { name: 'c', version: '2' },
      transport: 'memory',
    };
    expect(events).toEqual([{ type: 'open', ...opened }]);
    await client.close();
    await settle();
    expect(events).toEqual([
      { type: 'open', ...opened },
      { type: 'close', ...opened },
    ]);
  });

  it('says why a session closed when its transport broke', async () => {
    const s = server();
    const events: SessionEvent[] = [];
    s.onSession((event) => events.push(event));
    const [clientSide, serverSide] = createInMemoryTransportPair();
    await s.connect(serverSide, { restore: { protocolVersion: '2025-11-25', clientCapabilities: {} } });
    const client = new JsonRpcPeer();
    await client.connect(clientSide);
    // A restored session is open from the start.
    expect(events).toEqual([{ type: 'open', protocolVersion: '2025-11-25' }]);
    const reason = new Error('the pipe broke');
    serverSide.onclose?.(reason);
    expect(events[1]).toEqual({ type: 'close', protocolVersion: '2025-11-25', error: reason });
  });

  it('raises nothing for 2026-07-28 requests, which have no session', async () => {
    const s = server();
    const events: SessionEvent[] = [];
    s.onSession((event) => events.push(event));
    const h = await connect(s, { initialize: false });
    await h.request('tools/call', {
      name: 'echo',
      arguments: {},
      _meta: { [MetaKey.ProtocolVersion]: '2026-07-28', [MetaKey.ClientCapabilities]: {} },
    });
    await h.client.close();
    await settle();
    expect(events).toEqual([]);
  });

  it('reports a throwing listener to onerror, and stops calling an unsubscribed one', async () => {
    const errors: string[] = [];
    const s = server((error) => errors.push(error.message));
    const heard: string[] = [];
    s.onSession(() => {
      throw new Error('histogram down');
    });
    const unsubscribe = s.onSession((event) => heard.push(event.type));
    const a = await connect(s);
    expect(errors).toEqual(['histogram down']);
    expect(heard).toEqual(['open']);
    unsubscribe();
    await a.client.close();
    await settle();
    expect(heard).toEqual(['open']);
    expect(errors).toEqual(['histogram down', 'histogram down']);
  });
});
