/**
 * Bytes of an incomplete frame, kept as the received chunks and joined once when the frame
 * completes, so a frame split over many chunks costs one copy.
 */
export class ChunkBuffer {
  #chunks: Uint8Array[] = [];
  #length = 0;

  get byteLength(): number {
    return this.#length;
  }

  append(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    this.#chunks.push(bytes);
    this.#length += bytes.byteLength;
  }

  /** Returns all bytes (plus `tail`) as one array and empties the buffer. */
  take(tail?: Uint8Array): Uint8Array {
    if (tail && tail.byteLength > 0) this.append(tail);
    const joined = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks, this.#length);
    this.clear();
    return joined;
  }

  /** A copy of the first `limit` bytes (of the buffer followed by `tail`), leaving the buffer as is. */
  head(limit: number, tail?: Uint8Array): Uint8Array {
    // Buffer.concat copies no more than the length it is given (and zero-fills past the bytes it has).
    const length = Math.min(limit, this.#length + (tail?.byteLength ?? 0));
    return Buffer.concat(tail ? [...this.#chunks, tail] : this.#chunks, length);
  }

  clear(): void {
    this.#chunks = [];
    this.#length = 0;
  }
}
