import type { Readable, Writable } from 'node:stream';
import { decodeMessage, encodeMessage, JsonRpcError, type WireLog } from '@mcpkit/jsonrpc';
import { BatchResponses } from './batch-responses.js';
import { messageOf, StdioErrorCode, StdioTransportError } from './errors.js';
import { FrameWriter, type RawWrite } from './frame-writer.js';
import type { FrameDecoder, FrameEvent, StdioFraming } from './framing/index.js';
import { peekRequestId } from './peek-id.js';
import type { JSONRPCMessage } from './types.js';

const INVALID_REQUEST = -32600;
/** Messages of a batch delivered between two yields to the event loop. */
const BATCH_SLICE = 64;
const PARSE_ERROR = -32700;

type RequestId = Extract<JSONRPCMessage, { id: unknown }>['id'];

export interface StreamConnectionOptions {
  input: Readable;
  output: Writable;
  framing: StdioFraming;
  maxMessageBytes: number;
  /** Deepest JSON nesting accepted (undefined: the codec's default). */
  maxDepth?: number | undefined;
  /** Most messages in one batch (undefined: the codec's default). */
  maxBatchSize?: number | undefined;
  maxPendingWriteBytes: number;
  /** Writes frames; defaults to `output.write`. */
  rawWrite: RawWrite;
  /**
   * The server side: it answers unreadable messages with a JSON-RPC error response (a client only
   * reports them) and a batch of requests with one array of responses.
   */
  server: boolean;
  /** Names the other side in error messages ("client", "server process 'x'"). */
  peerName: string;
  /** Logs each message delivered and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  wireLog?: WireLog | undefined;
  /**
   * The transport whose `onframe` hook sees each received frame's text before it is decoded
   * (read per frame, so a hook set or cleared at any time counts); see `StdioClientTransport.onframe`.
   */
  transport: { readonly onframe?: ((text: string) => boolean) | undefined };
  onmessage(message: JSONRPCMessage): void;
  onerror(error: Error): void;
  /** The input ended (EOF) or failed. */
  oninputend(error?: Error): void;
  /** The output failed (e.g. EPIPE: the reader went away). */
  onoutputerror(error: Error): void;
}

/**
 * One framed JSON-RPC channel over a readable and a writable stream: decoding, error answers,
 * backpressure. The stdio transports add process handling around it.
 */
export class StreamConnection {
  readonly #writer: FrameWriter;
  readonly #decoder: FrameDecoder;
  /**
   * Made when the first batch arrives on a side that answers batches as batches: until then no
   * message is held, so single messages skip it altogether.
   */
  #batches: BatchResponses | undefined;
  #stopped = false;
  #readingStopped = false;
  /** Frames that arrived while a batch is being delivered; they follow it. */
  #queued: FrameEvent[] | undefined;

  readonly #options: StreamConnectionOptions;

  constructor(options: StreamConnectionOptions) {
    this.#options = options;
    this.#writer = new FrameWriter(options.output, options.rawWrite, options.maxPendingWriteBytes);
    this.#decoder = options.framing.createDecoder(options.maxMessageBytes, (event) => this.#onFrame(event));
  }

  start(): void {
    const { input, output } = this.#options;
    input.on('data', this.#onData).on('end', this.#onEnd).on('error', this.#onInputError);
    output.on('error', this.#onOutputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#stopped) return Promise.reject(closedError());
    if (this.#options.wireLog !== undefined) this.#options.wireLog('out', message);
    return this.#batches?.hold(message) ?? this.#write(message);
  }

  /**
   * Sends one message that is already JSON text, through the same writer as `send` (so order and
   * backpressure are shared). Held batch answers and wire logs need the message itself: while a
   * batch was ever received (server side) or `MCPKIT_DEBUG=wire` is on, the text is parsed and sent
   * as `send` would.
   */
  sendText(text: string): Promise<void> {
    return this.#batches || this.#options.wireLog ? this.#write(text, true) : this.#write(text);
  }

  /** Writes `payload`: a message, a batch, or the JSON text of one (parsed first with `parse`). */
  #write(payload: JSONRPCMessage | JSONRPCMessage[] | string, parse?: boolean): Promise<void> {
    if (this.#stopped) return Promise.reject(closedError());
    try {
      if (parse) return this.send(JSON.parse(payload as string));
      const text = typeof payload === 'string' ? payload : encodeMessage(payload);
      return this.#writer.write(this.#options.framing.encodeText(text));
    } catch (error) {
      return Promise.reject(error); // not JSON (encodeMessage says why): the caller's promise fails
    }
  }

  /** Resolves once what was sent so far is written (or failed), or after `timeoutMs`. */
  flush(timeoutMs: number): Promise<void> {
    return this.#writer.whenIdle(timeoutMs);
  }

  /** Stops delivering input (while sends may still finish). */
  stopReading(): void {
    if (this.#readingStopped) return;
    this.#readingStopped = true;
    const { input } = this.#options;
    input.off('data', this.#onData);
    input.off('end', this.#onEnd);
    // The error listeners stay: a late EPIPE/ECONNRESET must not crash the process once we stopped.
    if (input.listenerCount('data') === 0) input.pause();
  }

  /** Detaches from both streams and fails unconfirmed writes with `reason`. */
  stop(reason: Error = closedError()): void {
    if (this.#stopped) return;
    this.stopReading();
    this.#stopped = true;
    this.#batches?.clear(reason);
    this.#writer.close(reason);
  }

  // Arrow functions: they are stream listeners, added and removed by identity.
  readonly #onData = (chunk: Buffer | string): void => {
    this.#writer.inputArrived();
    this.#decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };

  readonly #onEnd = (): void => {
    this.#decoder.end();
    if (!this.#stopped) this.#options.oninputend();
  };

  // Once stopped, the channel is already down and its closing was reported once (e.g. EPIPE after
  // the process exited).
  readonly #onInputError = (error: Error): void => {
    if (!this.#stopped)
      this.#options.oninputend(this.#streamError(StdioErrorCode.NotConnected, 'Reading from', error));
  };

  readonly #onOutputError = (error: Error): void => {
    if (!this.#stopped)
      this.#options.onoutputerror(this.#streamError(StdioErrorCode.WriteFailed, 'Writing to', error));
  };

  #streamError(code: StdioErrorCode, action: string, error: Error): StdioTransportError {
    return new StdioTransportError(code, `${action} the ${this.#options.peerName} failed: ${error.message}`, {
      cause: error,
    });
  }

  #onFrame(event: FrameEvent): void {
    if (this.#readingStopped) return;
    if (this.#queued) return void this.#queued.push(event);
    switch (event.kind) {
      case 'frame':
        // The transport's onframe hook may take the frame (then it is neither decoded nor
        // delivered, nor wire-logged); one that throws is reported and the frame goes on as usual.
        try {
          if (this.#options.transport.onframe?.(event.text) === true) return;
        } catch (error) {
          this.#options.onerror(new Error(`The onframe hook threw: ${messageOf(error)}`, { cause: error }));
        }
        this.#onText(event.text);
        return;
      case 'oversized': {
        // Answer with the request's id when its first bytes show it, so the caller fails at once.
        // The head may end inside a multi-byte character: toString replaces it, as peekRequestId allows.
        const id = peekRequestId(Buffer.from(event.head).toString());
        const error = new StdioTransportError(
          StdioErrorCode.MessageTooLarge,
          `A message from the ${this.#options.peerName}${id === null ? '' : ` (id ${JSON.stringify(id)})`} is larger than the limit of ${event.limit} bytes (maxMessageBytes; ${event.seenBytes} bytes seen); it was skipped`,
        );
        this.#reject(error, INVALID_REQUEST, id);
        return;
      }
      case 'malformed':
        this.#reject(
          new StdioTransportError(
            StdioErrorCode.FramingError,
            `Unreadable input from the ${this.#options.peerName}: ${event.reason}`,
          ),
          PARSE_ERROR,
        );
        return;
    }
  }

  #onText(text: string): void {
    let decoded: JSONRPCMessage | JSONRPCMessage[];
    try {
      // The options carry maxDepth and maxBatchSize: no limits object made per message.
      decoded = decodeMessage(text, this.#options);
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error;
      this.#options.onerror(error);
      if (this.#options.server && error.response) this.#answer(error.response);
      return;
    }
    if (!Array.isArray(decoded)) {
      this.#deliver(decoded);
      return;
    }
    // A batch (2025-03-26) is delivered as its messages, in order; on the server side their
    // responses are gathered into one array (see BatchResponses).
    if (this.#options.server) {
      this.#batches ??= new BatchResponses((responses) => this.#write(responses));
      this.#batches.track(decoded);
    }
    void this.#deliverBatch(decoded);
  }

  /**
   * Delivers a batch a slice at a time, yielding to the event loop in between so a long batch
   * cannot stall everything else in the process. Input waits meanwhile (paused, later frames
   * queued), so messages keep their order.
   */
  async #deliverBatch(messages: JSONRPCMessage[]): Promise<void> {
    const queued: FrameEvent[] = [];
    this.#queued = queued;
    this.#options.input.pause();
    // Closing stops reading: the rest of the batch is dropped (nothing could answer it).
    for (let index = 0; index < messages.length && !this.#readingStopped; index++) {
      if (index > 0 && index % BATCH_SLICE === 0) await new Promise(setImmediate);
      this.#deliver(messages[index]!);
    }
    this.#queued = undefined;
    // Frames that waited go through onFrame again, in order: should one of them be a batch, it
    // takes over and the frames after it wait in its queue (onFrame puts them there).
    for (const frame of queued) this.#onFrame(frame);
    if (!this.#queued && !this.#readingStopped) this.#options.input.resume();
  }

  #deliver(message: JSONRPCMessage): void {
    if (this.#readingStopped) return;
    this.#batches?.observe(message);
    if (this.#options.wireLog !== undefined) this.#options.wireLog('in', message);
    try {
      this.#options.onmessage(message);
    } catch (error) {
      // A throwing handler must not tear down the read loop (and with it the process).
      this.#options.onerror(
        new Error(`The onmessage handler threw: ${messageOf(error)}`, {
          cause: error,
        }),
      );
    }
  }

  /** Reports a message that never became JSON and, on the server side, answers it. */
  #reject(error: StdioTransportError, code: number, id: RequestId | null = null): void {
    this.#options.onerror(error);
    if (this.#options.server) {
      this.#answer({ jsonrpc: '2.0', id, error: { code, message: error.message } });
    }
  }

  #answer(response: JSONRPCMessage): void {
    this.send(response).catch((error: unknown) =>
      this.#options.onerror(
        new StdioTransportError(
          StdioErrorCode.WriteFailed,
          `Could not send the error response for an invalid message: ${messageOf(error)}`,
          { cause: error },
        ),
      ),
    );
  }
}

/** What sending on a closed stdio transport fails with. */
export function closedError(): StdioTransportError {
  return new StdioTransportError(
    StdioErrorCode.NotConnected,
    'The stdio transport is closed; the message was not sent',
  );
}
