import { ChunkBuffer } from './chunk-buffer.js';
import { type FrameDecoder, type FrameListener, OVERSIZED_HEAD_BYTES } from './types.js';
import { decodeUtf8 } from './utf8.js';

const LF = 0x0a;
/** A header block longer than this is not a header block. */
const MAX_HEADER_BYTES = 8 * 1024;

type State =
  | { kind: 'headers'; contentLength: number | undefined; headerBytes: number; broken: boolean }
  | { kind: 'body'; remaining: number }
  /** An oversized body: its first bytes are kept for the report, the rest dropped as they arrive. */
  | { kind: 'skip-body'; remaining: number; length: number; head: ChunkBuffer; reported: boolean }
  | { kind: 'skip-header-line' };

/**
 * LSP-style framing: `Content-Length: N` (other headers ignored), a blank line, then exactly N
 * bytes of UTF-8 JSON. Header lines may end in `\r\n` or `\n`. A body over the limit is reported
 * and skipped as it arrives; a broken header block is reported and dropped up to its blank line.
 */
export class ContentLengthDecoder implements FrameDecoder {
  private readonly pending = new ChunkBuffer();
  private state: State = freshHeaders();

  constructor(
    private readonly maxBodyBytes: number,
    private readonly listener: FrameListener,
  ) {}

  get bufferedBytes(): number {
    return this.pending.byteLength;
  }

  push(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.byteLength) {
      offset = this.consume(chunk, offset);
    }
  }

  end(): void {
    const state = this.state;
    if (state.kind === 'skip-body' && !state.reported) {
      const head = state.head.head(OVERSIZED_HEAD_BYTES);
      this.listener({ kind: 'oversized', limit: this.maxBodyBytes, seenBytes: state.length, head });
    }
    if (state.kind === 'body') {
      this.listener({
        kind: 'malformed',
        reason: `the stream ended ${state.remaining} bytes before the end of a Content-Length body`,
      });
    }
    this.pending.clear();
    this.state = freshHeaders();
  }

  /** Consumes bytes from `offset` for the current state; returns the offset of the first unconsumed byte. */
  private consume(chunk: Uint8Array, offset: number): number {
    const state = this.state;
    switch (state.kind) {
      case 'body': {
        const take = Math.min(state.remaining, chunk.byteLength - offset);
        state.remaining -= take;
        if (state.remaining > 0) {
          this.pending.append(chunk.subarray(offset, offset + take));
        } else {
          this.emitBody(this.pending.take(chunk.subarray(offset, offset + take)));
          this.state = freshHeaders();
        }
        return offset + take;
      }
      case 'skip-body': {
        const take = Math.min(state.remaining, chunk.byteLength - offset);
        if (!state.reported) {
          const wanted = Math.min(take, OVERSIZED_HEAD_BYTES - state.head.byteLength);
          state.head.append(chunk.subarray(offset, offset + wanted));
          if (state.head.byteLength >= OVERSIZED_HEAD_BYTES || take === state.remaining) {
            state.reported = true;
            this.listener({
              kind: 'oversized',
              limit: this.maxBodyBytes,
              seenBytes: state.length,
              head: state.head.head(OVERSIZED_HEAD_BYTES),
            });
            state.head.clear();
          }
        }
        state.remaining -= take;
        if (state.remaining === 0) this.state = freshHeaders();
        return offset + take;
      }
      case 'skip-header-line': {
        const newline = chunk.indexOf(LF, offset);
        if (newline < 0) return chunk.byteLength;
        this.state = freshHeaders();
        return newline + 1;
      }
      case 'headers':
        return this.consumeHeaderLine(state, chunk, offset);
    }
  }

  private consumeHeaderLine(
    state: Extract<State, { kind: 'headers' }>,
    chunk: Uint8Array,
    offset: number,
  ): number {
    const newline = chunk.indexOf(LF, offset);
    const end = newline < 0 ? chunk.byteLength : newline;
    state.headerBytes += end - offset + (newline < 0 ? 0 : 1);
    if (state.headerBytes > MAX_HEADER_BYTES) {
      this.pending.clear();
      this.state = newline < 0 ? { kind: 'skip-header-line' } : freshHeaders();
      this.listener({
        kind: 'malformed',
        reason: `a header block grew past ${MAX_HEADER_BYTES} bytes without a blank line; expected "Content-Length: N" then a blank line`,
      });
      return newline < 0 ? chunk.byteLength : newline + 1;
    }
    if (newline < 0) {
      this.pending.append(chunk.subarray(offset));
      return chunk.byteLength;
    }
    this.headerLine(state, this.pending.take(chunk.subarray(offset, end)));
    return newline + 1;
  }

  private headerLine(state: Extract<State, { kind: 'headers' }>, bytes: Uint8Array): void {
    const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .replace(/\r$/, '');
    if (line.trim() !== '') {
      this.headerField(state, line);
      return;
    }
    // A blank line before any header is a stray separator (e.g. a trailing newline after a body).
    if (state.headerBytes <= 2 && state.contentLength === undefined) {
      this.state = freshHeaders();
      return;
    }
    if (state.broken) {
      this.state = freshHeaders(); // already reported
    } else if (state.contentLength === undefined) {
      this.state = freshHeaders();
      this.listener({
        kind: 'malformed',
        reason: 'a header block ended without a Content-Length header; expected "Content-Length: N"',
      });
    } else if (state.contentLength > this.maxBodyBytes) {
      this.state = {
        kind: 'skip-body',
        remaining: state.contentLength,
        length: state.contentLength,
        head: new ChunkBuffer(),
        reported: false,
      };
    } else if (state.contentLength === 0) {
      this.state = freshHeaders();
      this.listener({
        kind: 'malformed',
        reason: 'Content-Length is 0; expected a JSON body of at least 1 byte',
      });
    } else {
      this.state = { kind: 'body', remaining: state.contentLength };
    }
  }

  private headerField(state: Extract<State, { kind: 'headers' }>, line: string): void {
    // Searched anywhere in the line so that framing resynchronises after garbage without a newline.
    const match = /(?:^|[^A-Za-z0-9-])content-length\s*:(.*)$/i.exec(line);
    if (match === null) return; // Content-Type and unknown headers carry nothing we need.
    const value = match[1]!.trim();
    if (!/^\d{1,15}$/.test(value)) {
      state.broken = true;
      this.listener({
        kind: 'malformed',
        reason: `Content-Length header has value ${JSON.stringify(value.slice(0, 40))}; expected a non-negative integer`,
      });
      return;
    }
    state.contentLength = Number(value);
  }

  private emitBody(bytes: Uint8Array): void {
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      this.listener({ kind: 'malformed', reason: `a body of ${bytes.byteLength} bytes is not valid UTF-8` });
      return;
    }
    this.listener({ kind: 'frame', text });
  }
}

function freshHeaders(): State {
  return { kind: 'headers', contentLength: undefined, headerBytes: 0, broken: false };
}
