// Broken on purpose: every handshake fails inside the server. `initialize` (2024-11-05 … 2025-11-25)
// and `server/discover` (2026-07-28) are answered -32603, so no revision can be checked at all.
import { ErrorCode } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

const HANDSHAKES = new Set(['initialize', 'server/discover']);

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) =>
      answering !== undefined && HANDSHAKES.has(answering.method) && 'id' in message
        ? {
            jsonrpc: '2.0',
            id: message.id,
            error: { code: ErrorCode.InternalError, message: 'Internal error: the handshake failed' },
          }
        : message,
  },
});
