// Broken on purpose: an unknown tool gets -32601 (method not found) instead of -32602 (invalid params).
import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

// Only the unknown-tool answer changes: other -32602 answers of tools/call (bad arguments, a
// tampered requestState) stay correct, so no other rule is broken along the way.
function isUnknownToolError(message: JSONRPCMessage, answering: JSONRPCRequest | undefined): boolean {
  if (answering?.method !== 'tools/call' || !('error' in message)) return false;
  const data = message.error.data as { name?: unknown } | undefined;
  return (
    message.error.code === ErrorCode.InvalidParams &&
    data?.name === answering.params?.name &&
    message.error.message.startsWith('Unknown tool')
  );
}

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) =>
      isUnknownToolError(message, answering) && 'error' in message
        ? { ...message, error: { ...message.error, code: ErrorCode.MethodNotFound } }
        : message,
  },
});
