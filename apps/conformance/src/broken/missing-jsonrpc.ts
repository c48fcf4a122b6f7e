// Broken on purpose: responses omit `"jsonrpc": "2.0"`, which every JSON-RPC 2.0 message must
// carry, so not even the handshake is a valid answer.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message) => {
      if ('method' in message) return message;
      const { jsonrpc: _dropped, ...rest } = message;
      return rest as unknown as JSONRPCMessage;
    },
  },
});
