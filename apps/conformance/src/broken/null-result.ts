// Broken on purpose: tools/list is answered `"result": null` (a result must be an object); the
// handshake and everything else stay correct, so the fault shows where tools are listed.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) =>
      answering?.method === 'tools/list' && 'result' in message
        ? ({ ...message, result: null } as unknown as JSONRPCMessage)
        : message,
  },
});
