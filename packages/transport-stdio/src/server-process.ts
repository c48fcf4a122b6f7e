import type { ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from './default-environment.js';
import { StdioErrorCode, StdioTransportError } from './errors.js';
import { isProcessGroupAlive, signalProcessTree, usesProcessGroups } from './process-tree.js';
import { TextTail } from './stderr-tail.js';

/** How a server process is started and stopped (the process half of `StdioClientTransportOptions`). */
export interface ServerProcessOptions {
  /** The program to run (looked up on PATH; no shell is involved). */
  command: string;
  args?: readonly string[];
  /** Added to the default environment (see `getDefaultEnvironment`), or to the whole one with `inheritEnv`. */
  env?: Record<string, string>;
  /** Pass this process's whole environment instead of the safe default subset. Default false. */
  inheritEnv?: boolean;
  cwd?: string;
  /**
   * What happens to the server's stderr: `'pipe'` (default) captures it (see `onstderr` and
   * `stderrTail`), `'inherit'` shares this process's stderr, `'ignore'` discards it.
   */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Receives the server's stderr text as it arrives (with `stderr: 'pipe'`). */
  onstderr?: (text: string) => void;
  /** How many trailing characters of stderr to keep for error messages. Default 8192. */
  stderrTailLength?: number;
  /** After closing the server's stdin, how long to wait for it to exit before SIGTERM. Default 2000 ms. */
  gracefulExitTimeoutMs?: number;
  /** After SIGTERM, how long to wait before SIGKILL. Default 2000 ms. */
  terminateTimeoutMs?: number;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ProcessHooks {
  onerror(error: Error): void;
  onexit(exit: ProcessExit): void;
}

const DEFAULT_TIMEOUT_MS = 2000;
const GROUP_POLL_MS = 20;

/**
 * Server processes still running. They lead their own process groups, so terminal signals no
 * longer reach them; if this process exits first, it takes them down on its way out.
 */
const running = new Set<ServerProcess>();

function terminateRunningOnExit(): void {
  for (const server of running) server.terminateNow();
}

function track(server: ServerProcess): void {
  if (running.size === 0) process.on('exit', terminateRunningOnExit);
  running.add(server);
}

function untrack(server: ServerProcess): void {
  running.delete(server);
  if (running.size === 0) process.off('exit', terminateRunningOnExit);
}

/**
 * A spawned server: leads its own process group (POSIX) so that its whole tree can be ended,
 * keeps a bounded tail of its stderr, and stops by closing stdin, then SIGTERM, then SIGKILL.
 */
export class ServerProcess {
  exit: ProcessExit | undefined;
  private readonly tail: TextTail;
  private readonly exitWaiters = new Set<() => void>();

  private constructor(
    readonly child: ChildProcess,
    private readonly options: ServerProcessOptions,
    private readonly hooks: ProcessHooks,
  ) {
    this.tail = new TextTail(options.stderrTailLength ?? 8192);
  }

  /** Starts the process; rejects with `SPAWN_FAILED` when it cannot run. */
  static async spawn(options: ServerProcessOptions, hooks: ProcessHooks): Promise<ServerProcess> {
    const env = { ...(options.inheritEnv ? process.env : getDefaultEnvironment()), ...options.env };
    // A built-in looked up when used, not imported: see process-tree.ts.
    const child = process.getBuiltinModule('node:child_process').spawn(options.command, options.args ?? [], {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', options.stderr ?? 'pipe'],
      // Its own process group, so that stopping it can end grandchildren too.
      detached: usesProcessGroups,
      shell: false,
      windowsHide: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      throw new StdioTransportError(
        StdioErrorCode.SpawnFailed,
        `Cannot start server process ${describeCommand(options)}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    // `this`, not the class name: esbuild renames a class whose body names itself (`_ServerProcess`),
    // and that name is what util.inspect prints (checked by scripts/build-package.mjs).
    const started = new this(child, options, hooks);
    started.watch();
    return started;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get stderrTail(): string {
    return this.tail.toString();
  }

  /** The command line, quoted, for error messages. */
  get description(): string {
    return describeCommand(this.options);
  }

  /** Resolves true once the process exited, or false after `timeoutMs`. */
  waitForExit(timeoutMs: number): Promise<boolean> {
    if (this.exit) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.exitWaiters.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.exitWaiters.delete(wake);
        resolve(false);
      }, timeoutMs);
      this.exitWaiters.add(wake);
    });
  }

  /** Close stdin; then SIGTERM, then SIGKILL to the process group, each after its timeout. */
  async stop(): Promise<void> {
    this.child.stdin?.end();
    const terminateMs = this.options.terminateTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(await this.waitForExit(this.options.gracefulExitTimeoutMs ?? DEFAULT_TIMEOUT_MS))) {
      this.signal('SIGTERM');
      if (!(await this.waitForExit(terminateMs))) {
        this.signal('SIGKILL');
        await this.waitForExit(terminateMs);
      }
    }
    await this.endLeftoverGroup();
  }

  /** Ends grandchildren that outlived the server process (they share its process group). */
  async endLeftoverGroup(): Promise<void> {
    const pid = this.child.pid;
    if (pid === undefined || !usesProcessGroups || !isProcessGroupAlive(pid)) return;
    this.signal('SIGTERM');
    if (await pollGroupGone(pid, this.options.terminateTimeoutMs ?? DEFAULT_TIMEOUT_MS)) return;
    this.signal('SIGKILL');
    if (await pollGroupGone(pid, 1000)) return;
    this.hooks.onerror(
      new Error(`Processes of group ${pid} (started by ${this.description}) survived SIGKILL`),
    );
  }

  /** Waits until stdout and stderr have ended (their last bytes read), at most `timeoutMs`. */
  async waitForOutputEnd(timeoutMs: number): Promise<void> {
    const streams = [this.child.stdout, this.child.stderr].filter((stream) => stream != null);
    const ended = streams.map(
      (stream) =>
        new Promise<void>((resolve) => {
          if (stream.readableEnded || stream.destroyed) resolve();
          else stream.once('close', resolve).once('end', resolve);
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(ended),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  /** SIGTERM to the process group, synchronously (for when this process is exiting). */
  terminateNow(): void {
    if (this.exit === undefined) this.signal('SIGTERM');
  }

  /** Destroys the pipes, which a surviving grandchild might hold open and so keep this process alive. */
  releaseStreams(): void {
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.stdin?.destroy();
  }

  private watch(): void {
    const { child } = this;
    child.on('error', (error) => this.hooks.onerror(error));
    track(this);
    child.once('exit', (code, signal) => {
      untrack(this);
      this.exit = { code, signal };
      for (const wake of [...this.exitWaiters]) wake();
      this.hooks.onexit(this.exit);
    });
    const stderr = child.stderr;
    if (!stderr) return;
    stderr.setEncoding('utf8'); // decodes characters split across chunks correctly
    stderr.on('data', (text: string) => {
      this.tail.append(text);
      try {
        this.options.onstderr?.(text);
      } catch (error) {
        this.hooks.onerror(
          new Error(`The onstderr callback threw: ${(error as Error).message}`, { cause: error }),
        );
      }
    });
    stderr.on('error', (error) => this.hooks.onerror(error));
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      signalProcessTree(pid, signal, this.hooks.onerror);
    } catch (error) {
      this.hooks.onerror(
        new Error(`Could not send ${signal} to server process ${pid}: ${(error as Error).message}`, {
          cause: error,
        }),
      );
    }
  }
}

function describeCommand(options: ServerProcessOptions): string {
  return `'${[options.command, ...(options.args ?? [])].join(' ')}'`;
}

async function pollGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessGroupAlive(pgid)) return true;
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
  return !isProcessGroupAlive(pgid);
}
