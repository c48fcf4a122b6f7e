import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { CLIENT_INFO, firstText } from '../clients/types.js';
import { cpuPerOperation, cpuSnapshot } from '../drivers/cpu.js';
import { profilingFlags } from '../drivers/targets.js';
import { applySplitMode, type SplitMode, splitModeArg } from './split-modes.js';

// Where the CPU an instrumented stdio call adds goes (issue 37): runs the mcpkit stdio echo calls of
// `stdio-sequential-pinned` with each step of split-modes.ts on client and server, and prints the
// client and server CPU per call of each. Not part of the suite; run it pinned, on a quiet machine,
// each mode several times, alternating (the steps differ by a few microseconds):
//   for m in off middleware no-sdk no-sdk-als otel; do taskset -c 1 node dist/otel/split.js $m; done
// `BENCH_SERVER_NODE_FLAGS=--cpu-prof` profiles the servers, `node --cpu-prof` the client.

const SERVER_SCRIPT = fileURLToPath(new URL('./split-server.js', import.meta.url));

async function measure(mode: SplitMode, calls: number, warmup: number) {
  const client = new McpClient(CLIENT_INFO, { protocolVersion: '2025-11-25' });
  applySplitMode(client, mode, { transport: 'stdio' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...profilingFlags(), SERVER_SCRIPT, mode],
      stderr: 'inherit',
    }),
  );
  const call = async (i: number) => {
    const text = `message ${i}`;
    const echoed = firstText(await client.callTool({ name: 'echo', arguments: { text } }));
    if (echoed !== text)
      throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
  };
  try {
    for (let i = 0; i < warmup; i++) await call(i);
    const before = cpuSnapshot();
    for (let i = 0; i < calls; i++) await call(warmup + i);
    return cpuPerOperation(before, cpuSnapshot(), calls);
  } finally {
    await client.close();
  }
}

// One mode per process: the context manager and the SDK are process-wide.
const [modeArg, callsArg, warmupArg] = process.argv.slice(2);
const mode = splitModeArg(modeArg);
const calls = Number(callsArg ?? 5_000);
const warmup = Number(warmupArg ?? 2_000);
const cpu = await measure(mode, calls, warmup);
process.stdout.write(`${JSON.stringify({ node: process.version, mode, calls, ...cpu })}\n`);
