/** One parsed SSE event. */
export interface SseEvent {
  id?: string;
  data: string;
}

/** Reads SSE events one at a time from a fetch response. */
export class SseEvents {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(response: Response) {
    if (!response.body) throw new Error(`response ${response.status} has no body`);
    this.#reader = response.body.getReader();
  }

  async next(): Promise<SseEvent> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) event.id = line.slice(3).trim();
          else if (line.startsWith('data:')) event.data += line.slice(5).trim();
        }
        // Keep-alive comments carry neither.
        if (event.id !== undefined || event.data !== '') return event;
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) throw new Error('the SSE stream ended');
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}
