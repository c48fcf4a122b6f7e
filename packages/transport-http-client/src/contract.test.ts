import { runTransportContractSuite } from '@mcpkit/jsonrpc/testing';
import { fetchImplementations } from '../test/harness.js';
import { startRelayServer } from '../test/relay-server.js';
import { StreamableHttpClientTransport } from './streamable-http.js';

for (const [name, fetch] of fetchImplementations) {
  runTransportContractSuite(
    `StreamableHttpClientTransport (${name}) with a node:http relay server`,
    async () => {
      const server = await startRelayServer();
      const client = new StreamableHttpClientTransport(server.url, {
        ...(fetch ? { fetch } : {}),
        sessionId: server.sessionId,
        orderedSends: true,
        reconnection: { initialDelayMs: 5, maxRetries: 2 },
      });
      return { a: client, b: server.transport };
    },
    // 1,000 ordered POSTs on a loaded 2-core machine need more than the default 10 s.
    { timeoutMs: 20_000 },
  );
}
