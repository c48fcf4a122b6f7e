import { ChunkBuffer } from './chunk-buffer.js';
import { type FrameDecoder, type FrameListener, OVERSIZED_HEAD_BYTES } from './types.js';
import { decodeUtf8 } from './utf8.js';

const LF = 0x0a;
const CR = 0x0d;
const OPEN_BRACE = 0x7b;

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
    // A partial line from earlier chunks ends at this chunk's first newline.
    const start =
      this.#pending.byteLength > 0 || this.#skipped !== undefined ? this.#pushBytes(chunk, 0, true) : 0;
    if (start < chunk.byteLength) this.#pushBytes(chunk, this.#pushLines(chunk, start), false);
  }

  /**
   * The complete lines from `start` to the chunk's last newline, decoded as one text and split
   * there: the other side writes whole messages, so most chunks are one line or several (a
   * pipelining peer's), and one UTF-8 check and decode for all of them beats a view, a check and
   * a decode per line. Returns where the rest begins; declines (returns `start`) when a line
   * could be over the limit or the span is not UTF-8, which the general path reports line by line.
   */
  #pushLines(chunk: Uint8Array, start: number): number {
    const last = chunk.byteLength - 1;
    const end = chunk[last] === LF ? last : chunk.lastIndexOf(LF);
    if (end < start || end - start > this.#maxLineBytes) return start;
    const text = decodeUtf8(chunk, start, end);
    if (text === undefined) return start;
    let from = 0;
    while (from < text.length) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const lineEnd = text.charCodeAt(to - 1) === CR ? to - 1 : to;
      // Lines start with '{' but for blank ones (skipped) and garbage (the codec answers it).
      if (lineEnd > from && (text.charCodeAt(from) === OPEN_BRACE || !isBlankText(text, from, lineEnd))) {
        const line = from === 0 && lineEnd === text.length ? text : text.slice(from, lineEnd);
        this.#listener({ kind: 'frame', text: line });
      }
      from = to + 1;
    }
    return end + 1;
  }

  /** The byte-wise path from `start`: through the first line only when `firstLineOnly`. */
  #pushBytes(chunk: Uint8Array, start: number, firstLineOnly: boolean): number {
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
      if (newline < 0) return chunk.byteLength;
      start = newline + 1;
      if (firstLineOnly) return start;
    }
    return start;
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

/** Whether `text` from `start` to `end` holds only spaces, tabs and CRs (nothing to parse). */
function isBlankText(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    if (!isBlankByte(text.charCodeAt(index))) return false;
  }
  return true;
}

function isBlankByte(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === CR;
}
