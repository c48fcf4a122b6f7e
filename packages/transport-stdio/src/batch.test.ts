// JSON-RPC batches on the stdio server (issue 15, item 2): bounded up front, refused whole on a
// reused id, delivered a slice at a time, and answered with one array.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdioServerTransport, type StdioServerTransportOptions } from './server-transport.js';
import { waitUntil } from './test-helpers/wait.js';
import type { JSONRPCMessage } from './types.js';

async function openServer(options: StdioServerTransportOptions = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  const transport = new StdioServerTransport({ stdin, stdout, ...options });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  await transport.start();
  const lines = () =>
    written
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  return { stdin, transport, messages, errors, lines };
}

const ping = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' });
const pings = (count: number) => Array.from({ length: count }, (_, index) => ping(index));

describe('stdio batches', () => {
  it('refuses a batch over maxBatchSize (default 1 000) whole, in one answer, before delivering any of it', async () => {
    const server = await openServer();
    server.stdin.write(`${JSON.stringify(pings(1001))}\n${JSON.stringify(ping(5000))}\n`);
    await waitUntil(() => server.lines().length === 1 && server.messages.length === 1, 'the refusal');
    expect(server.lines()).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid request: a batch of 1001 messages is over the limit of 1000 (maxBatchSize)',
        },
      },
    ]);
    // Nothing of the batch ran; the connection goes on.
    expect(server.messages).toEqual([ping(5000)]);
    expect(server.errors[0]?.message).toContain('over the limit of 1000');

    const small = await openServer({ maxBatchSize: 2 });
    small.stdin.write(`${JSON.stringify(pings(3))}\n`);
    await waitUntil(() => small.lines().length === 1, 'the refusal');
    expect(JSON.stringify(small.lines()[0])).toContain('a batch of 3 messages is over the limit of 2');
    expect(small.messages).toEqual([]);
    expect(() => new StdioServerTransport({ maxBatchSize: 0 })).toThrow(
      'maxBatchSize must be a positive integer, got 0',
    );
  });

  it('refuses a batch that uses one request id twice with one answer, running none of it', async () => {
    const server = await openServer();
    // Every element with id 7: before, each copy after the first got its own line.
    server.stdin.write(`${JSON.stringify(Array.from({ length: 500 }, () => ping(7)))}\n`);
    await waitUntil(() => server.lines().length === 1, 'the refusal');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.lines()).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid request at $[1].id: duplicate id 7 in this batch (first at $[0])',
        },
      },
    ]);
    expect(server.messages).toEqual([]);
  });

  it('delivers a long batch a slice at a time, letting the event loop run in between', async () => {
    const server = await openServer({ maxBatchSize: 5000 });
    const deliveredWhenOthersRan: number[] = [];
    let first = true;
    server.transport.onmessage = (message) => {
      server.messages.push(message);
      if (!first) return;
      first = false;
      // Other work of the process (a timer, another connection's I/O) gets its turn mid-batch.
      setImmediate(() => deliveredWhenOthersRan.push(server.messages.length));
    };
    server.stdin.write(`${JSON.stringify(pings(5000))}\n${JSON.stringify(ping(9999))}\n`);
    await waitUntil(() => server.messages.length === 5001, 'the whole batch and the message after it');
    expect(deliveredWhenOthersRan).toHaveLength(1);
    expect(deliveredWhenOthersRan[0]).toBeLessThan(5000);
    // In order, and what followed the batch came after all of it.
    expect(server.messages).toEqual([...pings(5000), ping(9999)]);
  });

  it('keeps the order of everything queued behind a long batch, batches among it included', async () => {
    const server = await openServer({ maxBatchSize: 5000 });
    const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => ping(from + i));
    // One chunk: a long batch, then a single message, another long batch (it takes over while the
    // first one's queue is replayed), a short batch and a last message.
    const frames = [range(0, 200), ping(1000), range(2000, 300), range(3000, 3), ping(4000)];
    server.stdin.write(frames.map((frame) => `${JSON.stringify(frame)}\n`).join(''));
    await waitUntil(() => server.messages.length === 505, 'every message');
    expect(server.messages).toEqual(frames.flat());
    // Input flows again once the queue is empty.
    server.stdin.write(`${JSON.stringify(ping(5000))}\n`);
    await waitUntil(() => server.messages.length === 506, 'the message after the queue');
    expect(server.messages.at(-1)).toEqual(ping(5000));
  });

  it('answers every request of a long batch, in one array', async () => {
    const server = await openServer({ maxBatchSize: 300 });
    server.transport.onmessage = (message) => {
      if ('method' in message && 'id' in message) {
        void server.transport.send({ jsonrpc: '2.0', id: message.id, result: {} });
      }
    };
    server.stdin.write(`${JSON.stringify(pings(300))}\n`);
    await waitUntil(() => server.lines().length === 1, 'the batch answer');
    const [answer] = server.lines() as [Array<{ id: number }>];
    expect(answer).toHaveLength(300);
    expect(answer.map((response) => response.id)).toEqual(pings(300).map((request) => request.id));
  });
});
