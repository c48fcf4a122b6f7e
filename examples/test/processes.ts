// Example programs as real child processes: start one, wait (bounded) for what it prints, and
// make sure every process a test started is gone when the test ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** Started processes, ended by `stopAll` (call it in afterEach/afterAll). */
const running = new Set<ChildProcess>();

export interface Started {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
}

export function start(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Started {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let text = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { child, output: () => text };
}

/** Polls `started`'s output for `pattern` until `timeoutMs`; fails with the output if it never comes. */
export async function waitForOutput(
  started: Started,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(started.output());
    if (match) return match;
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(
        `the process exited (${started.child.exitCode ?? started.child.signalCode}) before printing ${pattern}:\n${started.output()}`,
      );
    }
    if (Date.now() > deadline)
      throw new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts an HTTP example with PORT=0 and resolves with the endpoint URL it prints. */
export async function startHttpServer(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Started & { url: URL }> {
  const started = start(args, { ...options, env: { PORT: '0', ...options.env } });
  const [, url] = await waitForOutput(started, /(http:\/\/127\.0\.0\.1:\d+\/\S*)/);
  return { ...started, url: new URL(url!) };
}

/** Waits for the process to exit by itself within `timeoutMs` (else kills it and fails). */
export async function exitOf(started: Started, timeoutMs = 30_000): Promise<number | null> {
  const { child } = started;
  if (child.exitCode === null && child.signalCode === null) {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await once(child, 'exit');
    clearTimeout(timer);
    if (child.signalCode === 'SIGKILL')
      throw new Error(`still running after ${timeoutMs} ms:\n${started.output()}`);
  }
  return child.exitCode;
}

/** Runs a program to its end; resolves with its exit code and output. */
export async function run(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const started = start(args, options);
  const code = await exitOf(started, options.timeoutMs);
  return { code, output: started.output() };
}

/** SIGTERM to every process still running, SIGKILL to those still there 5 s later. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** A port that was free a moment ago, for examples that must know their URL before listening. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
