// Broken on purpose: reading an unknown resource returns empty `contents` instead of the not-found error.
import { ErrorCode } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) => {
      if (answering?.method !== 'resources/read' || !('error' in message) || message.id === null)
        return message;
      // Only "not found" (which names the URI) becomes empty contents; malformed params keep their error.
      const uri = (message.error.data as { uri?: unknown } | undefined)?.uri;
      const notFound =
        message.error.code === ErrorCode.ResourceNotFound ||
        (message.error.code === ErrorCode.InvalidParams &&
          typeof uri === 'string' &&
          uri === answering.params?.uri);
      // A 2026-07-28 result still carries resultType and cache hints, so empty contents is the only rule broken.
      const meta = answering.params?._meta as Record<string, unknown> | undefined;
      const modern = meta?.['io.modelcontextprotocol/protocolVersion'] === '2026-07-28';
      const result = modern
        ? { contents: [], resultType: 'complete', ttlMs: 0, cacheScope: 'private' }
        : { contents: [] };
      return notFound ? { jsonrpc: '2.0', id: message.id, result } : message;
    },
  },
});
