// The fault-test server (fixtures/slow-server.mjs) as a child process, and its stderr as lines.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const FIXTURE_SCRIPT = fileURLToPath(new URL('./fixtures/slow-server.mjs', import.meta.url));

/**
 * Starts the fixture as an HTTP server and returns it with its /mcp URL. `args` go after the port,
 * `nodeArgs` to node; stderr is piped (read it with StderrLines) when `captureStderr` is set.
 */
export async function spawnHttpServer(
  port = 0,
  options: { args?: string[]; nodeArgs?: string[]; captureStderr?: boolean } = {},
): Promise<{ child: ChildProcess; url: URL }> {
  const { args = [], nodeArgs = [], captureStderr = false } = options;
  const child = spawn(process.execPath, [...nodeArgs, FIXTURE_SCRIPT, 'http', String(port), ...args], {
    stdio: ['ignore', 'pipe', captureStderr ? 'pipe' : 'inherit'],
  });
  child.stdout!.setEncoding('utf8');
  let text = '';
  while (!text.includes('\n')) {
    const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [
      string | number,
    ];
    if (typeof chunk !== 'string')
      throw new Error(`the server process exited (${String(chunk)}) before listening`);
    text += chunk;
  }
  return { child, url: new URL('/mcp', text.trim()) };
}

/** Collects a child's stderr and waits for a line with a given prefix, failing after `timeoutMs`. */
export class StderrLines {
  #text = '';
  #waiters: Array<() => void> = [];

  constructor(child: ChildProcess) {
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.#text += chunk;
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  async waitFor(prefix: string, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.#text.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line !== undefined) return line.slice(prefix.length);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no stderr line starting with "${prefix}" within ${timeoutMs} ms; stderr:\n${this.#text}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

export async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill('SIGKILL');
  await exit;
}

/**
 * The fixture server processes and clients of one test file, cleaned up after each test:
 * `startServer` spawns and tracks a server; `clients` are closed, servers killed.
 */
export function trackedFixtures(): {
  clients: Array<{ close(): Promise<void> }>;
  startServer(port?: number): Promise<{ child: ChildProcess; url: URL }>;
  cleanup(): Promise<void>;
} {
  const children: ChildProcess[] = [];
  const clients: Array<{ close(): Promise<void> }> = [];
  return {
    clients,
    async startServer(port = 0) {
      const started = await spawnHttpServer(port);
      children.push(started.child);
      return started;
    },
    async cleanup() {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      await Promise.all(children.splice(0).map(killed));
    },
  };
}
