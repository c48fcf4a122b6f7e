import type { Transport } from '@mcpkit/jsonrpc';
import { runTransportContractSuite } from '@mcpkit/jsonrpc/testing';
import { createStreamableHttpHandler } from './handler.js';
import { serve } from './node/index.js';
import { LegacyTestClient } from './test-helpers/legacy-client.js';

// The contract suite sends responses the peer never asked for; only the legacy HTTP+SSE transport
// carries every message kind on one stream, so it is the HTTP transport the suite fits. The
// Streamable HTTP routing rules are covered by streamable.test.ts and resumption.test.ts.
runTransportContractSuite('legacy HTTP+SSE over 127.0.0.1', async () => {
  let resolveServer: (transport: Transport) => void = () => undefined;
  const serverSide = new Promise<Transport>((resolve) => {
    resolveServer = resolve;
  });
  const handler = createStreamableHttpHandler({ onSession: (transport) => resolveServer(transport) });
  const handle = await serve(handler);
  const client = await LegacyTestClient.connect(new URL('/sse', handle.url));
  return { a: await serverSide, b: client, cleanup: () => handle.close() };
});
