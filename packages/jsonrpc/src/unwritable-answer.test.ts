// A result the transport cannot write (a handler returned a BigInt) must still answer its request:
// over a text transport (stdio) the requester used to wait for its timeout.
import type { JSONRPCMessage } from '@mcpkit/protocol/essentials';
import { describe, expect, it } from 'vitest';
import { JsonRpcPeer } from './peer.js';
import type { Transport } from './transport.js';

/** A transport that writes JSON text, as stdio's does: what JSON cannot carry fails the send. */
class TextTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly written: string[] = [];
  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.written.push(JSON.stringify(message));
  }
  async close(): Promise<void> {
    this.onclose?.();
  }
}

describe('an answer the transport cannot write', () => {
  it('is replaced by the -32603 error response for the same id, and onerror hears why', async () => {
    const errors: Error[] = [];
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    peer.setRequestHandler('big', () => ({ count: 1n }) as never);
    const transport = new TextTransport();
    await peer.connect(transport);
    transport.onmessage?.({ jsonrpc: '2.0', id: 7, method: 'big' });
    for (let turn = 0; turn < 20 && transport.written.length === 0; turn++) await Promise.resolve();
    expect(transport.written.map((text) => JSON.parse(text))).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32603, message: expect.stringContaining('BigInt') } },
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^Failed to send a message: .*BigInt/),
    ]);
    await peer.close();
  });

  it('is not retried when the error response cannot be written either', async () => {
    const errors: Error[] = [];
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    peer.setRequestHandler('big', () => ({ count: 1n }) as never);
    const transport = new TextTransport();
    transport.send = async () => {
      throw new Error('the pipe is gone');
    };
    await peer.connect(transport);
    transport.onmessage?.({ jsonrpc: '2.0', id: 8, method: 'big' });
    for (let turn = 0; turn < 40; turn++) await Promise.resolve();
    expect(errors.map((error) => error.message)).toEqual([
      'Failed to send a message: the pipe is gone',
      'Failed to send a message: the pipe is gone',
    ]);
    await peer.close();
  });

  it('says what the transport rejected with when that is not an Error', async () => {
    const peer = new JsonRpcPeer({ onerror: () => {} });
    peer.setRequestHandler('odd', () => ({ ok: true }));
    const transport = new TextTransport();
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      if ('result' in message) throw 'disk full';
      return send(message);
    };
    await peer.connect(transport);
    transport.onmessage?.({ jsonrpc: '2.0', id: 9, method: 'odd' });
    for (let turn = 0; turn < 20 && transport.written.length === 0; turn++) await Promise.resolve();
    expect(transport.written.map((text) => JSON.parse(text))).toEqual([
      { jsonrpc: '2.0', id: 9, error: { code: -32603, message: 'disk full' } },
    ]);
    await peer.close();
  });
});
