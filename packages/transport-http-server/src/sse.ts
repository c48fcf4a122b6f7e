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
 * One open SSE connection: a ReadableStream the handler returns as the Response body. Events wait
 * in a queue of our own, handed to the reader one per read, so the bytes a client has not taken are
 * known exactly, also after the server closed the stream (they still drain to a reader that
 * catches up). Writes after the client went away are ignored (the event store keeps them for
 * resumption); `ondisconnect` fires once when the client cancels the body, the request is aborted,
 * or the client stopped reading and a buffer bound was hit.
 */
export class SseConnection implements BudgetedConnection {
  readonly body: ReadableStream<Uint8Array>;
  ondisconnect: (() => void) | undefined;
  readonly #disconnectListeners = new Set<() => void>();
  readonly #maxBufferedBytes: number;
  readonly #onoverflow: ((error: Error) => void) | undefined;
  readonly #budget: SseBufferBudget | undefined;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #queue: Uint8Array[] = [];
  #queuedBytes = 0;
  /** Set while the reader waits for data and none is queued: the next write goes straight to it. */
  #wake: (() => void) | undefined;
  /** Whether writes are accepted (false once closed by either side). */
  #open = true;
  /** Whether the body ended (closed after draining, cancelled or errored). */
  #ended = false;

  constructor(signal?: AbortSignal, options: SseConnectionOptions = {}) {
    this.#maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_SSE_BUFFER_BYTES;
    this.#onoverflow = options.onoverflow;
    this.#budget = options.budget;
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        pull: () => this.#pull(),
        cancel: () => this.#lost(),
      },
      // Nothing waits in the stream's own queue: a chunk is handed over only when the reader asks.
      { highWaterMark: 0 },
    );
    signal?.addEventListener('abort', () => this.#lost(), { once: true });
  }

  get open(): boolean {
    return this.#open;
  }

  /** Bytes written but not yet taken by the reader (the HTTP layer waits for the client to read). */
  get bufferedBytes(): number {
    return this.#queuedBytes;
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
    this.#disconnectListeners.add(listener);
  }

  /** Ends the HTTP response (the server's side of a disconnect) once the reader took what is queued. */
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
    this.#drop();
    this.#controller.error(error);
    this.#wakeReader();
    this.#onoverflow?.(error);
    if (wasOpen) this.#notifyDisconnect();
  }

  response(headers: Record<string, string> = {}): Response {
    return new Response(this.body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
  }

  #enqueue(text: string): boolean {
    if (!this.#open) return false;
    const bytes = encoder.encode(text);
    if (this.#wake) {
      // The reader is waiting: the chunk goes straight to it and is never buffered.
      this.#controller.enqueue(bytes);
      this.#wakeReader();
      return true;
    }
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

  #pull(): Promise<void> | undefined {
    const chunk = this.#queue.shift();
    if (chunk === undefined) {
      if (this.#ended) return undefined;
      return new Promise((resolve) => {
        this.#wake = resolve;
      });
    }
    this.#queuedBytes -= chunk.byteLength;
    this.#budget?.release(this, chunk.byteLength);
    this.#controller.enqueue(chunk);
    if (!this.#open && this.#queuedBytes === 0) this.#end();
    return undefined;
  }

  #wakeReader(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
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
    try {
      this.#controller.close();
    } catch (error) {
      // Already errored or cancelled by the consumer: closing again is impossible and harmless.
      if (!(error instanceof TypeError)) throw error;
    }
    this.#wakeReader();
  }

  #lost(): void {
    const wasOpen = this.#open;
    this.#open = false;
    this.#drop();
    this.#end();
    if (wasOpen) this.#notifyDisconnect();
  }

  #notifyDisconnect(): void {
    this.ondisconnect?.();
    for (const listener of this.#disconnectListeners) listener();
  }
}
