import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { Channel, MockServerCore } from './mock-core.js';

/**
 * The mock server over stdio: the harness itself is the server on the client's stdin/stdout.
 * Newline-delimited JSON; any stdout line that is not a JSON-RPC message is kept as noise.
 */
export function attachStdioMock(core: MockServerCore, clientStdout: Readable, clientStdin: Writable): void {
  const log = core.log;
  const channel: Channel = {
    send(message: JSONRPCMessage) {
      if (clientStdin.writable) clientStdin.write(`${JSON.stringify(message)}\n`);
    },
  };
  // The client may exit while we still write: a broken pipe is the client's business, not ours.
  clientStdin.on('error', (error) => log.stderr.push(`mock: stdin of the client: ${error.message}`));
  let pending = '';
  clientStdout.setEncoding('utf8');
  clientStdout.on('data', (text: string) => {
    pending += text;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') receiveLine(line);
      newline = pending.indexOf('\n');
    }
  });

  function receiveLine(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = JSON.parse(line) as JSONRPCMessage;
    } catch {
      // Not JSON: the client polluted its stdout. Recorded, and checked by the scenarios.
      log.stdoutNoise.push(line);
      return;
    }
    if (typeof message !== 'object' || message === null) {
      log.stdoutNoise.push(line);
      return;
    }
    log.fromClient(message);
    if (!('method' in message)) {
      core.receiveResponse(message);
      return;
    }
    if (!('id' in message)) return;
    core.answer(message, channel).then(
      (answer) => {
        log.toClient(answer);
        channel.send(answer);
      },
      (error: Error) => log.stderr.push(`mock: answering ${message.method} failed: ${error.message}`),
    );
  }
}
