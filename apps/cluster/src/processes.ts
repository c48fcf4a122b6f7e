import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (the system picks one; it is released before use). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address from listen(0)');
  return address.port;
}

/** A child process of the topology: its output lines, whether it runs, and a stop that always ends it. */
export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every line it wrote to stdout and stderr so far. */
  readonly lines: string[];
  alive(): boolean;
  /** Resolves once it exited (now, if it already has). */
  exited(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `command` with its output captured line by line; `onLine` sees each line as it comes. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { onLine?: (line: string) => void } = {},
): ManagedProcess {
  // stdin is a pipe: a node child can notice that the launcher is gone (its stdin ends) and exit.
  const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        options.onLine?.(line);
      }
    });
  }
  let exitedAlready = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exitedAlready = true;
      resolve();
    });
    // A command that cannot be spawned (not installed) emits 'error' and never 'exit'.
    child.once('error', (error) => {
      lines.push(`${name} could not be started: ${error.message}`);
      exitedAlready = true;
      resolve();
    });
  });
  return {
    name,
    child,
    lines,
    alive: () => !exitedAlready && child.exitCode === null && child.signalCode === null,
    exited: () => exit,
    async stop(graceMs = 5000) {
      if (exitedAlready) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      });
      const late = await Promise.race([exit.then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) {
        child.kill('SIGKILL');
        await exit;
      }
    },
  };
}

/** Polls `check` every 50 ms until it holds, or throws after `ms` (generous: CI is loaded) naming `what`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}
