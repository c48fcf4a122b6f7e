import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentLengthFraming } from './content-length.js';
import { StdioErrorCode } from './errors.js';
import { encodeFrame, type StdioFraming } from './framing/index.js';
import { StdioServerTransport, type StdioServerTransportOptions } from './server-transport.js';
import { waitUntil } from './test-helpers/wait.js';
import type { JSONRPCMessage } from './types.js';

/** A server transport on PassThrough streams, with everything it does recorded. */
async function openServer(options: StdioServerTransportOptions = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const written: string[] = [];
  stdout.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const transport = new StdioServerTransport({ stdin, stdout, ...options });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closes = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => closes++;
  await transport.start();
  const responses = () =>
    written
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as JSONRPCMessage);
  return { stdin, stdout, transport, messages, errors, written, responses, closes: () => closes };
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' } as const;

describe('StdioServerTransport', () => {
  it('delivers newline-delimited messages and writes messages as lines', async () => {
    const server = await openServer();
    server.stdin.write(`${JSON.stringify(ping)}\r\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
    await waitUntil(() => server.messages.length === 2, 'two messages');
    expect(server.messages).toEqual([ping, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
    await server.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(server.written.join('')).toBe('{"jsonrpc":"2.0","id":1,"result":{}}\n');
  });

  it('answers a message nested deeper than maxDepth with -32600 and goes on', async () => {
    const server = await openServer({ maxDepth: 4 });
    server.stdin.write('{"jsonrpc":"2.0","id":7,"method":"ping","params":{"a":{"b":{"c":{"d":1}}}}}\n');
    server.stdin.write(`${JSON.stringify(ping)}\n`);
    await waitUntil(
      () => server.messages.length === 1 && server.responses().length === 1,
      'an answer and a message',
    );
    // The codec refuses before reading the id, so the answer carries id null as JSON-RPC allows.
    expect(server.responses()[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(server.messages).toEqual([ping]);
    expect(() => new StdioServerTransport({ maxDepth: 0 })).toThrow(
      'maxDepth must be a positive integer, got 0',
    );
  });

  it('answers a line that is not JSON with -32700 and goes on', async () => {
    const server = await openServer();
    server.stdin.write(`{not json\n${JSON.stringify(ping)}\n`);
    await waitUntil(
      () => server.messages.length === 1 && server.responses().length === 1,
      'answer and message',
    );
    const [response] = server.responses();
    expect(response).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(server.errors[0]?.message).toMatch(/Parse error/);
    expect(server.messages).toEqual([ping]);
  });

  it('answers valid JSON that is not JSON-RPC with -32600, keeping the id when it can be read', async () => {
    const server = await openServer();
    server.stdin.write('{"jsonrpc":"1.0","id":7,"method":"x"}\n[1,2]\n');
    await waitUntil(() => server.responses().length === 2, 'two answers');
    const [first, second] = server.responses();
    expect(first).toMatchObject({
      id: 7,
      error: { code: -32600, message: expect.stringContaining('jsonrpc') },
    });
    expect(second).toMatchObject({ id: null, error: { code: -32600 } });
    expect(server.errors).toHaveLength(2);
  });

  it('answers an oversized message with a clear error, skips it and goes on', async () => {
    const server = await openServer({ maxMessageBytes: 1000 });
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { pad: 'x'.repeat(5000) },
    });
    for (let offset = 0; offset < big.length; offset += 700)
      server.stdin.write(big.slice(offset, offset + 700));
    server.stdin.write(`\n${JSON.stringify(ping)}\n`);
    await waitUntil(() => server.messages.length === 1, 'the next message');
    expect(server.messages).toEqual([ping]);
    // Frames are written once the current microtasks are done, so the answer may trail a little.
    await waitUntil(() => server.responses().length === 1, 'the error answer');
    const [response] = server.responses();
    // The id was among the first bytes, so the error answers that request.
    expect(response).toMatchObject({ id: 2, error: { code: -32600 } });
    expect((response as { error: { message: string } }).error.message).toMatch(
      /larger than the limit of 1000 bytes/,
    );
    expect(server.errors).toHaveLength(1);
    expect(server.errors[0]).toMatchObject({ code: StdioErrorCode.MessageTooLarge });
  });

  it('answers an oversized message whose id is not among its first bytes with id null', async () => {
    const server = await openServer({ maxMessageBytes: 2000, framing: contentLengthFraming });
    const big = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { pad: 'x'.repeat(5000) }, id: 77 });
    server.stdin.write(encodeFrame(big, contentLengthFraming));
    server.stdin.write(encodeFrame(JSON.stringify(ping), contentLengthFraming));
    await waitUntil(() => server.messages.length === 1, 'the next message');
    await waitUntil(() => server.written.join('').includes('\r\n\r\n'), 'the error answer');
    const body = server.written.join('').split('\r\n\r\n')[1]!;
    expect(JSON.parse(body)).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('delivers the messages of a batch one by one and answers the batch with one array', async () => {
    const server = await openServer();
    server.stdin.write(
      `[${JSON.stringify(ping)},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"b","method":"x"}]\n`,
    );
    await waitUntil(() => server.messages.length === 3, 'every batch member');
    expect(server.messages).toEqual([
      ping,
      { jsonrpc: '2.0', method: 'n' },
      { jsonrpc: '2.0', id: 'b', method: 'x' },
    ]);
    // Answered out of order, with an unrelated notification in between.
    const second = server.transport.send({ jsonrpc: '2.0', id: 'b', result: { second: true } });
    await server.transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.responses()).toEqual([{ jsonrpc: '2.0', method: 'notifications/message', params: {} }]);
    const first = server.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await Promise.all([first, second]);
    expect(server.responses()[1]).toEqual([
      { jsonrpc: '2.0', id: 'b', result: { second: true } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('fails responses held for an unfinished batch when the transport closes', async () => {
    const server = await openServer();
    server.stdin.write(`[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]\n`);
    await waitUntil(() => server.messages.length === 2, 'both requests');
    const held = server.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await server.transport.close();
    await expect(held).rejects.toMatchObject({ code: StdioErrorCode.NotConnected });
  });

  it('does not hold a batch for a request the client cancelled', async () => {
    const server = await openServer();
    server.stdin.write(
      `[{"jsonrpc":"2.0","id":1,"method":"slow"},{"jsonrpc":"2.0","id":2,"method":"fast"}]\n`,
    );
    await waitUntil(() => server.messages.length === 2, 'both requests');
    const answered = server.transport.send({ jsonrpc: '2.0', id: 2, result: {} });
    server.stdin.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}\n');
    await answered;
    expect(server.responses()).toEqual([[{ jsonrpc: '2.0', id: 2, result: {} }]]);
  });

  it('fires onclose once on stdin EOF and rejects later sends', async () => {
    const server = await openServer();
    server.stdin.end(`${JSON.stringify(ping)}\n`);
    await waitUntil(() => server.closes() === 1, 'onclose');
    expect(server.messages).toEqual([ping]);
    await server.transport.close();
    expect(server.closes()).toBe(1);
    await expect(server.transport.send({ jsonrpc: '2.0', id: 1, result: {} })).rejects.toMatchObject({
      code: StdioErrorCode.NotConnected,
    });
  });

  it('lets messages sent just before close finish writing, and ends the output', async () => {
    const stdin = new PassThrough();
    const received: string[] = [];
    let ended = false;
    const slowStdout = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk.toString());
        setTimeout(callback, 30);
      },
      final(callback) {
        ended = true;
        callback();
      },
    });
    const transport = new StdioServerTransport({ stdin, stdout: slowStdout });
    await transport.start();
    const sends = [1, 2, 3].map((id) => transport.send({ jsonrpc: '2.0', id, result: {} }));
    await transport.close();
    await expect(Promise.all(sends)).resolves.toEqual([undefined, undefined, undefined]);
    // Sent in one turn, the three frames may reach the stream as one chunk.
    expect(received.join('').split('\n').filter(Boolean)).toHaveLength(3);
    await waitUntil(() => ended, 'the output to end');
  });

  it('stops delivering input once close() was called', async () => {
    const server = await openServer();
    server.transport.onmessage = (message) => {
      server.messages.push(message);
      void server.transport.close();
    };
    server.stdin.write(`${JSON.stringify(ping)}\n${JSON.stringify(ping)}\n`);
    await waitUntil(() => server.closes() === 1, 'onclose');
    expect(server.messages).toHaveLength(1);
  });

  it('speaks Content-Length framing when asked', async () => {
    const server = await openServer({ framing: contentLengthFraming });
    const frame = encodeFrame(
      JSON.stringify({ ...ping, params: { text: 'héllo 😀' } }),
      contentLengthFraming,
    );
    server.stdin.write(frame.subarray(0, 7));
    server.stdin.write(frame.subarray(7));
    await waitUntil(() => server.messages.length === 1, 'the framed message');
    expect(server.messages[0]).toEqual({ ...ping, params: { text: 'héllo 😀' } });
    await server.transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'é' } });
    const body = '{"jsonrpc":"2.0","id":1,"result":{"text":"é"}}';
    expect(server.written.join('')).toBe(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });

  it('reports a throwing onmessage handler and keeps reading', async () => {
    const server = await openServer();
    let calls = 0;
    server.transport.onmessage = () => {
      calls++;
      if (calls === 1) throw new Error('handler bug');
    };
    server.stdin.write(`${JSON.stringify(ping)}\n${JSON.stringify(ping)}\n`);
    await waitUntil(() => calls === 2, 'both deliveries');
    expect(server.errors[0]?.message).toMatch(/onmessage handler threw: handler bug/);
  });

  it('rejects bad options with a message that names them', () => {
    expect(() => new StdioServerTransport({ maxMessageBytes: -1 })).toThrow(
      /maxMessageBytes must be a positive integer/,
    );
    expect(() => new StdioServerTransport({ framing: 'xml' as unknown as StdioFraming })).toThrow(
      /framing must be a framing object/,
    );
  });
});
