// End to end: a real server process on the built StdioServerTransport, driven by StdioClientTransport.
import { afterEach, describe, expect, it } from 'vitest';
import { StdioClientTransport } from './client-transport.js';
import { contentLengthFraming } from './content-length.js';
import { StdioErrorCode, type StdioTransportError } from './errors.js';
import { newlineFraming, type StdioFraming } from './framing/index.js';
import { fixture, isRunning, waitUntil } from './test-helpers/wait.js';
import type { JSONRPCMessage } from './types.js';

const open: StdioClientTransport[] = [];
afterEach(async () => {
  for (const transport of open.splice(0)) await transport.close();
});

async function startServer(framing: StdioFraming) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture('stdio-server.mjs'), framing.name],
    framing,
    onstderr: (text) => {
      stderr += text;
    },
  });
  open.push(transport);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closes = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => closes++;
  await transport.start();
  await waitUntil(() => stderr.includes('fixture server ready'), 'the server to start');
  return { transport, messages, errors, stderr: () => stderr, closes: () => closes };
}

describe('a server process on StdioServerTransport', () => {
  for (const framing of [newlineFraming, contentLengthFraming]) {
    it(`answers requests, with console.log output diverted to stderr (${framing.name})`, async () => {
      const server = await startServer(framing);
      for (let id = 1; id <= 20; id++) {
        await server.transport.send({
          jsonrpc: '2.0',
          id,
          method: 'echo',
          params: { text: `héllo ${id} 😀` },
        });
      }
      await waitUntil(() => server.messages.length === 20, 'twenty answers');
      expect(server.messages[19]).toEqual({
        jsonrpc: '2.0',
        id: 20,
        result: { echoed: { text: 'héllo 20 😀' } },
      });
      // The noise never reached the protocol stream: nothing failed to parse.
      expect(server.errors).toEqual([]);
      await waitUntil(
        () => server.stderr().includes('noise from process.stdout.write'),
        'the noise on stderr',
      );
      expect(server.stderr()).toContain('noise from console.log echo');
    });
  }

  it('closes its transport on stdin EOF so the process can exit cleanly', async () => {
    const server = await startServer(newlineFraming);
    const pid = server.transport.pid!;
    await server.transport.close();
    expect(server.stderr()).toContain('server transport closed');
    expect(isRunning(pid)).toBe(false);
    expect(server.errors).toEqual([]);
  });

  it('reports the server crashing mid-session with its last stderr lines', async () => {
    const server = await startServer(newlineFraming);
    await server.transport.send({ jsonrpc: '2.0', method: 'crash' });
    await waitUntil(() => server.closes() === 1, 'onclose');
    const error = server.errors[0] as StdioTransportError;
    expect(error.code).toBe(StdioErrorCode.ProcessExited);
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain('about to crash: something went wrong');
  });
});
