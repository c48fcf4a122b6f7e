import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { wireArg } from './fixtures.js';
import { createMcpkitServer } from './mcpkit-server.js';

const server = createMcpkitServer('basic', wireArg(process.argv));
// Loaded only for the -otel rows: the startup row spawns this script, and the OTel SDK's modules
// are not part of what an mcpkit stdio server costs to start.
if (process.argv.includes('--otel')) {
  const [{ instrumentServer }, { benchTelemetry }] = await Promise.all([
    import('@mcpkit/otel'),
    import('../otel/setup.js'),
  ]);
  instrumentServer(server, { ...benchTelemetry(), transport: 'stdio' });
}
await server.connect(new StdioServerTransport());
