// Broken on purpose: the client answers server requests for methods it does not know with an empty
// result instead of error -32601.
import { ErrorCode } from '@mcpkit/protocol';
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({
  hooks: {
    outgoing: (message) =>
      'error' in message && message.error.code === ErrorCode.MethodNotFound && message.id !== null
        ? { jsonrpc: '2.0', id: message.id, result: {} }
        : message,
  },
});
