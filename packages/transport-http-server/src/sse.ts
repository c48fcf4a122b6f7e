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

/**
 * One open SSE connection: a ReadableStream the handler returns as the Response body. Writes after
 * the client went away are ignored (the event store keeps them for resumption); `ondisconnect`
 * fires once when the client cancels the body or the request is aborted.
 */
export class SseConnection {
  readonly body: ReadableStream<Uint8Array>;
  ondisconnect: (() => void) | undefined;
  readonly #disconnectListeners = new Set<() => void>();
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  #open = true;

  constructor(signal?: AbortSignal) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => this.#lost(),
    });
    signal?.addEventListener('abort', () => this.#lost(), { once: true });
  }

  get open(): boolean {
    return this.#open;
  }

  write(event: SseEvent): boolean {
    if (!this.#open || !this.#controller) return false;
    this.#controller.enqueue(encoder.encode(formatSseEvent(event)));
    return true;
  }

  /** Writes an SSE comment line, which clients ignore; false once the connection is closed. */
  comment(text: string): boolean {
    if (!this.#open || !this.#controller) return false;
    this.#controller.enqueue(encoder.encode(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`));
    return true;
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

  #lost(): void {
    if (!this.#open) return;
    this.#open = false;
    try {
      this.#controller?.close();
    } catch (error) {
      // Already errored or cancelled by the consumer: closing again is impossible and harmless.
      if (!(error instanceof TypeError)) throw error;
    }
    this.ondisconnect?.();
    for (const listener of this.#disconnectListeners) listener();
  }
}
