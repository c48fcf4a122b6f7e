import { type Transport, wireLogFromEnvironment } from '@mcpkit/jsonrpc';
import { StdioErrorCode, StdioTransportError } from './errors.js';
import { DEFAULT_MAX_PENDING_WRITE_BYTES } from './frame-writer.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type StdioFraming } from './framing/index.js';
import { checkFraming, checkPositiveInteger, type StdioFramingOptions } from './options.js';
import { type ProcessExit, ServerProcess, type ServerProcessOptions } from './server-process.js';
import { directWrite } from './stdout-guard.js';
import { StreamConnection } from './stream-connection.js';
import type { JSONRPCMessage } from './types.js';

export interface StdioClientTransportOptions extends StdioFramingOptions, ServerProcessOptions {}

/** How long stdout may stay open after the process exited, for its last messages to arrive. */
const DRAIN_AFTER_EXIT_MS = 250;
/** How long the process may live on after closing its stdout before we shut it down. */
const EXIT_AFTER_STDOUT_END_MS = 200;
/** How long close() lets already-sent messages finish writing. */
const CLOSE_FLUSH_TIMEOUT_MS = 1000;

type State = 'new' | 'starting' | 'open' | 'closing' | 'closed';

/**
 * The client side of stdio: spawns the server as a child process and talks to it over its
 * stdin/stdout. The child leads its own process group, and `close()` ends the whole tree:
 * close stdin, then SIGTERM, then SIGKILL, each after a timeout. If the server dies on its
 * own, `onerror` receives a `PROCESS_EXITED` error with the tail of its stderr, then `onclose` fires
 * with that error as its reason (also after a clean exit), so pending requests fail naming the cause.
 */
export class StdioClientTransport implements Transport {
  /** The spec lets a legacy stdio server ignore `server/discover` (see `Transport`). */
  readonly legacyPeersMayStaySilent = true;
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;

  private readonly options: StdioClientTransportOptions;
  private readonly framing: StdioFraming;
  private server: ServerProcess | undefined;
  private connection: StreamConnection | undefined;
  private state: State = 'new';
  private starting: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private closeReported = false;
  /** Why the transport closed when the server went away on its own (given to `onclose`). */
  private closeReason: Error | undefined;

  constructor(options: StdioClientTransportOptions) {
    if (typeof options?.command !== 'string' || options.command === '') {
      throw new TypeError(
        `StdioClientTransport needs a command to run, got ${JSON.stringify(options?.command)}`,
      );
    }
    this.framing = checkFraming(options.framing);
    for (const name of [
      'maxMessageBytes',
      'maxDepth',
      'maxPendingWriteBytes',
      'gracefulExitTimeoutMs',
      'terminateTimeoutMs',
      'stderrTailLength',
    ] as const) {
      checkPositiveInteger(options[name], name, 1);
    }
    this.options = options;
  }

  /** The server's process id once started. */
  get pid(): number | undefined {
    return this.server?.pid;
  }

  /** The server's exit code once it exited (`null` when a signal ended it); undefined while it runs. */
  get exitCode(): number | null | undefined {
    return this.server?.exit?.code;
  }

  /** The signal that ended the server, once it exited; undefined while it runs. */
  get exitSignal(): NodeJS.Signals | null | undefined {
    return this.server?.exit?.signal;
  }

  /** The last characters the server wrote to stderr (with `stderr: 'pipe'`). */
  get stderrTail(): string {
    return this.server?.stderrTail ?? '';
  }

  /**
   * Sees the text of each frame the server sends before it is decoded (a relay's fast path):
   * returning `true` takes the frame, which is then neither parsed nor delivered to `onmessage`
   * (nor logged by `MCPKIT_DEBUG=wire`); returning `false` lets it go on as usual. Frames still pass
   * the framing and `maxMessageBytes` first. Unset (the default), it costs one check per frame. It
   * may be set or cleared at any time, before or after `start()`. A hook that throws is reported
   * to `onerror` and the frame goes on as usual.
   */
  onframe?: ((text: string) => boolean) | undefined;

  /** Spawns the server. Calling it again returns the same promise. */
  start(): Promise<void> {
    this.starting ??= this.launch();
    return this.starting;
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.open()?.send(message) ?? this.notOpen();
  }

  /**
   * Sends one message that is already JSON-RPC text (one message, not a batch), unparsed: for
   * relays that forward a message as they received it. The caller vouches for the text (with
   * newline framing it must hold no line break, which `JSON.stringify` never writes); it goes
   * through the same writer as `send`, in order with it and under the same backpressure.
   */
  sendText(text: string): Promise<void> {
    return this.open()?.sendText(text) ?? this.notOpen();
  }

  private open(): StreamConnection | undefined {
    return this.state === 'open' ? this.connection : undefined;
  }

  private notOpen(): Promise<never> {
    return Promise.reject(
      new StdioTransportError(
        StdioErrorCode.NotConnected,
        this.state === 'new' || this.state === 'starting'
          ? 'Cannot send before StdioClientTransport.start() has finished'
          : `The stdio client transport is ${this.state}; the message was not sent`,
      ),
    );
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

  private async launch(): Promise<void> {
    if (this.state !== 'new') {
      throw new StdioTransportError(
        StdioErrorCode.NotConnected,
        `StdioClientTransport.start() was called on a transport that is ${this.state}`,
      );
    }
    this.state = 'starting';
    try {
      this.server = await ServerProcess.spawn(this.options, {
        onerror: (error) => this.onerror?.(error),
        onexit: (exit) => this.onExit(exit),
      });
    } catch (error) {
      this.state = 'closed';
      throw error;
    }
    this.connection = this.connect(this.server);
    this.connection.start();
    this.state = 'open';
  }

  private connect(server: ServerProcess): StreamConnection {
    const { options } = this;
    return new StreamConnection({
      input: server.child.stdout!,
      output: server.child.stdin!,
      framing: this.framing,
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      maxDepth: options.maxDepth,
      maxPendingWriteBytes: options.maxPendingWriteBytes ?? DEFAULT_MAX_PENDING_WRITE_BYTES,
      rawWrite: directWrite(server.child.stdin!),
      server: false,
      peerName: `server process ${server.description}`,
      wireLog: wireLogFromEnvironment('stdio-client'),
      transport: this,
      onmessage: (message) => this.onmessage?.(message),
      onerror: (error) => this.onerror?.(error),
      oninputend: (error) => {
        if (error) this.onerror?.(error);
        this.onStdoutEnd();
      },
      onoutputerror: (error) => {
        // EPIPE usually means the process is exiting; its exit reports the cause with stderr.
        if (server.exit === undefined) this.onerror?.(error);
      },
    });
  }

  private async shutDown(): Promise<void> {
    if (this.state === 'starting') {
      // Let start() settle first; its failure was already reported to its caller.
      await this.starting?.then(undefined, () => undefined);
    }
    const server = this.server;
    if (server && server.exit === undefined) {
      this.state = 'closing';
      // Messages sent just before close (e.g. a last notification) still reach the server.
      this.connection?.stopReading();
      await this.connection?.flush(CLOSE_FLUSH_TIMEOUT_MS);
      this.connection?.stop();
      await server.stop();
    } else {
      this.connection?.stop();
      await server?.endLeftoverGroup();
    }
    this.finish();
  }

  private onStdoutEnd(): void {
    if (this.state !== 'open') return;
    // The exit usually follows at once; give it a moment so a crash is reported as a crash.
    setTimeout(() => {
      if (this.state !== 'open' || this.server?.exit) return;
      this.closeReason = new StdioTransportError(
        StdioErrorCode.ProcessExited,
        `Server process ${this.server?.description} closed its stdout but kept running; shutting it down`,
        { stderrTail: this.stderrTail },
      );
      this.onerror?.(this.closeReason);
      void this.close();
    }, EXIT_AFTER_STDOUT_END_MS);
  }

  private onExit(exit: ProcessExit): void {
    if (this.state === 'open') this.closing = this.afterUnexpectedExit(exit);
  }

  private async afterUnexpectedExit(exit: ProcessExit): Promise<void> {
    this.state = 'closing';
    const server = this.server!;
    await server.waitForOutputEnd(DRAIN_AFTER_EXIT_MS);
    const how =
      exit.signal !== null ? `was killed by signal ${exit.signal}` : `exited with code ${exit.code}`;
    const tail = server.stderrTail.trimEnd();
    const error = new StdioTransportError(
      StdioErrorCode.ProcessExited,
      `Server process ${server.description} ${how} while the transport was open${
        tail ? `; last stderr output:\n${tail}` : ' (no stderr output)'
      }`,
      { exitCode: exit.code, signal: exit.signal, stderrTail: server.stderrTail },
    );
    this.connection?.stop(error);
    await server.endLeftoverGroup();
    // A clean exit (code 0) is the server ending the session, not a failure, but still the reason
    // why requests it left unanswered failed.
    if (exit.code !== 0 || exit.signal !== null) this.onerror?.(error);
    this.closeReason = error;
    this.finish();
  }

  private finish(): void {
    if (this.closeReported) return;
    this.closeReported = true;
    this.state = 'closed';
    this.server?.releaseStreams();
    this.onclose?.(this.closeReason);
  }
}
