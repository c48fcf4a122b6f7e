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

/** Receives each frame (or framing error) a stdio frame decoder produces. */
export type FrameListener = (event: FrameEvent) => void;

/** Default limit on one incoming message: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** How many leading bytes of an oversized frame are kept for its `oversized` event. */
export const OVERSIZED_HEAD_BYTES = 1024;

/**
 * How messages are delimited on the byte stream. Newline-delimited JSON (`newlineFraming`) is
 * built in and the default; `contentLengthFraming` comes from `@mcpkit/transport-stdio/content-length`,
 * so programs that never use it do not carry it.
 */
export interface StdioFraming {
  /** Names the framing in messages, e.g. `newline`. */
  readonly name: string;
  /** A decoder for one incoming stream, reporting frames to `listener`. */
  createDecoder(maxMessageBytes: number, listener: FrameListener): FrameDecoder;
  /**
   * The text of one frame carrying `json`. Text, not bytes: a socket or pipe encodes strings to
   * UTF-8 on its own, which saves a copy into a Buffer.
   */
  encodeText(json: string): string;
}
