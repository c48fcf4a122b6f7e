import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Outcome, RESULT_PREFIX } from './outcome.js';
import type { ImplName, WorkloadSpec } from './workloads.js';

const DRIVER = fileURLToPath(new URL('../drivers/driver.js', import.meta.url));

let pinnedCpu: number | undefined;
let driverNode: { path: string; version: string } = { path: process.execPath, version: process.version };

/**
 * Runs every later driver under this `node` binary (`--node`); the servers a driver spawns run
 * under its own `process.execPath`, so under the same one.
 */
export function useDriverNode(binary: { path: string; version: string }): void {
  driverNode = binary;
}

/** The Node the drivers and servers run under (this process's unless `--node` chose another). */
export function driverNodeVersion(): string {
  return driverNode.version;
}

/**
 * Runs every later driver, and so its server, on one CPU (`taskset -c`, Linux). A sequential
 * ping-pong between two processes costs several times more CPU when each wake-up crosses to the
 * other CPU (an inter-processor interrupt, a cold cache) than when both share one, so pinning
 * makes such figures about the code rather than the scheduler's placement.
 */
export function pinDrivers(cpu: number | undefined): void {
  pinnedCpu = cpu;
}

export function driverPinning(): number | undefined {
  return pinnedCpu;
}

let tasksetWorks: boolean | undefined;
/** Whether `taskset` exists and may set affinity here (containers sometimes forbid it). */
function canPinTo(cpu: number): boolean {
  tasksetWorks ??=
    spawnSync('taskset', ['-c', String(cpu), driverNode.path, '-e', ''], { stdio: 'ignore' }).status === 0;
  return tasksetWorks;
}

/** The CPU a driver runs on: `--pin`, else the last CPU for workloads that ask to be pinned. */
function cpuFor(specs: WorkloadSpec[]): number | undefined {
  if (pinnedCpu !== undefined) return pinnedCpu;
  const last = cpus().length - 1;
  if (!specs.some((spec) => spec.pinned) || !canPinTo(last)) return undefined;
  return last;
}

/**
 * Runs workloads (normally one) for one implementation in a fresh driver process and returns
 * what it reported, by workload name. A workload without a reported outcome is an error.
 */
export function runDriver(
  specs: WorkloadSpec[],
  impl: ImplName,
  mode: 'smoke' | 'full',
  timeoutMs: number,
): Promise<Map<string, Outcome>> {
  const nodeFlags = specs[0]?.nodeFlags ?? [];
  const names = specs.map((spec) => spec.name);
  return new Promise((resolve) => {
    // --no-warnings: the official v2 HTTP client trips MaxListenersExceededWarning after ~1,500
    // calls (one abort listener per fetch); printing a stack per call would slow it unfairly.
    const args = ['--no-warnings', ...nodeFlags, DRIVER, names.join(','), impl, mode];
    const cpu = cpuFor(specs);
    const command = cpu === undefined ? driverNode.path : 'taskset';
    const argv = cpu === undefined ? args : ['-c', String(cpu), driverNode.path, ...args];
    const child = spawn(command, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const outcomes = new Map<string, Outcome>();
      for (const line of stdout.split('\n')) {
        if (!line.startsWith(RESULT_PREFIX)) continue;
        const { workload, ...outcome } = JSON.parse(line.slice(RESULT_PREFIX.length)) as Outcome & {
          workload: string;
        };
        outcomes.set(workload, outcome as Outcome);
      }
      const why = signal === 'SIGKILL' ? `timed out after ${timeoutMs} ms` : `exited with code ${code}`;
      for (const name of names) {
        if (!outcomes.has(name)) {
          outcomes.set(name, {
            status: 'error',
            reason: `driver ${why} without a result. stderr: ${stderr.slice(-2000)}`,
          });
        }
      }
      resolve(outcomes);
    });
  });
}
