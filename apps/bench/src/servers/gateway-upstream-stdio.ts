import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { PROCESS_CPU_TOOL, processCpuText } from './gateway-targets.js';
import { createMcpkitServer } from './mcpkit-server.js';

// mcpkit's stdio bench server plus a tool answering its own process CPU time, so the aggregation
// row can read the upstream's CPU exactly (process.cpuUsage, microseconds) through the gateway.

const server = createMcpkitServer('basic', '2025');
server.tool(`upstream-${PROCESS_CPU_TOOL}`, {}, () => processCpuText());
await server.connect(new StdioServerTransport());
