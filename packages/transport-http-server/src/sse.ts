import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { AbortSource, Reply, SseSink, SseSource } from './exchange.js';
import type { BudgetedConnection, SseBufferBudget } from './sse-budget.js';

/** One Server-Sent Event. `data` may be empty (a priming event only carries an id). */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  /** Milliseconds the client waits before reconnecting (SEP-1699). */
  retry?: number;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Ask reverse proxies (nginx) not to buffer the stream.
  'x-accel-buffering': 'no',
} as const;

/** Formats one Server-Sent Event as text, with `id`, `event`, `retry` and `data` lines. */
export function formatSseEvent(event: SseEvent): string {
  let text = '';
  if (event.id !== undefined) text += `id: ${singleLine(event.id)}\n`;
  if (event.event !== undefined) text += `event: ${singleLine(event.event)}\n`;
  if (event.retry !== undefined) text += `retry: ${Math.max(0, Math.floor(event.retry))}\n`;
  // A data value with newlines must be split into several data lines; JSON from JSON.stringify has none.
  // Without data (a bare `retry:` hint) the client updates its delay and dispatches nothing.
  if (event.data !== undefined) for (const line of event.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

function singleLine(value: string): string {
  return value.replace(/[\r\n]/g, '');
}

const encoder = new TextEncoder();

/** Default bound on the bytes of SSE events held for one client that does not read. */
export const DEFAULT_MAX_SSE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface SseConnectionOptions {
  /**
   * Most bytes of events held for a client that does not read them (default 4 MiB). Past it the
   * connection is cut, freeing what it held: the events stay in the event store, so the client may
   * resume with Last-Event-ID once it reads again.
   */
  maxBufferedBytes?: number;
  /** Told why the connection was cut when a bound was hit. */
  onoverflow?: (error: Error) => void;
  /** The bound shared by every connection of one handler (`maxSseBufferTotalBytes`). */
  budget?: SseBufferBudget;
}

/**
 * One open SSE connection. Events go straight to the adapter's sink while it takes them; once it
 * pushes back (a client that does not read), they wait in a queue of our own, so the bytes a
 * client has not taken are known exactly and bounded, also after the server closed the stream
 * (they still drain to a reader that catches up). Events written before the adapter attached its
 * sink wait the same way. Writes after the client went away are ignored (the event store keeps
 * them for resumption); `ondisconnect` fires once when the client goes away or the client stopped
 * reading and a buffer bound was hit.
 */
export class SseConnection implements BudgetedConnection, SseSource {
  ondisconnect: (() => void) | undefined;
  #disconnectListeners: Array<() => void> | undefined;
  readonly #maxBufferedBytes: number;
  readonly #onoverflow: ((error: Error) => void) | undefined;
  readonly #budget: SseBufferBudget | undefined;
  #sink: SseSink | undefined;
  /** Whether the sink takes a chunk now. */
  #writable = false;
  #queue: Uint8Array[] = [];
  #queuedBytes = 0;
  /** Whether writes are accepted (false once closed by either side). */
  #open = true;
  /** Whether the response ended (closed after draining, lost or cut); `#cutBy` says if it was cut. */
  #ended = false;
  #cutBy: Error | undefined;
  #body: ReadableStream<Uint8Array> | undefined;

  constructor(abort?: AbortSource, options: SseConnectionOptions = {}) {
    this.#maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_SSE_BUFFER_BYTES;
    this.#onoverflow = options.onoverflow;
    this.#budget = options.budget;
    abort?.onAbort(() => this.lost());
  }

  get open(): boolean {
    return this.#open;
  }

  /** Bytes written but not yet taken by the client's side (the HTTP layer waits for it to read). */
  get bufferedBytes(): number {
    return this.#queuedBytes;
  }

  /** A Web stream of this connection's bytes, for a `Response` body (one chunk handed per read). */
  get body(): ReadableStream<Uint8Array> {
    this.#body ??= webSseBody(this);
    return this.#body;
  }

  write(event: SseEvent): boolean {
    return this.#enqueue(formatSseEvent(event));
  }

  /** Writes an SSE comment line, which clients ignore; false once the connection is closed. */
  comment(text: string): boolean {
    return this.#enqueue(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
  }

  /** Another party to tell when the client goes away; `ondisconnect` belongs to the stream writing here. */
  addDisconnectListener(listener: () => void): void {
    this.#disconnectListeners ??= [];
    this.#disconnectListeners.push(listener);
  }

  /** The adapter connects the response: what waits in the queue goes out now. */
  attach(sink: SseSink): void {
    this.#sink = sink;
    if (this.#cutBy) sink.destroy(this.#cutBy);
    else if (this.#ended && this.#queuedBytes === 0) sink.end();
    else this.ready();
  }

  /** The sink takes chunks again (a Web read, a node 'drain'). */
  ready(): void {
    const sink = this.#sink;
    if (!sink) return;
    this.#writable = true;
    while (this.#writable && this.#queue.length > 0) {
      const chunk = this.#queue.shift()!;
      this.#queuedBytes -= chunk.byteLength;
      this.#budget?.release(this, chunk.byteLength);
      this.#writable = sink.write(chunk);
    }
    if (!this.#open && this.#queuedBytes === 0) this.#end();
  }

  /** The client went away (the request aborted, the body was cancelled, the socket closed). */
  lost(): void {
    const wasOpen = this.#open;
    this.#open = false;
    this.#drop();
    this.#ended = true;
    if (wasOpen) this.#notifyDisconnect();
  }

  /** Ends the HTTP response (the server's side of a disconnect) once the client took what is queued. */
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    if (this.#queuedBytes === 0) this.#end();
  }

  /** Cuts the connection at once, dropping what it held (a buffer bound was hit); `error` says why. */
  cut(error: Error): void {
    if (this.#ended) return;
    const wasOpen = this.#open;
    this.#open = false;
    this.#ended = true;
    this.#cutBy = error;
    this.#drop();
    this.#sink?.destroy(error);
    this.#onoverflow?.(error);
    if (wasOpen) this.#notifyDisconnect();
  }

  #enqueue(text: string): boolean {
    if (!this.#open) return false;
    if (this.#writable && this.#queue.length === 0) {
      // The client keeps up: the chunk goes straight out and is never buffered here.
      this.#writable = this.#sink!.write(text);
      return true;
    }
    const bytes = encoder.encode(text);
    const buffered = this.#queuedBytes;
    // One event larger than the bound still goes out to a reader that keeps up: only a queue that
    // already holds unread data and would pass the bound means the client stopped reading.
    if (buffered > 0 && buffered + bytes.byteLength > this.#maxBufferedBytes) {
      this.cut(
        new Error(
          `SSE client is not reading: ${buffered} bytes are waiting and ${bytes.byteLength} more would pass the limit (maxSseBufferBytes = ${this.#maxBufferedBytes}); the connection was cut; the event store keeps its recent events for Last-Event-ID resumption`,
        ),
      );
      return false;
    }
    if (this.#budget && !this.#budget.reserve(this, bytes.byteLength)) return false;
    this.#queue.push(bytes);
    this.#queuedBytes += bytes.byteLength;
    return true;
  }

  #drop(): void {
    const held = this.#queuedBytes;
    this.#queue = [];
    this.#queuedBytes = 0;
    if (held > 0) this.#budget?.release(this, held);
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#sink?.end();
  }

  #notifyDisconnect(): void {
    this.ondisconnect?.();
    for (const listener of this.#disconnectListeners ?? []) listener();
  }
}

/** Writes one JSON-RPC message as a `message` event, with its stored id when it has one. */
export function writeMessage(
  connection: SseConnection,
  id: string | undefined,
  message: JSONRPCMessage,
): void {
  connection.write({ ...(id === undefined ? {} : { id }), event: 'message', data: JSON.stringify(message) });
}

/** The 200 reply carrying `connection` as its SSE body. */
export function sseReply(connection: SseConnection, headers: Record<string, string> = {}): Reply {
  return { status: 200, headers: { ...SSE_HEADERS, ...headers }, stream: connection };
}

/**
 * The Web side of a connection: a ReadableStream that hands over one chunk per read (nothing
 * waits in the stream's own queue), so a reader that stops reading leaves the bytes in the
 * connection's queue, where the bounds see them.
 */
function webSseBody(connection: SseConnection): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let wake: (() => void) | undefined;
  let done = false;
  let attached = false;
  const wakeReader = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const sink: SseSink = {
    write(chunk) {
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      wakeReader();
      return false;
    },
    end() {
      done = true;
      controller.close();
      wakeReader();
    },
    destroy(error) {
      done = true;
      controller.error(error);
      wakeReader();
    },
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (done) return undefined;
        const pending = new Promise<void>((resolve) => {
          wake = resolve;
        });
        if (attached) {
          connection.ready();
        } else {
          attached = true;
          connection.attach(sink);
        }
        return pending;
      },
      cancel: () => connection.lost(),
    },
    { highWaterMark: 0 },
  );
}
