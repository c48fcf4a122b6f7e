import type { JSONRPCMessage } from '@mcpkit/protocol/essentials';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonRpcPeer } from './peer.js';
import { ALREADY_SENT, type Transport } from './transport.js';

// The per-request work of a request answered at once (issue 41: stdio at 0.8x raw): what the peer
// leaves out when the handler returns a plain value and the transport wrote the answer at once.

/** A transport that writes every message at once, as stdio does for a lone answer. */
function writtenAtOnce(sent: JSONRPCMessage[]): Transport {
  return {
    start: async () => {},
    close: async () => {},
    send(message) {
      sent.push(message);
      return ALREADY_SENT;
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a request answered at once', () => {
  it('is answered without watching a send the transport reports as already done', async () => {
    const sent: JSONRPCMessage[] = [];
    const transport = writtenAtOnce(sent);
    const peer = new JsonRpcPeer();
    peer.setRequestHandler('echo', (params) => ({ echoed: params?.text ?? null }));
    await peer.connect(transport);
    const then = vi.spyOn(ALREADY_SENT, 'then');
    transport.onmessage?.({ jsonrpc: '2.0', id: 1, method: 'echo', params: { text: 'hi' } });
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, result: { echoed: 'hi' } }]);
    expect(then).not.toHaveBeenCalled();
  });

  it('never enters the in-flight table, which is for requests still running', async () => {
    const sent: JSONRPCMessage[] = [];
    const transport = writtenAtOnce(sent);
    const peer = new JsonRpcPeer();
    peer.setRequestHandler('echo', () => ({}));
    peer.setRequestHandler('fail', () => {
      throw new Error('no');
    });
    await peer.connect(transport);
    const set = vi.spyOn(Map.prototype, 'set');
    const remove = vi.spyOn(Map.prototype, 'delete');
    transport.onmessage?.({ jsonrpc: '2.0', id: 1, method: 'echo' });
    transport.onmessage?.({ jsonrpc: '2.0', id: 2, method: 'fail' });
    expect(set).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'no' } },
    ]);
  });

  it('still refuses a duplicate id while a request with that id is running', async () => {
    const sent: JSONRPCMessage[] = [];
    const transport = writtenAtOnce(sent);
    const peer = new JsonRpcPeer();
    let finish!: () => void;
    peer.setRequestHandler('slow', () => new Promise((resolve) => (finish = () => resolve({}))));
    peer.setRequestHandler('quick', () => ({}));
    await peer.connect(transport);
    transport.onmessage?.({ jsonrpc: '2.0', id: 7, method: 'slow' });
    transport.onmessage?.({ jsonrpc: '2.0', id: 7, method: 'quick' });
    expect(sent).toMatchObject([{ id: 7, error: { code: -32600 } }]);
    finish();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    // Once the slow one is answered, its id is free again, also for a request answered at once.
    transport.onmessage?.({ jsonrpc: '2.0', id: 7, method: 'quick' });
    expect(sent.slice(1)).toEqual([
      { jsonrpc: '2.0', id: 7, result: {} },
      { jsonrpc: '2.0', id: 7, result: {} },
    ]);
  });
});
