// Broken on purpose: reading an unknown resource returns empty `contents` instead of the not-found error.
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) =>
      answering?.method === 'resources/read' && 'error' in message && message.id !== null
        ? { jsonrpc: '2.0', id: message.id, result: { contents: [] } }
        : message,
  },
});
