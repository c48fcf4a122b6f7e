import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentLengthFraming } from './content-length.js';
import { newlineFraming, type StdioFraming } from './framing/index.js';
import { StdioServerTransport } from './server-transport.js';
import { waitUntil } from './test-helpers/wait.js';
import type { JSONRPCMessage } from './types.js';

// StdioServerTransport.onframe: a relay sees each frame the client sends as text, before it is
// decoded, and may take it (the same hook as StdioClientTransport.onframe, see relay-text.test.ts).

const framings: Array<[string, StdioFraming]> = [
  ['newline', newlineFraming],
  ['content-length', contentLengthFraming],
];

const open: StdioServerTransport[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const transport of open.splice(0)) await transport.close();
});

/** A server transport on PassThrough streams, with the hook given before start when `onframe` is. */
async function openServer(framing: StdioFraming, onframe?: (text: string) => boolean) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const chunks: string[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const transport = new StdioServerTransport({ stdin, stdout, framing });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  if (onframe) transport.onframe = onframe;
  await transport.start();
  open.push(transport);
  return { transport, stdin, messages, errors, written: () => chunks.join('') };
}

describe.each(framings)('StdioServerTransport onframe (%s framing)', (_name, framing) => {
  const frame = (json: string) =>
    framing === newlineFraming ? `${json}\n` : `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;

  it('sees each frame before decoding, set after start: a frame it takes is neither delivered nor answered', async () => {
    const server = await openServer(framing);
    const seen: string[] = [];
    server.transport.onframe = (text) => {
      seen.push(text);
      return text.includes('"id":2') || text === 'not json';
    };
    server.stdin.write(frame('{"jsonrpc":"2.0","id":1,"method":"one"}'));
    server.stdin.write(frame('{"jsonrpc":"2.0","id":2,"method":"two","params":{"é":1}}'));
    // Not JSON: taken, so the transport neither reports it nor answers it with -32700.
    server.stdin.write(frame('not json'));
    server.stdin.write(frame('{"jsonrpc":"2.0","id":3,"method":"three"}'));
    await waitUntil(() => server.messages.length === 2, 'the frames it declined');
    expect(seen).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"one"}',
      '{"jsonrpc":"2.0","id":2,"method":"two","params":{"é":1}}',
      'not json',
      '{"jsonrpc":"2.0","id":3,"method":"three"}',
    ]);
    expect(server.messages).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'one' },
      { jsonrpc: '2.0', id: 3, method: 'three' },
    ]);
    expect(server.errors).toEqual([]);
    expect(server.written()).toBe('');
    // Cleared, every frame is decoded again, and unreadable input answered as usual.
    server.transport.onframe = undefined;
    server.stdin.write(frame('{"jsonrpc":"2.0","id":2,"method":"two"}'));
    server.stdin.write(frame('not json'));
    await waitUntil(() => server.written() !== '', 'the parse error answer');
    expect(server.messages[2]).toEqual({ jsonrpc: '2.0', id: 2, method: 'two' });
    expect(JSON.parse(server.written().slice(server.written().indexOf('{')))).toMatchObject({
      id: null,
      error: { code: -32700 },
    });
  });

  it('reports a hook that throws and handles the frame as usual', async () => {
    const server = await openServer(framing, () => {
      throw new Error('hook bug');
    });
    server.stdin.write(frame('{"jsonrpc":"2.0","id":1,"method":"one"}'));
    await waitUntil(() => server.messages.length === 1, 'the message');
    expect(server.messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'one' }]);
    expect(server.errors.map((error) => error.message)).toEqual(['The onframe hook threw: hook bug']);
    expect(server.errors[0]?.cause).toEqual(new Error('hook bug'));
  });
});

describe('StdioServerTransport onframe', () => {
  it('sees the frames that follow a batch after the batch is delivered, in order', async () => {
    const log: string[] = [];
    const server = await openServer(newlineFraming, (text) => {
      log.push(`frame ${text.slice(0, 24)}`);
      return text.includes('"taken"');
    });
    server.transport.onmessage = (message) => log.push(`message ${'id' in message ? message.id : '-'}`);
    // Longer than one delivery slice (64), so the batch yields to the event loop part way; the
    // frames after it arrive in the same chunk and wait for it.
    const batch = Array.from({ length: 100 }, (_, index) => ({ jsonrpc: '2.0', id: index, method: 'b' }));
    server.stdin.write(
      `${JSON.stringify(batch)}\n{"jsonrpc":"2.0","id":"taken","method":"t"}\n{"jsonrpc":"2.0","id":"after","method":"a"}\n`,
    );
    await waitUntil(() => log.length === 1 + 100 + 2 + 1, 'the batch and the two frames after it');
    expect(log).toEqual([
      'frame [{"jsonrpc":"2.0","id":0',
      ...batch.map((message) => `message ${message.id}`),
      'frame {"jsonrpc":"2.0","id":"t',
      'frame {"jsonrpc":"2.0","id":"a',
      'message after',
    ]);
  });

  it('keeps a frame it takes out of the wire log (MCPKIT_DEBUG=wire)', async () => {
    vi.stubEnv('MCPKIT_DEBUG', 'wire');
    const logged: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(chunk.toString());
      return true;
    });
    const server = await openServer(newlineFraming, (text) => text.includes('"taken"'));
    vi.unstubAllEnvs();
    server.stdin.write(
      '{"jsonrpc":"2.0","id":"taken","method":"t"}\n{"jsonrpc":"2.0","id":"kept","method":"k"}\n',
    );
    await waitUntil(() => server.messages.length === 1, 'the frame it declined');
    // Only the wire log's lines: anything else the process prints meanwhile is not the test's.
    expect(logged.filter((line) => line.startsWith('mcpkit:wire'))).toEqual([
      'mcpkit:wire stdio-server in {"jsonrpc":"2.0","id":"kept","method":"k"}\n',
    ]);
  });
});
