import { instrumentServer } from '@mcpkit/otel';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import { benchTelemetry } from '../otel/setup.js';
import {
  type HttpServerOptions,
  isMainModule,
  listenOnLoopback,
  type RunningHttpServer,
  runHttpServerMain,
} from './http-host.js';
import { createMcpkitServer } from './mcpkit-server.js';

// mcpkit over Streamable HTTP: the Web-standard handler behind its own Node adapter, defaults
// otherwise (including the in-memory event store that makes SSE streams resumable).

/** The Web-standard handler, as an edge runtime would mount it. */
export function createFetchHandler(options: HttpServerOptions): StreamableHttpHandler {
  const shared = createMcpkitServer(options.tools, options.wire);
  if (options.otel === true) instrumentServer(shared, benchTelemetry());
  const common = {
    stateless: options.sessions === 'stateless',
    responseMode: options.response,
    // The bench client opens its 1,000 sessions (http-session-memory) from one address, 127.0.0.1;
    // the other SDKs measured have no per-address cap either.
    maxSessionsPerAddress: Number.POSITIVE_INFINITY,
  };
  // The `wide` workloads measure building a server per request (50 tools), as deployments on edge
  // runtimes that keep nothing between requests do: each POST gets its own transport and server.
  if (options.tools === 'wide') {
    return createStreamableHttpHandler({
      ...common,
      onSession: async (transport, info) => {
        const server = createMcpkitServer(options.tools, options.wire);
        // A stateless POST other than `initialize` (those carry MCP-Protocol-Version) never saw the
        // handshake; its session is restored from the declared version, as the 2025-era stateless
        // mode of the other SDKs assumes.
        const declared = info.request.header('mcp-protocol-version') ?? null;
        const restore =
          info.kind === 'stateless' && declared !== null
            ? { protocolVersion: declared, clientCapabilities: {} }
            : undefined;
        await server.connect(transport, restore ? { restore } : {});
      },
    });
  }
  // mcpkit's documented wiring: one McpServer; sessions connect to it, and a stateless POST (2025
  // stateless mode, 2026-07-28) is answered by it directly, with no per-request transport or session.
  return createStreamableHttpHandler({ ...common, server: shared });
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const handler = createFetchHandler(options);
  const running = await listenOnLoopback(toNodeHandler(handler));
  return {
    ...running,
    async close() {
      await handler.close({ timeoutMs: 1_000 });
      await running.close();
    },
  };
}

if (isMainModule(import.meta.url)) await runHttpServerMain(startHttpServer);
