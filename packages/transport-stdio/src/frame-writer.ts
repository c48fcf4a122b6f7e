import type { Writable } from 'node:stream';
import { ALREADY_SENT } from '@mcpkit/jsonrpc';
import { messageOf, StdioErrorCode, StdioTransportError } from './errors.js';
import { Fifo } from './fifo.js';

/** Default bound on bytes accepted by `send` but not yet taken by the reader: 64 MiB. */
export const DEFAULT_MAX_PENDING_WRITE_BYTES = 64 * 1024 * 1024;

/** Frames given to one stream write at most, joined: bigger frames go alone, uncopied. */
const JOIN_LIMIT_BYTES = 64 * 1024;

/**
 * Queued frames that are written at once instead of at the end of the turn. Pipelined calls
 * resolve many sends in one turn; holding all of them for one write leaves the reader (on the other
 * CPU) idle until the last one is ready, so both sides take turns instead of working in parallel.
 * Handing over every 32 frames keeps the reader busy at the cost of a few more system calls.
 */
const EAGER_WRITE_FRAMES = 32;

/** A frame: text (written as UTF-8) or bytes. */
export type Frame = string | Uint8Array;

/**
 * Writes one chunk to the stream, with `done` as its callback when given; returns the stream's
 * `write()` verdict (false: wait for 'drain').
 */
export type RawWrite = (chunk: Frame, done?: (error?: Error | null) => void) => boolean;

interface QueuedWrite {
  frame: Frame;
  byteLength: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * What `write` returns for a frame the stream took whole at once: nothing left to wait for (the
 * peer knows this promise and does not watch it).
 */
const WRITTEN = ALREADY_SENT;

/**
 * Writes frames in order, honouring backpressure: once `write()` returns false, later frames
 * wait in a queue until 'drain'. The queue is bounded in bytes, so a peer that stops reading
 * makes `send` fail with a clear error instead of growing memory without limit.
 *
 * A frame sent while nothing is queued or unconfirmed goes to the stream at once (see
 * `#writeNow`). Frames sent behind it in the same turn of the event loop (say, the answers to a chunk of pipelined
 * requests, resolved in microtasks) go to the stream together once the microtask queue is empty:
 * text frames joined into one string (one write system call, one callback, no Buffer per frame),
 * byte frames corked into one `writev`; a long run of frames goes out every EAGER_WRITE_FRAMES
 * frames. Once a turn sent more than one frame, the first frame of the next turns waits with the
 * others too (a pipelining peer gets one write per turn), until a turn sends a lone frame.
 */
export class FrameWriter {
  readonly #queue = new Fifo<QueuedWrite>();
  /**
   * Groups of frames handed to the stream, waiting for its callback. A stream calls back in write
   * order, so a queue (no per-write Set entry or callback closure) matches callbacks to groups.
   */
  readonly #inFlight = new Fifo<QueuedWrite[]>();
  /** Bytes accepted but not yet confirmed written by the stream's callback. */
  #pendingBytes = 0;
  #waitingForDrain = false;
  #flushScheduled = false;
  /**
   * A frame went to the stream at once in this turn. Another frame in the same turn means the
   * other side pipelines: `#batching` then holds every frame to the end of its turn, one write for
   * all of them, until a turn sends a lone frame again. A write that finishes at once leaves no
   * callback to mark the turn's end, so the turn ends when the other side's input next arrives
   * (`inputArrived`) or when the frames queued behind it are flushed at the end of the turn.
   */
  #sentAtOnce = false;
  #batching = false;
  /** A frame of this turn was queued behind one written at once: the turn sent several. */
  #queuedBehindDirect = false;
  /** Callers of `whenIdle` still waiting (a timed-out one stays until the writer is idle). */
  readonly #idleWaiters: Array<() => void> = [];
  #closedWith: Error | undefined;

  readonly #stream: Writable;
  readonly #rawWrite: RawWrite;
  readonly #maxPendingBytes: number;

  constructor(
    stream: Writable,
    rawWrite: RawWrite,
    maxPendingBytes: number = DEFAULT_MAX_PENDING_WRITE_BYTES,
  ) {
    this.#stream = stream;
    this.#rawWrite = rawWrite;
    this.#maxPendingBytes = maxPendingBytes;
  }

  get pendingWriteBytes(): number {
    return this.#pendingBytes;
  }

  /**
   * The other side's input arrived: a new turn begins, and its first frame may go to the stream
   * at once even if the last turn's did (a sequential peer: one answer per request).
   */
  inputArrived(): void {
    this.#sentAtOnce = false;
  }

  write(frame: Frame): Promise<void> {
    if (this.#closedWith) return Promise.reject(this.#closedWith);
    if (
      !this.#batching &&
      !this.#sentAtOnce &&
      this.#queue.length === 0 &&
      this.#inFlight.length === 0 &&
      !this.#waitingForDrain
    ) {
      return this.#writeNow(frame);
    }
    const byteLength = byteLengthOf(frame);
    // A lone frame is always accepted, so a message larger than the bound can still be sent.
    if (this.#pendingBytes > 0 && this.#pendingBytes + byteLength > this.#maxPendingBytes) {
      return Promise.reject(
        new StdioTransportError(
          StdioErrorCode.WriteQueueFull,
          `Cannot send a message of ${byteLength} bytes: ${this.#pendingBytes} bytes wait for a reader not reading its input (maxPendingWriteBytes = ${this.#maxPendingBytes})`,
        ),
      );
    }
    if (this.#sentAtOnce) {
      this.#batching = true;
      this.#queuedBehindDirect = true;
    }
    return this.#enqueue(frame, byteLength, false);
  }

  /** Queues a frame; `now` writes it at once (the queue was empty), else at the end of the turn. */
  #enqueue(frame: Frame, byteLength: number, now: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#pendingBytes += byteLength;
      this.#queue.push({ frame, byteLength, resolve, reject });
      if (now || this.#queue.length >= EAGER_WRITE_FRAMES) this.#writeQueued();
      else if (!this.#waitingForDrain && !this.#flushScheduled) {
        this.#flushScheduled = true;
        // A tick queued from a microtask runs once the microtask queue is drained.
        process.nextTick(this.#flush);
      }
    });
  }

  /**
   * Nothing queued or unconfirmed: the frame goes to the stream at once (a lone answer waits for no
   * tick), without a callback. A stream calls a write's callback a tick later even when it took the
   * chunk at once, and that tick (the stream's, then ours) came on every message of a sequential
   * peer; a write without one schedules nothing. A stream that took the frame whole (a pipe or file
   * written synchronously: nothing left buffered, no error) has written it, so the caller gets a
   * settled promise and none is made. Otherwise an empty frame with our callback follows it: the
   * stream calls back in order, so that callback says when the frame was written (or how it
   * failed), as for queued frames, and the frame counts toward the bound until then. A stream
   * that is no longer writable gets the frame itself with the callback, which reports why.
   */
  #writeNow(frame: Frame): Promise<void> {
    const stream = this.#stream;
    this.#sentAtOnce = true;
    if (!stream.writable) return this.#enqueue(frame, byteLengthOf(frame), true);
    try {
      this.#rawWrite(frame);
    } catch (error) {
      return Promise.reject(writeFailed(error));
    }
    if (stream.errored) return Promise.reject(writeFailed(stream.errored));
    return stream.writableLength === 0 ? WRITTEN : this.#enqueue('', byteLengthOf(frame), true);
  }

  /** Resolves once every accepted frame was confirmed written (or failed), or after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.#idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #isIdle(): boolean {
    return this.#queue.length === 0 && this.#inFlight.length === 0;
  }

  #settled(): void {
    if (this.#idleWaiters.length > 0 && this.#isIdle())
      for (const wake of this.#idleWaiters.splice(0)) wake();
  }

  /**
   * Fails every unconfirmed frame with `reason` and refuses further writes. Frames already
   * handed to the stream may still reach the reader; their promises fail anyway, because a
   * stalled or destroyed stream may never call back and a promise must not hang.
   */
  close(reason: Error): void {
    if (this.#closedWith) return;
    this.#closedWith = reason;
    this.#stream.off('drain', this.#onDrain);
    // A fresh queue: callbacks still to come for the old groups find nothing to settle.
    for (const item of [...this.#inFlight.drain().flat(), ...this.#queue.drain()]) {
      this.#pendingBytes -= item.byteLength;
      item.reject(reason);
    }
    this.#settled();
  }

  // Arrow functions: handed to process.nextTick and stream.once('drain').
  readonly #flush = (): void => {
    this.#flushScheduled = false;
    this.#sentAtOnce = false;
    if (this.#queue.length === 1 && !this.#queuedBehindDirect) this.#batching = false;
    this.#queuedBehindDirect = false;
    this.#writeQueued();
  };

  #writeQueued(): void {
    if (this.#waitingForDrain || this.#closedWith || this.#queue.length === 0) return;
    if (this.#queue.length === 1) {
      this.#pump();
      return;
    }
    // #pump does not throw (a raw write that throws fails its own frames), so uncork always follows.
    this.#stream.cork();
    this.#pump();
    this.#stream.uncork();
  }

  #pump(): void {
    while (!this.#waitingForDrain && !this.#closedWith && this.#queue.length > 0) {
      const group = this.#nextGroup();
      const inFlight = this.#inFlight;
      inFlight.push(group);
      let accepted: boolean;
      try {
        accepted = this.#rawWrite(chunkOf(group), this.#written);
      } catch (error) {
        // A throwing write never calls back: the group just pushed is the newest, take it back.
        inFlight.pop();
        const failure = writeFailed(error);
        for (const item of group) {
          this.#pendingBytes -= item.byteLength;
          item.reject(failure);
        }
        this.#settled();
        continue;
      }
      if (!accepted) {
        this.#waitingForDrain = true;
        this.#stream.once('drain', this.#onDrain);
      }
    }
  }

  /** The next frame, with the text frames queued right behind it while they stay small. */
  #nextGroup(): QueuedWrite[] {
    const first = this.#queue.shift()!;
    const group = [first];
    if (typeof first.frame !== 'string') return group;
    let bytes = first.byteLength;
    for (let next = this.#queue.peek(); next !== undefined; next = this.#queue.peek()) {
      if (typeof next.frame !== 'string' || bytes + next.byteLength > JOIN_LIMIT_BYTES) break;
      group.push(this.#queue.shift()!);
      bytes += next.byteLength;
    }
    return group;
  }

  // An arrow function: the one callback handed to every write.
  readonly #written = (error?: Error | null): void => {
    const group = this.#inFlight.shift();
    if (group === undefined) return; // already failed by close()
    const failure = error ? writeFailed(error) : undefined;
    for (const item of group) {
      this.#pendingBytes -= item.byteLength;
      if (failure) item.reject(failure);
      else item.resolve();
    }
    this.#settled();
  };

  readonly #onDrain = (): void => {
    this.#waitingForDrain = false;
    this.#pump();
  };
}

function byteLengthOf(frame: Frame): number {
  return typeof frame === 'string' ? Buffer.byteLength(frame) : frame.byteLength;
}

function chunkOf(group: QueuedWrite[]): Frame {
  if (group.length === 1) return group[0]!.frame;
  let text = '';
  for (const item of group) text += item.frame as string;
  return text;
}

function writeFailed(error: unknown): StdioTransportError {
  return new StdioTransportError(
    StdioErrorCode.WriteFailed,
    `Writing a message failed: ${messageOf(error)}`,
    {
      cause: error,
    },
  );
}
