import { type ChildProcess, spawn } from 'node:child_process';
import process from 'node:process';
import type { Transport } from '@mcpkit/jsonrpc';
import { getDefaultEnvironment } from './default-environment.js';
import { StdioErrorCode, StdioTransportError } from './errors.js';
import { DEFAULT_MAX_PENDING_WRITE_BYTES } from './frame-writer.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './framing/index.js';
import { checkFraming, checkPositiveInteger, type StdioFramingOptions } from './options.js';
import { isProcessGroupAlive, signalProcessTree, usesProcessGroups } from './process-tree.js';
import { TextTail } from './stderr-tail.js';
import { directWrite } from './stdout-guard.js';
import { StreamConnection } from './stream-connection.js';
import type { JSONRPCMessage } from './types.js';

export interface StdioClientTransportOptions extends StdioFramingOptions {
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

/** How long stdout may stay open after the process exited, for its last messages to arrive. */
const DRAIN_AFTER_EXIT_MS = 250;
/** How long the process may live on after closing its stdout before we shut it down. */
const EXIT_AFTER_STDOUT_END_MS = 200;
const GROUP_POLL_MS = 20;
/** How long close() lets already-sent messages finish writing. */
const CLOSE_FLUSH_TIMEOUT_MS = 1000;

type State = 'new' | 'starting' | 'open' | 'closing' | 'closed';

/**
 * The client side of stdio: spawns the server as a child process and talks to it over its
 * stdin/stdout. The child leads its own process group, and `close()` ends the whole tree:
 * close stdin, then SIGTERM, then SIGKILL, each after a timeout. If the server dies on its
 * own, `onerror` receives a `PROCESS_EXITED` error with the tail of its stderr, then `onclose` fires.
 */
export class StdioClientTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private readonly options: StdioClientTransportOptions;
  private readonly tail: TextTail;
  private child: ChildProcess | undefined;
  private connection: StreamConnection | undefined;
  private state: State = 'new';
  private closing: Promise<void> | undefined;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exitWaiters = new Set<() => void>();
  private starting: Promise<void> | undefined;
  private closeReported = false;

  constructor(options: StdioClientTransportOptions) {
    if (typeof options?.command !== 'string' || options.command === '') {
      throw new TypeError(
        `StdioClientTransport needs a command to run, got ${JSON.stringify(options?.command)}`,
      );
    }
    checkFraming(options.framing);
    checkPositiveInteger(options.maxMessageBytes, 'maxMessageBytes', DEFAULT_MAX_MESSAGE_BYTES);
    checkPositiveInteger(
      options.maxPendingWriteBytes,
      'maxPendingWriteBytes',
      DEFAULT_MAX_PENDING_WRITE_BYTES,
    );
    checkPositiveInteger(options.gracefulExitTimeoutMs, 'gracefulExitTimeoutMs', 1);
    checkPositiveInteger(options.terminateTimeoutMs, 'terminateTimeoutMs', 1);
    this.options = options;
    this.tail = new TextTail(checkPositiveInteger(options.stderrTailLength, 'stderrTailLength', 8192));
  }

  /** The server's process id once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The server's exit code once it exited (`null` when a signal ended it); undefined while it runs. */
  get exitCode(): number | null | undefined {
    return this.exit?.code;
  }

  /** The signal that ended the server, once it exited; undefined while it runs. */
  get exitSignal(): NodeJS.Signals | null | undefined {
    return this.exit?.signal;
  }

  /** The last characters the server wrote to stderr (with `stderr: 'pipe'`). */
  get stderrTail(): string {
    return this.tail.toString();
  }

  start(): Promise<void> {
    this.starting ??= this.launch();
    return this.starting;
  }

  private async launch(): Promise<void> {
    if (this.state !== 'new') {
      throw new StdioTransportError(
        StdioErrorCode.NotConnected,
        `StdioClientTransport.start() was called twice (the transport is ${this.state})`,
      );
    }
    this.state = 'starting';
    const child = this.spawnChild();
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      this.state = 'closed';
      throw new StdioTransportError(
        StdioErrorCode.SpawnFailed,
        `Cannot start server process ${this.describeCommand()}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    this.child = child;
    child.on('error', (error) => this.onerror?.(error));
    child.once('exit', (code, signal) => this.onExit(code, signal));
    this.captureStderr(child);
    this.connection = this.connect(child);
    this.connection.start();
    this.state = 'open';
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.state !== 'open' || !this.connection) {
      return Promise.reject(
        new StdioTransportError(
          StdioErrorCode.NotConnected,
          this.state === 'new' || this.state === 'starting'
            ? 'Cannot send before StdioClientTransport.start() has finished'
            : `The stdio client transport is ${this.state}; the message was not sent`,
        ),
      );
    }
    return this.connection.send(message);
  }

  close(): Promise<void> {
    if (this.closing) return this.closing;
    if (this.state === 'new' || this.state === 'closed') {
      this.closing = Promise.resolve();
      this.finish();
      return this.closing;
    }
    this.closing = this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    if (this.state === 'starting') {
      // Let start() settle first; a failed start leaves nothing to shut down.
      await this.starting?.catch(() => undefined);
    }
    if (!this.child || this.exit) {
      this.connection?.stop();
      await this.endLeftoverGroup();
      this.finish();
      return;
    }
    await this.stopProcess();
  }

  private spawnChild(): ChildProcess {
    const { options } = this;
    const env = { ...(options.inheritEnv ? process.env : getDefaultEnvironment()), ...options.env };
    return spawn(options.command, options.args ?? [], {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', options.stderr ?? 'pipe'],
      // Its own process group, so close() can end grandchildren too.
      detached: usesProcessGroups,
      shell: false,
      windowsHide: true,
    });
  }

  private connect(child: ChildProcess): StreamConnection {
    const { options } = this;
    return new StreamConnection({
      input: child.stdout!,
      output: child.stdin!,
      framing: checkFraming(options.framing),
      maxMessageBytes: checkPositiveInteger(
        options.maxMessageBytes,
        'maxMessageBytes',
        DEFAULT_MAX_MESSAGE_BYTES,
      ),
      maxPendingWriteBytes: checkPositiveInteger(
        options.maxPendingWriteBytes,
        'maxPendingWriteBytes',
        DEFAULT_MAX_PENDING_WRITE_BYTES,
      ),
      rawWrite: directWrite(child.stdin!),
      answerInvalidMessages: false,
      peerName: `server process ${this.describeCommand()}`,
      onmessage: (message) => this.onmessage?.(message),
      onerror: (error) => this.onerror?.(error),
      oninputend: (error) => {
        if (error) this.onerror?.(error);
        this.onStdoutEnd();
      },
      onoutputerror: (error) => {
        // EPIPE usually means the process is exiting; its exit reports the cause with stderr.
        if (this.exit === undefined) this.onerror?.(error);
      },
    });
  }

  private captureStderr(child: ChildProcess): void {
    const stderr = child.stderr;
    if (!stderr) return;
    stderr.setEncoding('utf8'); // decodes characters split across chunks correctly
    stderr.on('data', (text: string) => {
      this.tail.append(text);
      try {
        this.options.onstderr?.(text);
      } catch (error) {
        this.onerror?.(
          new Error(`The onstderr callback threw: ${(error as Error).message}`, { cause: error }),
        );
      }
    });
    stderr.on('error', (error) => this.onerror?.(error));
  }

  private onStdoutEnd(): void {
    if (this.state !== 'open') return;
    // The exit usually follows at once; give it a moment so a crash is reported as a crash.
    setTimeout(() => {
      if (this.state !== 'open' || this.exit) return;
      this.onerror?.(
        new StdioTransportError(
          StdioErrorCode.ProcessExited,
          `Server process ${this.describeCommand()} closed its stdout but kept running; shutting it down`,
          { stderrTail: this.stderrTail },
        ),
      );
      void this.close();
    }, EXIT_AFTER_STDOUT_END_MS);
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exit = { code, signal };
    for (const wake of this.exitWaiters) wake();
    this.exitWaiters.clear();
    if (this.state === 'open') this.closing = this.afterUnexpectedExit();
  }

  private async afterUnexpectedExit(): Promise<void> {
    this.state = 'closing';
    await this.waitForStreamEnds(DRAIN_AFTER_EXIT_MS);
    const exit = this.exit!;
    const error = new StdioTransportError(StdioErrorCode.ProcessExited, this.describeExit(exit), {
      exitCode: exit.code,
      signal: exit.signal,
      stderrTail: this.stderrTail,
    });
    this.connection?.stop(error);
    await this.endLeftoverGroup();
    if (exit.code !== 0 || exit.signal !== null) this.onerror?.(error);
    this.finish();
  }

  private async stopProcess(): Promise<void> {
    this.state = 'closing';
    // Messages sent just before close (e.g. a last notification) still reach the server.
    this.connection?.stopReading();
    await this.connection?.flush(CLOSE_FLUSH_TIMEOUT_MS);
    this.connection?.stop();
    const child = this.child!;
    child.stdin?.end();
    const timeouts = this.options;
    if (!(await this.waitForExit(timeouts.gracefulExitTimeoutMs ?? 2000))) {
      this.signalTree('SIGTERM');
      if (!(await this.waitForExit(timeouts.terminateTimeoutMs ?? 2000))) {
        this.signalTree('SIGKILL');
        await this.waitForExit(timeouts.terminateTimeoutMs ?? 2000);
      }
    }
    await this.endLeftoverGroup();
    this.finish();
  }

  /** Ends grandchildren that outlived the server process (they share its process group). */
  private async endLeftoverGroup(): Promise<void> {
    const pid = this.child?.pid;
    if (pid === undefined || !usesProcessGroups || !isProcessGroupAlive(pid)) return;
    this.signalTree('SIGTERM');
    if (await this.pollGroupGone(pid, this.options.terminateTimeoutMs ?? 2000)) return;
    this.signalTree('SIGKILL');
    if (await this.pollGroupGone(pid, 1000)) return;
    this.onerror?.(
      new Error(`Processes of group ${pid} (started by ${this.describeCommand()}) survived SIGKILL`),
    );
  }

  private async pollGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!isProcessGroupAlive(pgid)) return true;
      await delay(GROUP_POLL_MS);
    }
    return !isProcessGroupAlive(pgid);
  }

  private signalTree(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      signalProcessTree(pid, signal, (error) => this.onerror?.(error));
    } catch (error) {
      this.onerror?.(
        new Error(`Could not send ${signal} to server process ${pid}: ${(error as Error).message}`, {
          cause: error,
        }),
      );
    }
  }

  private waitForExit(timeoutMs: number): Promise<boolean> {
    if (this.exit) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.exitWaiters.delete(wake);
        resolve(false);
      }, timeoutMs);
      this.exitWaiters.add(wake);
    });
  }

  /** Waits until stdout and stderr have ended (their last bytes read), at most `timeoutMs`. */
  private async waitForStreamEnds(timeoutMs: number): Promise<void> {
    const streams = [this.child?.stdout, this.child?.stderr].filter((stream) => stream != null);
    const ended = streams.map(
      (stream) =>
        new Promise<void>((resolve) => {
          if (stream.readableEnded || stream.destroyed) resolve();
          else stream.once('close', resolve).once('end', resolve);
        }),
    );
    await Promise.race([Promise.all(ended), delay(timeoutMs)]);
  }

  private finish(): void {
    if (this.closeReported) return;
    this.closeReported = true;
    this.state = 'closed';
    const child = this.child;
    if (child) {
      // Pipes a surviving grandchild might hold must not keep this process alive.
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
    }
    this.onclose?.();
  }

  private describeCommand(): string {
    const { command, args = [] } = this.options;
    return `'${[command, ...args].join(' ')}'`;
  }

  private describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
    const how =
      exit.signal !== null
        ? `was killed by signal ${exit.signal}`
        : `exited with code ${exit.code ?? 'unknown'}`;
    const tail = this.stderrTail.trimEnd();
    return `Server process ${this.describeCommand()} ${how} while the transport was open${
      tail ? `; last stderr output:\n${tail}` : ' (no stderr output)'
    }`;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
