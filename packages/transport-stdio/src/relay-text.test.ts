import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { StdioClientTransport } from './client-transport.js';
import { contentLengthFraming } from './content-length.js';
import { StdioErrorCode } from './errors.js';
import { newlineFraming, type StdioFraming } from './framing/index.js';
import { StdioServerTransport } from './server-transport.js';
import { fixture, waitUntil } from './test-helpers/wait.js';
import type { JSONRPCMessage } from './types.js';

// A relay's fast path: `onframe` sees a frame's text before it is decoded, `sendText` writes a
// message that is already JSON text through the same writer as `send`.

const framings: Array<[string, StdioFraming]> = [
  ['newline', newlineFraming],
  ['content-length', contentLengthFraming],
];

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const transport of open.splice(0)) await transport.close();
});

/** A server transport on PassThrough streams; `written()` is everything it wrote, as text. */
async function openServer(framing: StdioFraming, stdout: Writable = new PassThrough()) {
  const stdin = new PassThrough();
  const chunks: string[] = [];
  if (stdout instanceof PassThrough) stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const transport = new StdioServerTransport({ stdin, stdout, framing });
  const messages: JSONRPCMessage[] = [];
  transport.onmessage = (message) => messages.push(message);
  await transport.start();
  open.push(transport);
  return { transport, stdin, messages, written: () => chunks.join('') };
}

/** Starts a client on the echo fixture server (it answers each request with its params). */
async function startEchoClient(framing: StdioFraming, onframe?: (text: string) => boolean) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture('stdio-server.mjs'), framing === contentLengthFraming ? 'content-length' : 'newline'],
    framing,
    stderr: 'pipe',
  });
  open.push(transport);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  // Set before start: the connection made by start() picks it up.
  if (onframe) transport.onframe = onframe;
  await transport.start();
  return { transport, messages, errors };
}

describe.each(framings)('sendText and onframe (%s framing)', (_name, framing) => {
  const frame = (json: string) =>
    framing === newlineFraming ? `${json}\n` : `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;

  it('writes the text as one frame, in order with send', async () => {
    const server = await openServer(framing);
    const texts = ['{"jsonrpc":"2.0","id":2,"result":{"b":"é"}}', '{"jsonrpc":"2.0","method":"n"}'];
    await Promise.all([
      server.transport.send({ jsonrpc: '2.0', id: 1, result: { a: 1 } }),
      server.transport.sendText(texts[0]!),
      server.transport.send({ jsonrpc: '2.0', id: 3, result: {} }),
      server.transport.sendText(texts[1]!),
    ]);
    await waitUntil(() => server.written().length > 0, 'the frames');
    expect(server.written()).toBe(
      frame('{"jsonrpc":"2.0","id":1,"result":{"a":1}}') +
        frame(texts[0]!) +
        frame('{"jsonrpc":"2.0","id":3,"result":{}}') +
        frame(texts[1]!),
    );
  });

  it('gives onframe each frame before decoding: a frame it takes is not delivered, one it declines is', async () => {
    const seen: string[] = [];
    const client = await startEchoClient(framing, (text) => {
      seen.push(text);
      return text.includes('"id":2');
    });
    await client.transport.send({ jsonrpc: '2.0', id: 1, method: 'one', params: { n: 1 } });
    // sendText on the client side too: the request goes out as written.
    await client.transport.sendText('{"jsonrpc":"2.0","id":2,"method":"two","params":{"n":2}}');
    await client.transport.send({ jsonrpc: '2.0', id: 3, method: 'three' });
    await waitUntil(() => seen.length === 3 && client.messages.length === 2, 'three answers');
    expect(seen).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"echoed":{"n":1}}}',
      '{"jsonrpc":"2.0","id":2,"result":{"echoed":{"n":2}}}',
      '{"jsonrpc":"2.0","id":3,"result":{"echoed":{}}}',
    ]);
    expect(client.messages).toEqual([
      { jsonrpc: '2.0', id: 1, result: { echoed: { n: 1 } } },
      { jsonrpc: '2.0', id: 3, result: { echoed: {} } },
    ]);
    // Cleared, every frame is decoded and delivered again.
    client.transport.onframe = undefined;
    await client.transport.sendText('{"jsonrpc":"2.0","id":4,"method":"four"}');
    await waitUntil(() => client.messages.length === 3, 'the fourth answer');
    expect(client.messages[2]).toEqual({ jsonrpc: '2.0', id: 4, result: { echoed: {} } });
    expect(client.errors).toEqual([]);
  });

  it('reports a hook that throws and delivers the frame as usual', async () => {
    const client = await startEchoClient(framing, () => {
      throw new Error('hook bug');
    });
    await client.transport.send({ jsonrpc: '2.0', id: 1, method: 'one' });
    await waitUntil(() => client.messages.length === 1, 'the answer');
    expect(client.messages).toEqual([{ jsonrpc: '2.0', id: 1, result: { echoed: {} } }]);
    expect(client.errors.map((error) => error.message)).toEqual(['The onframe hook threw: hook bug']);
  });

  it('delivers every frame when no hook is set', async () => {
    const server = await openServer(framing);
    server.stdin.write(frame('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    await waitUntil(() => server.messages.length === 1, 'the message');
    expect(server.messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
  });
});

describe('sendText', () => {
  it('answers a request of a batch inside the batch answer, as send does', async () => {
    const server = await openServer(newlineFraming);
    server.stdin.write('[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]\n');
    await waitUntil(() => server.messages.length === 2, 'the batch');
    // Held until the batch is answered whole: both resolve once the array is written.
    const held = server.transport.sendText('{"jsonrpc":"2.0","id":2,"result":{"b":true}}');
    await new Promise(setImmediate);
    expect(server.written()).toBe('');
    await Promise.all([held, server.transport.send({ jsonrpc: '2.0', id: 1, result: {} })]);
    await waitUntil(() => server.written() !== '', 'the batch answer');
    expect(JSON.parse(server.written())).toEqual([
      { jsonrpc: '2.0', id: 2, result: { b: true } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('shares the pending-bytes limit with send: past it, it rejects with WRITE_QUEUE_FULL', async () => {
    const held: Array<() => void> = [];
    let flowing = false;
    const stdout = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        if (flowing) callback();
        else held.push(() => callback());
      },
    });
    const transport = new StdioServerTransport({
      stdin: new PassThrough(),
      stdout,
      maxPendingWriteBytes: 16 * 1024,
    });
    await transport.start();
    open.push(transport);
    const filler = 'y'.repeat(4096);
    const outcome = (promise: Promise<void>) =>
      promise.then(
        () => 'sent',
        (error: Error) => error,
      );
    const sends = [];
    for (let index = 0; index < 3; index++) {
      sends.push(outcome(transport.send({ jsonrpc: '2.0', method: 'n', params: { filler } })));
    }
    for (let index = 0; index < 3; index++) {
      sends.push(outcome(transport.sendText(`{"jsonrpc":"2.0","method":"n","params":{"f":"${filler}"}}`)));
    }
    flowing = true;
    for (const callback of held.splice(0)) callback();
    const outcomes = await Promise.all(sends);
    expect(outcomes.slice(0, 3)).toEqual(['sent', 'sent', 'sent']);
    expect(outcomes.at(-1)).toMatchObject({ code: StdioErrorCode.WriteQueueFull });
    await expect(transport.sendText('{"jsonrpc":"2.0","method":"after"}')).resolves.toBeUndefined();
  });

  it('rejects before start and after close on both transports', async () => {
    const server = new StdioServerTransport({ stdin: new PassThrough(), stdout: new PassThrough() });
    await expect(server.sendText('{}')).rejects.toMatchObject({
      code: StdioErrorCode.NotConnected,
      message: 'Cannot send before StdioServerTransport.start()',
    });
    await server.start();
    await server.close();
    await expect(server.sendText('{}')).rejects.toMatchObject({ code: StdioErrorCode.NotConnected });
    const client = new StdioClientTransport({ command: process.execPath });
    await expect(client.sendText('{}')).rejects.toMatchObject({
      code: StdioErrorCode.NotConnected,
      message: 'Cannot send before StdioClientTransport.start() has finished',
    });
  });
});
