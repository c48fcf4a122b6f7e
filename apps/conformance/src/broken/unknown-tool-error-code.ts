// Broken on purpose: an unknown tool gets -32601 (method not found) instead of -32602 (invalid params).
import { ErrorCode } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) =>
      answering?.method === 'tools/call' &&
      'error' in message &&
      message.error.code === ErrorCode.InvalidParams
        ? { ...message, error: { ...message.error, code: ErrorCode.MethodNotFound } }
        : message,
  },
});
