import { performance } from 'node:perf_hooks';
import { summarize } from '../harness/stats.js';
import { cpuPerOperation, cpuSnapshot } from './cpu.js';

/**
 * Runs `runWindow` for each window in turn: the median window's rate (`callsPerWindow` per second),
 * and each window's rate and client/server CPU per call in the details, so a slow round shows
 * which side went slow (the CPU figures come from /proc's 10 ms ticks for the server).
 */
export async function measureWindows(
  windows: number,
  callsPerWindow: number,
  runWindow: (window: number) => Promise<unknown>,
): Promise<{ median: number; detail: Record<string, string> }> {
  const rates: number[] = [];
  const cpu: string[] = [];
  for (let window = 0; window < windows; window++) {
    const before = cpuSnapshot();
    const startedAt = performance.now();
    await runWindow(window);
    rates.push(callsPerWindow / ((performance.now() - startedAt) / 1000));
    const perCall = cpuPerOperation(before, cpuSnapshot(), callsPerWindow);
    const server = perCall.serverCpuMicrosPerOp;
    cpu.push(
      `${Math.round(perCall.clientCpuMicrosPerOp ?? 0)}/${server === undefined ? '?' : Math.round(server)}`,
    );
  }
  const detail = { windowRates: rates.map((rate) => Math.round(rate)).join(' '), windowCpu: cpu.join(' ') };
  return { median: summarize(rates)!.median, detail };
}
