/** How messages are delimited on the byte stream. */
export type StdioFraming = 'newline' | 'content-length';

/** What a frame decoder found in the byte stream. */
export type FrameEvent =
  /** One complete frame, decoded from UTF-8 (not yet parsed as JSON). */
  | { kind: 'frame'; text: string }
  /**
   * A frame grew past the limit; its remaining bytes are skipped without buffering. `head` holds
   * its first bytes (up to `OVERSIZED_HEAD_BYTES`), e.g. to find the request id to answer.
   */
  | { kind: 'oversized'; limit: number; seenBytes: number; head: Uint8Array }
  /** Bytes that break the framing rules (or are not UTF-8); `reason` says what and where. */
  | { kind: 'malformed'; reason: string };

/** Turns chunks of bytes, split anywhere, into frames. */
export interface FrameDecoder {
  /** Feed the next chunk; complete frames are reported through the callback given at construction. */
  push(chunk: Uint8Array): void;
  /** Bytes held for an incomplete frame (bounded by the message limit plus one header block). */
  readonly bufferedBytes: number;
  /** The stream ended: report a trailing frame that lacked its terminator, if any. */
  end(): void;
}

export type FrameListener = (event: FrameEvent) => void;

/** Default limit on one incoming message: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** How many leading bytes of an oversized frame are kept for its `oversized` event. */
export const OVERSIZED_HEAD_BYTES = 1024;
