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

/**
 * Runs a program that does not watch its stdin (redis-server, nginx) so that it still ends when the
 * launcher dies without cleaning up (SIGKILL): a background reader of the shell's stdin, a pipe
 * from the launcher, sends it SIGTERM at end of file. The shell ignores SIGTERM itself and waits,
 * so it exits only once the program did; it and the reader are in their own process group, which
 * `stop` signals as a whole.
 */
const GUARD = `exec 3<&0
"$@" &
child=$!
(read _ <&3; kill -TERM "$child" 2>/dev/null) &
trap '' TERM INT
wait "$child"`;

export interface StartOptions extends SpawnOptions {
  onLine?: (line: string) => void;
  /** Wrap the program in the stdin guard (for programs that do not exit when their stdin ends). */
  guard?: boolean;
}

/** Starts `command` with its output captured line by line; `onLine` sees each line as it comes. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: StartOptions = {},
): ManagedProcess {
  const { guard, onLine, ...spawnOptions } = options;
  // stdin is a pipe: a node child (or the guard) notices that the launcher is gone (stdin ends).
  const child = guard
    ? spawn('/bin/sh', ['-c', GUARD, name, command, ...args], {
        ...spawnOptions,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(command, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
  // The guard's group: the shell, the program and the reader.
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (guard && child.pid !== undefined) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // Already gone: nothing left to signal.
    }
  };
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        onLine?.(line);
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
      signal('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      });
      const late = await Promise.race([exit.then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) {
        signal('SIGKILL');
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
