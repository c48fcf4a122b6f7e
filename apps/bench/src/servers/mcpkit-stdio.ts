import { instrumentServer } from '@mcpkit/otel';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { benchTelemetry, otelArg } from '../otel/setup.js';
import { wireArg } from './fixtures.js';
import { createMcpkitServer } from './mcpkit-server.js';

const server = createMcpkitServer('basic', wireArg(process.argv));
if (otelArg(process.argv)) instrumentServer(server, { ...benchTelemetry(), transport: 'stdio' });
await server.connect(new StdioServerTransport());
