import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Outcome, RESULT_PREFIX } from './outcome.js';
import type { ImplName, WorkloadSpec } from './workloads.js';

const DRIVER = fileURLToPath(new URL('../drivers/driver.js', import.meta.url));

/** Runs one measurement in a fresh driver process and returns what it reported. */
export function runDriver(
  spec: WorkloadSpec,
  impl: ImplName,
  mode: 'smoke' | 'full',
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(spec.nodeFlags ?? []), DRIVER, spec.name, impl, mode], {
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
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
      if (line) {
        resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as Outcome);
        return;
      }
      const why = signal === 'SIGKILL' ? `timed out after ${timeoutMs} ms` : `exited with code ${code}`;
      resolve({ status: 'error', reason: `driver ${why} without a result. stderr: ${stderr.slice(-2000)}` });
    });
  });
}
