import { createServer, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { runTransportContractSuite } from '@mcpkit/jsonrpc/testing';
import { StdioClientTransport } from './client-transport.js';
import { contentLengthFraming } from './content-length.js';
import { newlineFraming, type StdioFraming } from './framing/index.js';
import { StdioServerTransport } from './server-transport.js';
import { fixture } from './test-helpers/wait.js';

/** Two server transports cross-wired over PassThrough streams: what one writes, the other reads. */
function passThroughPair(framing: StdioFraming) {
  const aToB = new PassThrough();
  const bToA = new PassThrough();
  return {
    a: new StdioServerTransport({ stdin: bToA, stdout: aToB, framing }),
    b: new StdioServerTransport({ stdin: aToB, stdout: bToA, framing }),
  };
}

for (const framing of [newlineFraming, contentLengthFraming]) {
  runTransportContractSuite(`stdio over PassThrough streams (${framing.name})`, () =>
    passThroughPair(framing),
  );

  // A real process in the middle: `a` spawns a relay script whose stdin/stdout are piped to a TCP
  // socket on 127.0.0.1, and `b` is a stream transport on the test's end of that socket.
  runTransportContractSuite(`stdio through a spawned relay process (${framing.name})`, async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const a = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('socket-relay.mjs'), String(port)],
      framing,
      gracefulExitTimeoutMs: 1000,
      terminateTimeoutMs: 1000,
    });
    // The relay connects as soon as it runs; start `a` now so the socket exists before `b` is built.
    const started = a.start();
    const socket = await accepted;
    await started;
    const b = new StdioServerTransport({ stdin: socket, stdout: socket, framing });
    // The suite calls start() again; StdioClientTransport.start() returns the same promise.
    return {
      a,
      b,
      cleanup: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  });
}
