import { type ChildProcess, spawn } from 'node:child_process';
import process from 'node:process';

export interface ClientProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the client ended or was killed. */
  exited: Promise<number | null>;
  /** Kills the client and everything it started (its process group). */
  kill(): void;
}

/** Quotes one argument for a POSIX shell. */
function shellQuote(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replaceAll("'", "'\\''")}'`;
}

/**
 * Starts the client command through the shell, in its own process group so that a wrapper such
 * as `npx` dies with it. `lastArgument` (the server URL) is appended, as the official referee does.
 */
export function spawnClient(
  command: string,
  env: Record<string, string>,
  lastArgument?: string,
): ClientProcess {
  const line = lastArgument === undefined ? command : `${command} ${shellQuote(lastArgument)}`;
  const child = spawn(line, {
    shell: true,
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const kill = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      // ESRCH: the group is already gone, which is what we wanted.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  return { child, exited, kill };
}
