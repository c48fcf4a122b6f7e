/** Default bound on the SSE bytes all clients of one handler have not read yet. */
export const DEFAULT_MAX_SSE_BUFFER_TOTAL_BYTES = 64 * 1024 * 1024;

/** What the budget needs from a connection. */
export interface BudgetedConnection {
  /** Bytes queued for a reader that has not taken them yet. */
  readonly bufferedBytes: number;
  /** Drops what it holds and ends the connection; `error` says why. */
  cut(error: Error): void;
}

/**
 * One bound on the SSE bytes waiting for slow readers across every connection of a handler, on top
 * of each connection's own bound: without it, each of thousands of stalled readers could hold
 * `maxSseBufferBytes`. When a write would pass it, the connections holding the most are cut first,
 * until the write fits. A reader that keeps up (nothing queued) is never cut, so one large event
 * to an attentive client still goes out.
 */
export class SseBufferBudget {
  readonly limit: number;
  readonly #backlogged = new Set<BudgetedConnection>();
  #total = 0;

  constructor(limit = DEFAULT_MAX_SSE_BUFFER_TOTAL_BYTES) {
    this.limit = limit;
  }

  /** Bytes queued for readers across the handler. */
  get totalBytes(): number {
    return this.#total;
  }

  /**
   * Makes room for `incoming` bytes about to be queued on `connection`, cutting the largest
   * backlogs if needed; false when `connection` itself was the one cut.
   */
  reserve(connection: BudgetedConnection, incoming: number): boolean {
    while (this.#total + incoming > this.limit) {
      const largest = this.#largest(connection, incoming);
      if (!largest) break;
      const held = largest.bufferedBytes;
      largest.cut(
        new Error(
          `SSE clients that are not reading hold ${this.#total} bytes in this handler and ${incoming} more would pass the limit (maxSseBufferTotalBytes = ${this.limit}); the connection holding the most (${held} bytes) was cut; the event store keeps its recent events for Last-Event-ID resumption`,
        ),
      );
      // cut() released what it held; make sure it is forgotten even if it held nothing.
      this.#backlogged.delete(largest);
      if (largest === connection) return false;
    }
    this.#total += incoming;
    this.#backlogged.add(connection);
    return true;
  }

  /** `bytes` left `connection`'s queue: read by the client or dropped. */
  release(connection: BudgetedConnection, bytes: number): void {
    this.#total -= bytes;
    if (connection.bufferedBytes === 0) this.#backlogged.delete(connection);
  }

  #largest(writer: BudgetedConnection, incoming: number): BudgetedConnection | undefined {
    let largest: BudgetedConnection | undefined;
    let largestBytes = 0;
    for (const connection of this.#backlogged) {
      const bytes = connection.bufferedBytes + (connection === writer ? incoming : 0);
      if (bytes > largestBytes) {
        largest = connection;
        largestBytes = bytes;
      }
    }
    return largest;
  }
}
