import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdioClientTransport } from './client-transport.js';
import { contentLengthFraming } from './content-length.js';
import { newlineFraming, type StdioFraming } from './framing/index.js';
import { StdioServerTransport } from './server-transport.js';
import { waitUntil } from './test-helpers/wait.js';

// Framing is an object: newline is built in and the default; Content-Length framing is opt-in by
// import from `@mcpkit/transport-stdio/content-length`. The strings of earlier versions say what
// replaced them.

const HOW_TO =
  "newline framing is the default; for Content-Length, pass contentLengthFraming from '@mcpkit/transport-stdio/content-length'";

const asOld = (value: string) => value as unknown as StdioFraming;

describe('the framing option', () => {
  it("refuses the old 'content-length' string on both transports, naming the import", () => {
    const message = `framing must be a framing object, got "content-length": ${HOW_TO}`;
    expect(() => new StdioServerTransport({ framing: asOld('content-length') })).toThrow(
      new TypeError(message),
    );
    expect(
      () => new StdioClientTransport({ command: process.execPath, framing: asOld('content-length') }),
    ).toThrow(new TypeError(message));
  });

  it("refuses the old 'newline' string, saying newline is the default", () => {
    expect(() => new StdioServerTransport({ framing: asOld('newline') })).toThrow(
      new TypeError(`framing must be a framing object, got "newline": ${HOW_TO}`),
    );
  });

  it('frames with newlines by default and with Content-Length headers when given contentLengthFraming', async () => {
    const written = async (framing?: StdioFraming) => {
      const stdout = new PassThrough();
      const chunks: string[] = [];
      stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
      const transport = new StdioServerTransport({ stdin: new PassThrough(), stdout, framing });
      await transport.start();
      await transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'é' } });
      await waitUntil(() => chunks.length > 0, 'the frame to be written');
      await transport.close();
      return chunks.join('');
    };
    const json = '{"jsonrpc":"2.0","id":1,"result":{"text":"é"}}';
    expect(await written()).toBe(`${json}\n`);
    expect(await written(newlineFraming)).toBe(`${json}\n`);
    expect(await written(contentLengthFraming)).toBe(`Content-Length: 47\r\n\r\n${json}`);
  });
});
