import { createStdioHttpGateway } from '@mcpkit/gateway';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import { mcpkitStdioCommand } from './gateway-targets.js';
import {
  type HttpServerOptions,
  listenOnLoopback,
  type RunningHttpServer,
  runHttpServerMain,
} from './http-host.js';

// mcpkit's stdio bench server published over Streamable HTTP by @mcpkit/gateway (a child per
// session, messages relayed), on the same node:http glue as the bench's own HTTP servers: the
// gateway row compares it with `mcpkit-http.ts` serving the same tools itself.

async function start(options: HttpServerOptions): Promise<RunningHttpServer> {
  const gateway = createStdioHttpGateway({
    upstream: mcpkitStdioCommand(),
    http: { responseMode: options.response, maxSessionsPerAddress: Number.POSITIVE_INFINITY },
    onerror: (error) => process.stderr.write(`gateway: ${error.message}\n`),
  });
  const running = await listenOnLoopback(toNodeHandler(gateway.handler));
  return {
    ...running,
    async close() {
      await gateway.close();
      await running.close();
    },
  };
}

await runHttpServerMain(start);
