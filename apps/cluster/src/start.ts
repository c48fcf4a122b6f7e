// `pnpm -C apps/cluster run start`: starts Redis, three servers and nginx, and leaves them running
// until Ctrl-C (or SIGTERM), which stops every process.
import { onStop, stopOnSignals } from './signals.js';
import { startTopology } from './topology.js';

stopOnSignals();
// Each request a server handles is shown on stderr: one JSON line naming the instance.
const topology = await startTopology({
  onOutput: (name, line) => process.stderr.write(`[${name}] ${line}\n`),
  onLog: (entry) => process.stderr.write(`${JSON.stringify(entry)}\n`),
});
onStop(() => topology.stop());
const lines = [
  `MCP endpoint (nginx, round-robin over ${topology.servers.length} processes): ${topology.url}`,
  `  redis-server 127.0.0.1:${topology.redis.port}; servers ${topology.servers.map((s) => `${s.instanceId} 127.0.0.1:${s.port}`).join(', ')}`,
  `  nginx config: ${topology.nginx.configPath}`,
  '  try: npx @modelcontextprotocol/inspector, transport Streamable HTTP, the URL above',
  'Press Ctrl-C to stop everything.',
];
process.stdout.write(`${lines.join('\n')}\n`);
