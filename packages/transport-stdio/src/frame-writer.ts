import type { Writable } from 'node:stream';
import { StdioErrorCode, StdioTransportError } from './errors.js';
import { Fifo } from './fifo.js';

/** Default bound on bytes accepted by `send` but not yet taken by the reader: 64 MiB. */
export const DEFAULT_MAX_PENDING_WRITE_BYTES = 64 * 1024 * 1024;

/** Writes one frame; returns the stream's `write()` verdict (false: wait for 'drain'). */
export type RawWrite = (bytes: Uint8Array, done: (error?: Error | null) => void) => boolean;

interface QueuedWrite {
  bytes: Uint8Array;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Writes frames in order, honouring backpressure: once `write()` returns false, later frames
 * wait in a queue until 'drain'. The queue is bounded in bytes, so a peer that stops reading
 * makes `send` fail with a clear error instead of growing memory without limit.
 *
 * Frames sent in one turn of the event loop (say, the answers to a chunk of pipelined requests,
 * resolved in microtasks) are handed to the stream together, corked, once the microtask queue
 * is empty: one `writev` system call for all of them instead of one `write` each. A lone frame
 * waits for nothing but the current microtasks, so latency does not change.
 */
export class FrameWriter {
  private readonly queue = new Fifo<QueuedWrite>();
  /** Handed to the stream, waiting for its callback. */
  private readonly inFlight = new Set<QueuedWrite>();
  /** Bytes accepted but not yet confirmed written by the stream's callback. */
  private pendingBytes = 0;
  private waitingForDrain = false;
  private flushScheduled = false;
  private readonly idleWaiters = new Set<() => void>();
  private closedWith: Error | undefined;

  constructor(
    private readonly stream: Writable,
    private readonly rawWrite: RawWrite,
    private readonly maxPendingBytes: number = DEFAULT_MAX_PENDING_WRITE_BYTES,
  ) {
    this.onDrain = this.onDrain.bind(this);
    this.flush = this.flush.bind(this);
  }

  get pendingWriteBytes(): number {
    return this.pendingBytes;
  }

  write(bytes: Uint8Array): Promise<void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    // A lone frame is always accepted, so a message larger than the bound can still be sent.
    if (this.pendingBytes > 0 && this.pendingBytes + bytes.byteLength > this.maxPendingBytes) {
      return Promise.reject(
        new StdioTransportError(
          StdioErrorCode.WriteQueueFull,
          `Cannot send a message of ${bytes.byteLength} bytes: ${this.pendingBytes} bytes are already waiting for the reader (limit maxPendingWriteBytes = ${this.maxPendingBytes}); the other side is not reading its input`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.pendingBytes += bytes.byteLength;
      this.queue.push({ bytes, resolve, reject });
      if (!this.flushScheduled && !this.waitingForDrain) {
        this.flushScheduled = true;
        // A tick queued from a microtask runs once the microtask queue is drained.
        process.nextTick(this.flush);
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.waitingForDrain || this.closedWith || this.queue.length === 0) return;
    if (this.queue.length === 1) {
      this.pump();
      return;
    }
    this.stream.cork();
    try {
      this.pump();
    } finally {
      this.stream.uncork();
    }
  }

  /** Resolves once every accepted frame was confirmed written (or failed), or after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.idleWaiters.add(wake);
    });
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.inFlight.size === 0;
  }

  private settled(): void {
    if (!this.isIdle()) return;
    for (const wake of [...this.idleWaiters]) wake();
  }

  /**
   * Fails every unconfirmed frame with `reason` and refuses further writes. Frames already
   * handed to the stream may still reach the reader; their promises fail anyway, because a
   * stalled or destroyed stream may never call back and a promise must not hang.
   */
  close(reason: Error): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.stream.off('drain', this.onDrain);
    for (const item of [...this.inFlight, ...this.queue.drain()]) {
      this.pendingBytes -= item.bytes.byteLength;
      item.reject(reason);
    }
    this.inFlight.clear();
    this.settled();
  }

  private pump(): void {
    while (!this.waitingForDrain && !this.closedWith && this.queue.length > 0) {
      const item = this.queue.shift()!;
      this.inFlight.add(item);
      let accepted: boolean;
      try {
        accepted = this.writeOne(item);
      } catch (error) {
        this.inFlight.delete(item);
        this.pendingBytes -= item.bytes.byteLength;
        item.reject(writeFailed(error));
        this.settled();
        continue;
      }
      if (!accepted) {
        this.waitingForDrain = true;
        this.stream.once('drain', this.onDrain);
      }
    }
  }

  private writeOne(item: QueuedWrite): boolean {
    return this.rawWrite(item.bytes, (error) => {
      if (!this.inFlight.delete(item)) return; // already failed by close()
      this.pendingBytes -= item.bytes.byteLength;
      if (error) item.reject(writeFailed(error));
      else item.resolve();
      this.settled();
    });
  }

  private onDrain(): void {
    this.waitingForDrain = false;
    this.pump();
  }
}

function writeFailed(error: unknown): StdioTransportError {
  const reason = error instanceof Error ? error.message : String(error);
  return new StdioTransportError(StdioErrorCode.WriteFailed, `Writing a message failed: ${reason}`, {
    cause: error,
  });
}
