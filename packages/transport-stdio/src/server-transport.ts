import type { Readable, Writable } from 'node:stream';
import { type Transport, wireLogFromEnvironment } from '@mcpkit/jsonrpc';
import { StdioErrorCode, StdioTransportError } from './errors.js';
import { DEFAULT_MAX_PENDING_WRITE_BYTES } from './frame-writer.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type StdioFraming } from './framing/index.js';
import { checkFraming, checkPositiveInteger, type StdioFramingOptions } from './options.js';
import { directWrite, installStdoutGuard, type StdoutGuard } from './stdout-guard.js';
import { closedError, StreamConnection } from './stream-connection.js';
import type { JSONRPCMessage } from './types.js';

/** How long close() lets already-sent messages finish writing. */
const CLOSE_FLUSH_TIMEOUT_MS = 1000;

export interface StdioServerTransportOptions extends StdioFramingOptions {
  /** Where messages come from. Default `process.stdin`. */
  stdin?: Readable;
  /** Where messages go. Default `process.stdout`. */
  stdout?: Writable;
  /**
   * While the transport runs, send everything else written to `process.stdout` (console.log,
   * libraries that print) to `process.stderr`, so it cannot corrupt the protocol stream.
   * Default: true when `stdout` is `process.stdout`. Restored on close.
   */
  guardStdout?: boolean;
  /**
   * Most messages in one JSON-RPC batch (2025-03-26); a longer batch is refused whole with one
   * -32600 answer naming both numbers, before any of it runs. Default 1 000 (`DEFAULT_MAX_BATCH_SIZE`).
   */
  maxBatchSize?: number;
  /**
   * End the output stream on close, so the reader sees end-of-file. Default: true for an
   * injected stream, false for `process.stdout` (which the process owns).
   */
  endOutputOnClose?: boolean;
}

/**
 * The server side of stdio: reads messages from stdin, writes them to stdout. Closes (firing
 * `onclose`) when stdin ends. Unreadable input is answered with a JSON-RPC error response
 * (-32700 not JSON, -32600 not JSON-RPC or too large) and reported to `onerror`; the
 * connection goes on.
 */
export class StdioServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /**
   * Sees the text of each frame the client sends before it is decoded (a relay's fast path):
   * returning `true` takes the frame, which is then neither parsed nor delivered to `onmessage`
   * (nor logged by `MCPKIT_DEBUG=wire`, nor answered when it is not valid JSON-RPC: the hook owns
   * it); returning `false` lets it go on as usual. Frames still pass the framing and
   * `maxMessageBytes` first, and frames that follow a batch reach it after the batch is delivered.
   * Unset (the default), it costs one check per frame. It may be set or cleared at any time, before
   * or after `start()`. A hook that throws is reported to `onerror` and the frame goes on as usual.
   * The same hook as `StdioClientTransport.onframe`.
   */
  onframe?: ((text: string) => boolean) | undefined;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  private readonly options: StdioServerTransportOptions;
  readonly #framing: StdioFraming;
  #connection: StreamConnection | undefined;
  #guard: StdoutGuard | undefined;
  #state: 'new' | 'open' | 'closed' = 'new';

  constructor(options: StdioServerTransportOptions = {}) {
    this.options = options;
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#framing = checkFraming(options.framing);
    for (const name of ['maxMessageBytes', 'maxDepth', 'maxBatchSize', 'maxPendingWriteBytes'] as const) {
      checkPositiveInteger(options[name], name, 1);
    }
  }

  async start(): Promise<void> {
    if (this.#state !== 'new') {
      throw new StdioTransportError(
        StdioErrorCode.NotConnected,
        `StdioServerTransport.start() was called on a transport that is already ${this.#state === 'open' ? 'started' : 'closed'}`,
      );
    }
    this.#state = 'open';
    const options = this.options;
    const guarded = options.guardStdout ?? this.#stdout === process.stdout;
    this.#guard = guarded ? installStdoutGuard(this.#stdout, process.stderr) : undefined;
    this.#connection = new StreamConnection({
      input: this.#stdin,
      output: this.#stdout,
      framing: this.#framing,
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      maxDepth: options.maxDepth,
      maxBatchSize: options.maxBatchSize,
      maxPendingWriteBytes: options.maxPendingWriteBytes ?? DEFAULT_MAX_PENDING_WRITE_BYTES,
      rawWrite: this.#guard?.rawWrite ?? directWrite(this.#stdout),
      server: true,
      peerName: 'client',
      wireLog: wireLogFromEnvironment('stdio-server'),
      transport: this,
      onmessage: (message) => this.onmessage?.(message),
      onerror: (error) => this.onerror?.(error),
      oninputend: (error) => {
        if (error) this.onerror?.(error);
        void this.close();
      },
      onoutputerror: (error) => {
        this.onerror?.(error);
        void this.close();
      },
    });
    this.#connection.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#open()?.send(message) ?? this.#notOpen();
  }

  /**
   * Sends one message that is already JSON-RPC text (one message, not a batch), unparsed: for
   * relays that forward a message as they received it. The caller vouches for the text (with
   * newline framing it must hold no line break, which `JSON.stringify` never writes); it goes
   * through the same writer as `send`, in order with it and under the same backpressure.
   */
  sendText(text: string): Promise<void> {
    return this.#open()?.sendText(text) ?? this.#notOpen();
  }

  #open(): StreamConnection | undefined {
    return this.#state === 'open' ? this.#connection : undefined;
  }

  #notOpen(): Promise<never> {
    return Promise.reject(
      this.#state === 'new'
        ? new StdioTransportError(
            StdioErrorCode.NotConnected,
            'Cannot send before StdioServerTransport.start()',
          )
        : closedError(),
    );
  }

  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    const wasOpen = this.#state === 'open';
    this.#state = 'closed';
    // Messages sent just before close (a last response or notification) still go out.
    if (wasOpen) {
      this.#connection?.stopReading();
      await this.#connection?.flush(CLOSE_FLUSH_TIMEOUT_MS);
    }
    this.#connection?.stop();
    this.#guard?.restore();
    this.#guard = undefined;
    const endOutput = this.options.endOutputOnClose ?? this.#stdout !== process.stdout;
    if (wasOpen && endOutput) this.#stdout.end();
    this.onclose?.();
  }
}
