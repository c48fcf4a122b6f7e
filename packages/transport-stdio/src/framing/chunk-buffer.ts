/**
 * Bytes of an incomplete frame, kept as the received chunks and joined once when the frame
 * completes, so a frame split over many chunks costs one copy.
 */
export class ChunkBuffer {
  private chunks: Uint8Array[] = [];
  private length = 0;

  get byteLength(): number {
    return this.length;
  }

  append(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    this.chunks.push(bytes);
    this.length += bytes.byteLength;
  }

  /** Returns all bytes (plus `tail`) as one array and empties the buffer. */
  take(tail?: Uint8Array): Uint8Array {
    if (tail && tail.byteLength > 0) this.append(tail);
    const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.clear();
    return joined;
  }

  clear(): void {
    this.chunks = [];
    this.length = 0;
  }
}
