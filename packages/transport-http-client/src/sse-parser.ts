/** One Server-Sent Event, as dispatched by the HTML event-stream interpretation rules. */
export interface SseEvent {
  /** The `event` field, `message` when absent. */
  event: string;
  /** The `data` lines joined by `\n`. */
  data: string;
  /** The last event id seen on the stream so far (the `id` field persists across events). */
  id?: string;
  /** The `retry` field of this event, in milliseconds, when it carried a valid one. */
  retry?: number;
}

/** What the parser reports while it reads a stream. */
export interface SseParserCallbacks {
  /** A complete event with data (events whose data is empty are not dispatched, per the SSE standard). */
  onEvent(event: SseEvent): void;
  /** A new last-event-id, including from events with empty data such as MCP priming events. */
  onId?(id: string): void;
  /** A `retry` field: the reconnection delay the server asks for. */
  onRetry?(milliseconds: number): void;
}

/**
 * An incremental SSE parser. Feed it decoded text in chunks split anywhere (even inside a CRLF);
 * it dispatches events as soon as their terminating blank line arrives.
 */
export class SseParser {
  #buffer = '';
  /** A chunk ended in CR: if the next starts with LF, that LF belongs to the same line break. */
  #pendingCarriageReturn = false;
  #dataLines: string[] = [];
  #eventType = '';
  /** The standard's "last event ID buffer": set by an id field, committed when its event completes. */
  #idBuffer: string | undefined;
  #lastEventId: string | undefined;
  #eventRetry: number | undefined;
  #sawField = false;

  readonly #callbacks: SseParserCallbacks;

  constructor(callbacks: SseParserCallbacks) {
    this.#callbacks = callbacks;
  }

  /** The id that a reconnection should send as `Last-Event-ID`. */
  get lastId(): string | undefined {
    return this.#lastEventId;
  }

  /** Parses the next chunk of the stream; complete events go to the listener. */
  feed(text: string): void {
    let chunk = text;
    if (this.#pendingCarriageReturn) {
      this.#pendingCarriageReturn = false;
      if (chunk.startsWith('\n')) chunk = chunk.slice(1);
    }
    this.#buffer += chunk;
    let start = 0;
    for (let index = 0; index < this.#buffer.length; index++) {
      const char = this.#buffer.charCodeAt(index);
      if (char !== 10 && char !== 13) continue;
      this.#processLine(this.#buffer.slice(start, index));
      if (char === 13) {
        if (index + 1 === this.#buffer.length) this.#pendingCarriageReturn = true;
        else if (this.#buffer.charCodeAt(index + 1) === 10) index++;
      }
      start = index + 1;
    }
    this.#buffer = this.#buffer.slice(start);
  }

  /**
   * The stream ended. An unterminated line and an event without its blank line are discarded, as
   * the standard says, and so is its id: resuming after an event the client never saw would lose it.
   * A retry field already read still counts.
   */
  end(): void {
    this.#buffer = '';
    this.#pendingCarriageReturn = false;
    this.#idBuffer = this.#lastEventId;
    this.#resetEvent();
  }

  #processLine(line: string): void {
    if (line === '') {
      this.#dispatch();
      return;
    }
    if (line.startsWith(':')) return; // comment, e.g. a keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.#sawField = true;
    switch (field) {
      case 'data':
        this.#dataLines.push(value);
        break;
      case 'event':
        this.#eventType = value;
        break;
      case 'id':
        // An id containing NUL is ignored by the standard.
        if (!value.includes('\u0000')) this.#idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) {
          this.#eventRetry = Number(value);
          this.#callbacks.onRetry?.(this.#eventRetry);
        }
        break;
      default:
        break; // unknown fields are ignored by the standard
    }
  }

  #dispatch(): void {
    if (!this.#sawField) return;
    if (this.#idBuffer !== undefined && this.#idBuffer !== this.#lastEventId) {
      this.#lastEventId = this.#idBuffer;
      this.#callbacks.onId?.(this.#idBuffer);
    }
    const dataLines = this.#dataLines;
    const event: SseEvent = { event: this.#eventType || 'message', data: dataLines.join('\n') };
    if (this.#lastEventId !== undefined) event.id = this.#lastEventId;
    if (this.#eventRetry !== undefined) event.retry = this.#eventRetry;
    this.#resetEvent();
    if (dataLines.length === 0 || event.data === '') return;
    this.#callbacks.onEvent(event);
  }

  #resetEvent(): void {
    this.#dataLines = [];
    this.#eventType = '';
    this.#eventRetry = undefined;
    this.#sawField = false;
  }
}

/**
 * Decodes a byte stream as UTF-8 (multi-byte characters may be split across chunks) and feeds it to
 * a parser. Resolves when the stream ends; rejects when reading fails.
 */
export async function parseSseBytes(
  chunks: AsyncIterable<Uint8Array>,
  parser: SseParser,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  // The decoder strips a leading byte order mark, as the SSE standard asks.
  for await (const chunk of chunks) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (shouldStop()) return;
  }
  parser.feed(decoder.decode());
  parser.end();
}
