import type { AbortSource } from './exchange.js';
import { SseConnection, type SseConnectionOptions } from './sse.js';

/**
 * Writes an SSE comment on every open stream at a fixed interval so proxies and load balancers do
 * not cut idle streams. One timer for the whole handler, running only while a stream is open, and
 * unref'd where the runtime allows, so it never keeps a process alive.
 */
export class KeepAlive {
  readonly #intervalMs: number;
  readonly #connectionOptions: SseConnectionOptions;
  readonly #connections = new Set<SseConnection>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(intervalMs: number, connectionOptions: SseConnectionOptions = {}) {
    this.#intervalMs = intervalMs;
    this.#connectionOptions = connectionOptions;
  }

  /** Opens an SSE connection that receives keep-alive comments while it is open. */
  open(abort?: AbortSource): SseConnection {
    const connection = new SseConnection(abort, this.#connectionOptions);
    if (this.#intervalMs <= 0) return connection;
    this.#connections.add(connection);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#tick(), this.#intervalMs);
      (this.#timer as { unref?: () => void }).unref?.();
    }
    return connection;
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#connections.clear();
  }

  #tick(): void {
    for (const connection of this.#connections) {
      if (!connection.comment('keep-alive')) this.#connections.delete(connection);
    }
    if (this.#connections.size === 0) this.stop();
  }
}
