import { describe, expect, it } from 'vitest';
import { runTransportContractSuite } from './contract-suite.js';
import { createInMemoryTransportPair } from './in-memory.js';

runTransportContractSuite('in-memory pair', () => {
  const [a, b] = createInMemoryTransportPair();
  return { a, b };
});

describe('createInMemoryTransportPair', () => {
  it('delivers asynchronously, not inside send()', async () => {
    const [a, b] = createInMemoryTransportPair();
    const received: unknown[] = [];
    b.onmessage = (message) => received.push(message);
    await Promise.all([a.start(), b.start()]);
    const sent = a.send({ jsonrpc: '2.0', method: 'x' });
    expect(received).toEqual([]);
    await sent;
    await Promise.resolve();
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'x' }]);
  });

  it('holds messages until the receiver starts', async () => {
    const [a, b] = createInMemoryTransportPair();
    const received: unknown[] = [];
    b.onmessage = (message) => received.push(message);
    await a.start();
    await a.send({ jsonrpc: '2.0', method: 'early' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(received).toEqual([]);
    await b.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'early' }]);
  });

  it('delivers messages sent before close, then fires onclose on both ends', async () => {
    const [a, b] = createInMemoryTransportPair();
    const events: string[] = [];
    a.onclose = () => events.push('a closed');
    b.onclose = () => events.push('b closed');
    b.onmessage = () => events.push('b got message');
    await Promise.all([a.start(), b.start()]);
    void a.send({ jsonrpc: '2.0', method: 'last words' });
    await a.close();
    expect(events).toEqual(['b got message', 'a closed', 'b closed']);
    await expect(b.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(
      "Cannot send notification 'x': the in-memory transport is closed",
    );
  });

  it('reports a throwing onmessage through onerror and keeps delivering', async () => {
    const [a, b] = createInMemoryTransportPair();
    const errors: Error[] = [];
    const received: string[] = [];
    b.onerror = (error) => errors.push(error);
    b.onmessage = (message) => {
      if ('method' in message && message.method === 'bad') throw new Error('handler bug');
      received.push('method' in message ? message.method : '?');
    };
    await Promise.all([a.start(), b.start()]);
    await a.send({ jsonrpc: '2.0', method: 'bad' });
    await a.send({ jsonrpc: '2.0', method: 'good' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors.map((error) => error.message)).toEqual(['handler bug']);
    expect(received).toEqual(['good']);
  });

  it('refuses a second start', async () => {
    const [a] = createInMemoryTransportPair();
    await a.start();
    await expect(a.start()).rejects.toThrow(/twice/);
  });
});
