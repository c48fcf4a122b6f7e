import { ChunkBuffer } from './chunk-buffer.js';
import { type FrameDecoder, type FrameListener, OVERSIZED_HEAD_BYTES } from './types.js';
import { decodeUtf8 } from './utf8.js';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Newline-delimited JSON: one message per line, `\n` or `\r\n`. Works on bytes so that a chunk
 * boundary inside a multi-byte UTF-8 character is harmless; only complete lines are decoded.
 * A line longer than `maxLineBytes` is reported once and the rest of it is dropped as it
 * arrives, so an endless line costs no memory.
 */
export class NewlineDecoder implements FrameDecoder {
  readonly #pending = new ChunkBuffer();
  /** Bytes of the oversized line seen so far; `undefined` when not skipping. */
  #skipped: number | undefined;

  readonly #maxLineBytes: number;
  readonly #listener: FrameListener;

  constructor(maxLineBytes: number, listener: FrameListener) {
    this.#maxLineBytes = maxLineBytes;
    this.#listener = listener;
  }

  get bufferedBytes(): number {
    return this.#pending.byteLength;
  }

  push(chunk: Uint8Array): void {
    if (this.#pending.byteLength === 0 && this.#skipped === undefined && this.#pushWholeLine(chunk)) return;
    let start = 0;
    while (start < chunk.byteLength) {
      const newline = chunk.indexOf(LF, start);
      const end = newline < 0 ? chunk.byteLength : newline;
      if (this.#skipped !== undefined) {
        this.#skipped += end - start;
        if (newline >= 0) this.#skipped = undefined;
      } else if (this.#pending.byteLength + (end - start) > this.#maxLineBytes + 1) {
        // +1 leaves room for the CR of a CRLF line whose content is exactly at the limit.
        this.#skip(this.#pending.byteLength + (end - start), newline >= 0, chunk.subarray(start, end));
      } else if (newline < 0) {
        this.#pending.append(chunk.subarray(start, end));
      } else {
        this.#emitLine(this.#pending.take(chunk.subarray(start, end)));
      }
      if (newline < 0) return;
      start = newline + 1;
    }
  }

  /**
   * A chunk that is exactly one line (the other side writes a message per write, so most chunks
   * are) is decoded straight from the chunk, without the views and copies of the general path.
   * False for anything else (several lines, a partial line, CRLF, a blank start, too long, not
   * UTF-8), which the general path handles.
   */
  #pushWholeLine(chunk: Uint8Array): boolean {
    const last = chunk.byteLength - 1;
    if (last < 1 || last > this.#maxLineBytes || chunk[last] !== LF || chunk[last - 1] === CR) return false;
    if (isBlankByte(chunk[0]!) || chunk.indexOf(LF) !== last) return false;
    const text = decodeUtf8(chunk, last);
    if (text === undefined) return false;
    this.#listener({ kind: 'frame', text });
    return true;
  }

  end(): void {
    this.#skipped = undefined;
    if (this.#pending.byteLength > 0) this.#emitLine(this.#pending.take());
  }

  #skip(seenBytes: number, lineEnded: boolean, segment: Uint8Array): void {
    const head = this.#pending.head(OVERSIZED_HEAD_BYTES, segment);
    this.#pending.clear();
    this.#skipped = lineEnded ? undefined : seenBytes;
    this.#listener({ kind: 'oversized', limit: this.#maxLineBytes, seenBytes, head });
  }

  #emitLine(line: Uint8Array): void {
    let length = line.byteLength;
    if (length > 0 && line[length - 1] === CR) length--;
    if (length > this.#maxLineBytes) {
      const head = Buffer.from(line.subarray(0, Math.min(length, OVERSIZED_HEAD_BYTES)));
      this.#listener({ kind: 'oversized', limit: this.#maxLineBytes, seenBytes: length, head });
      return;
    }
    const bytes = line.subarray(0, length);
    if (isBlank(bytes)) return;
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      this.#listener({ kind: 'malformed', reason: `a line of ${length} bytes is not valid UTF-8` });
      return;
    }
    this.#listener({ kind: 'frame', text });
  }
}

function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (!isBlankByte(byte)) return false;
  }
  return true;
}

function isBlankByte(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === CR;
}
