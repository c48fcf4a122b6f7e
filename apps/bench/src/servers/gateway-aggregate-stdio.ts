import { Aggregator } from '@mcpkit/gateway';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { cpuReportingUpstreamCommand, PROCESS_CPU_TOOL, processCpuText } from './gateway-targets.js';

// @mcpkit/gateway's aggregator on stdio with one upstream (mcpkit's stdio bench server), its names
// kept (no namespace) so a client's `echo` reaches it: every call is forwarded through the
// gateway's McpServer and an McpClient. `gateway-process-cpu` answers this process's CPU time,
// `upstream-process-cpu` (forwarded) the upstream's.

const aggregator = new Aggregator({
  upstreams: [{ name: 'upstream', namespace: false, ...cpuReportingUpstreamCommand() }],
  onerror: (error) => process.stderr.write(`aggregator: ${error.message}\n`),
});
aggregator.server.tool(`gateway-${PROCESS_CPU_TOOL}`, {}, () => processCpuText());
await aggregator.start();
if (aggregator.connectedCount !== 1) throw new Error('the upstream bench server did not start');
const session = await aggregator.server.connect(new StdioServerTransport());
session.addCloseListener(() => {
  void aggregator.close().then(() => process.exit(0));
});
