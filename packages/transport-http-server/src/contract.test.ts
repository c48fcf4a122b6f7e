import type { Transport } from '@mcpkit/jsonrpc';
import { runTransportContractSuite } from '@mcpkit/jsonrpc/testing';
import { createStreamableHttpHandler } from './handler.js';
import { serve } from './node/index.js';
import { LegacyTestClient } from './test-helpers/legacy-client.js';

// The contract suite sends responses the peer never asked for; only the legacy HTTP+SSE transport
// carries every message kind on one stream, so it is the HTTP transport the suite fits. The
// Streamable HTTP routing rules are covered by streamable.test.ts and resumption.test.ts.
// Both adapters: the handler served directly by the node:http adapter, and as a plain fetch
// function (the Web Request -> Response path, as on Bun, Deno or Workers).
for (const adapter of ['node', 'web'] as const) {
  runTransportContractSuite(`legacy HTTP+SSE over 127.0.0.1 (${adapter} adapter)`, async () => {
    let resolveServer: (transport: Transport) => void = () => undefined;
    const serverSide = new Promise<Transport>((resolve) => {
      resolveServer = resolve;
    });
    const handler = createStreamableHttpHandler({ onSession: (transport) => resolveServer(transport) });
    const handle = await serve(
      adapter === 'node'
        ? handler
        : Object.assign((request: Request) => handler(request), { close: () => handler.close() }),
    );
    const client = await LegacyTestClient.connect(new URL('/sse', handle.url));
    return { a: await serverSide, b: client, cleanup: () => handle.close() };
  });
}
