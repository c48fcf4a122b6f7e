import { fileURLToPath } from 'node:url';

// The stdio server the gateway rows put behind the gateway: mcpkit's own bench server (echo, big,
// progress), the same one the stdio workloads measure, so the rows compare forwarding alone.

/** node + mcpkit's stdio bench server, speaking 2025-11-25. */
export function mcpkitStdioCommand(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [fileURLToPath(new URL('./mcpkit-stdio.js', import.meta.url)), '--wire', '2025'],
  };
}

/** Suffix of the tools the aggregation row reads each process's CPU time with. */
export const PROCESS_CPU_TOOL = 'process-cpu';

/** This process's user + system CPU time so far, in microseconds, as text. */
export function processCpuText(): string {
  const usage = process.cpuUsage();
  return String(usage.user + usage.system);
}

/**
 * node + the aggregation row's upstream (the stdio bench server with its CPU tool), run with the
 * gateway's own node flags (the driver's BENCH_SERVER_NODE_FLAGS, e.g. --cpu-prof: both profiled).
 */
export function cpuReportingUpstreamCommand(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [...process.execArgv, fileURLToPath(new URL('./gateway-upstream-stdio.js', import.meta.url))],
  };
}
