import { ChunkBuffer } from './chunk-buffer.js';
import { type FrameDecoder, type FrameListener, OVERSIZED_HEAD_BYTES } from './types.js';
import { decodeUtf8 } from './utf8.js';

const LF = 0x0a;
const CR = 0x0d;
/** A character other than space, tab and CR: a line with one is for the codec to judge. */
const NOT_BLANK = /[^\t\r ]/;

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
    let start = this.#pending.byteLength === 0 && this.#skipped === undefined ? this.#pushLines(chunk) : 0;
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
   * The complete lines of a chunk that starts a line, decoded as one text and split there: the
   * other side writes whole messages, so most chunks are one line or several (a pipelining
   * peer's) and end with a newline, and one decode for all of them beats a view, a check and a
   * decode per line. Returns where the rest begins; declines (returns 0) when a line could be over
   * the limit or the lines are not UTF-8, which the byte-wise path then reports line by line.
   */
  #pushLines(chunk: Uint8Array): number {
    const length = chunk.byteLength;
    const end = chunk[length - 1] === LF ? length : chunk.lastIndexOf(LF) + 1;
    if (end === 0 || end > this.#maxLineBytes + 1) return 0;
    const text = decodeUtf8(chunk, end);
    if (text === undefined) return 0;
    // The text ends with the chunk's last newline: the loop stops there, without a search past it.
    for (let from = 0; from < text.length; ) {
      const to = text.indexOf('\n', from);
      this.#emitText(text.slice(from, to));
      from = to + 1;
    }
    return end;
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
    const length = line.byteLength - (line[line.byteLength - 1] === CR ? 1 : 0);
    // The line was taken from the buffer, so #skip reports its head alone.
    if (length > this.#maxLineBytes) {
      this.#skip(length, true, line.subarray(0, length));
      return;
    }
    const text = decodeUtf8(line);
    if (text === undefined) {
      this.#listener({ kind: 'malformed', reason: `a line of ${length} bytes is not valid UTF-8` });
    } else {
      this.#emitText(text);
    }
  }

  /** A line without its newline: reported without a final CR, unless blank. */
  #emitText(text: string): void {
    const line = text.charCodeAt(text.length - 1) === CR ? text.slice(0, -1) : text;
    // Messages start with '{'; the pattern judges the rest (blank lines are skipped, garbage answered).
    if (line.charCodeAt(0) === 0x7b || NOT_BLANK.test(line)) this.#listener({ kind: 'frame', text: line });
  }
}
