// Broken on purpose: every response carries an id no request had (the request's id plus 1000), so
// no request is ever answered under its own id and no revision can be checked.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message) =>
      'method' in message || !('id' in message) || typeof message.id !== 'number'
        ? message
        : ({ ...message, id: message.id + 1000 } as JSONRPCMessage),
  },
});
