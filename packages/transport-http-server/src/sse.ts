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
  /** Told why the connection was cut when the bound was hit. */
  onoverflow?: (error: Error) => void;
}

/**
 * One open SSE connection: a ReadableStream the handler returns as the Response body. Writes after
 * the client went away are ignored (the event store keeps them for resumption); `ondisconnect`
 * fires once when the client cancels the body, the request is aborted, or the client stopped reading
 * and the buffer bound was hit.
 */
export class SseConnection {
  readonly body: ReadableStream<Uint8Array>;
  ondisconnect: (() => void) | undefined;
  readonly #disconnectListeners = new Set<() => void>();
  readonly #maxBufferedBytes: number;
  readonly #onoverflow: ((error: Error) => void) | undefined;
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  #open = true;

  constructor(signal?: AbortSignal, options: SseConnectionOptions = {}) {
    this.#maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_SSE_BUFFER_BYTES;
    this.#onoverflow = options.onoverflow;
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        cancel: () => this.#lost(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: this.#maxBufferedBytes }),
    );
    signal?.addEventListener('abort', () => this.#lost(), { once: true });
  }

  get open(): boolean {
    return this.#open;
  }

  /** Bytes written but not yet taken by the reader (the HTTP layer waits for the client to read). */
  get bufferedBytes(): number {
    const desired = this.#controller?.desiredSize;
    return desired === null || desired === undefined ? 0 : Math.max(0, this.#maxBufferedBytes - desired);
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

  /** Ends the HTTP response (the server's side of a disconnect). */
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#controller?.close();
  }

  response(headers: Record<string, string> = {}): Response {
    return new Response(this.body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
  }

  #enqueue(text: string): boolean {
    if (!this.#open || !this.#controller) return false;
    const bytes = encoder.encode(text);
    const buffered = this.bufferedBytes;
    // One event larger than the bound still goes out to a reader that keeps up: only a queue that
    // already holds unread data and would pass the bound means the client stopped reading.
    if (buffered > 0 && buffered + bytes.byteLength > this.#maxBufferedBytes) {
      this.#overflow(buffered, bytes.byteLength);
      return false;
    }
    this.#controller.enqueue(bytes);
    return true;
  }

  #overflow(buffered: number, incoming: number): void {
    const error = new Error(
      `SSE client is not reading: ${buffered} bytes are waiting and ${incoming} more would pass the limit (maxSseBufferBytes = ${this.#maxBufferedBytes}); the connection was cut; the event store keeps its recent events for Last-Event-ID resumption`,
    );
    this.#open = false;
    // error() drops the queued chunks at once, which close() would keep until the client read them.
    this.#controller?.error(error);
    this.#onoverflow?.(error);
    this.#notifyDisconnect();
  }

  #lost(): void {
    if (!this.#open) return;
    this.#open = false;
    try {
      this.#controller?.close();
    } catch (error) {
      // Already errored or cancelled by the consumer: closing again is impossible and harmless.
      if (!(error instanceof TypeError)) throw error;
    }
    this.#notifyDisconnect();
  }

  #notifyDisconnect(): void {
    this.ondisconnect?.();
    for (const listener of this.#disconnectListeners) listener();
  }
}
