import { readdirSync, readFileSync } from 'node:fs';

// CPU time is far less sensitive to a busy machine than wall time, so measurements record it
// beside their throughput: this process's own, and its child processes' (the server under test).

const CLOCK_TICKS_PER_SECOND = 100;

function childPids(): number[] {
  const pids: number[] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    const text = readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim();
    if (text) pids.push(...text.split(/\s+/).map(Number));
  }
  return pids;
}

function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name: state is index 0, utime 11, stime 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

export interface CpuSnapshot {
  selfMicros: number;
  /** Undefined where /proc is unavailable (not Linux). */
  childrenMicros: number | undefined;
}

export function cpuSnapshot(): CpuSnapshot {
  const usage = process.cpuUsage();
  let childrenMicros: number | undefined;
  try {
    childrenMicros = childPids().reduce((sum, pid) => sum + processCpuMicros(pid), 0);
  } catch {
    // No /proc (macOS, Windows) or a child exited mid-read: report no figure rather than a wrong one.
    childrenMicros = undefined;
  }
  return { selfMicros: usage.user + usage.system, childrenMicros };
}

/** CPU microseconds per operation between two snapshots, for the client (this process) and server (children). */
export function cpuPerOperation(before: CpuSnapshot, after: CpuSnapshot, operations: number) {
  const perOp = (micros: number) => Math.round((micros / operations) * 10) / 10;
  const detail: Record<string, number> = {
    clientCpuMicrosPerOp: perOp(after.selfMicros - before.selfMicros),
  };
  if (before.childrenMicros !== undefined && after.childrenMicros !== undefined) {
    detail.serverCpuMicrosPerOp = perOp(after.childrenMicros - before.childrenMicros);
  }
  return detail;
}
