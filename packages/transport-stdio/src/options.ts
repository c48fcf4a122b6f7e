import { newlineFraming, type StdioFraming } from './framing/index.js';

/** Options both stdio transports share. */
export interface StdioFramingOptions {
  /**
   * How messages are delimited: `newlineFraming` (default; newline-delimited JSON, as the MCP spec
   * defines for stdio) or `contentLengthFraming` from `@mcpkit/transport-stdio/content-length`
   * (LSP-style `Content-Length: N` headers). Both sides must agree.
   */
  framing?: StdioFraming;
  /** Largest incoming message in bytes; bigger ones are reported and skipped. Default 16 MiB. */
  maxMessageBytes?: number;
  /** Deepest JSON nesting accepted in an incoming message (default 64); deeper ones get -32600. */
  maxDepth?: number;
  /**
   * Most bytes that may wait for a reader that is not reading before `send` fails with
   * `WRITE_QUEUE_FULL`. Default 64 MiB.
   */
  maxPendingWriteBytes?: number;
}

export function checkPositiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/**
 * The framing to use: the given one, or newline. Anything else (such as the strings earlier
 * versions took) is refused with the import that replaced Content-Length framing.
 */
export function checkFraming(value: StdioFraming | undefined): StdioFraming {
  if (value === undefined) return newlineFraming;
  if (typeof value?.createDecoder !== 'function' || typeof value.encodeText !== 'function') {
    throw new TypeError(
      `framing must be a framing object, got ${JSON.stringify(value)}: newline framing is the default; ` +
        "for Content-Length, pass contentLengthFraming from '@mcpkit/transport-stdio/content-length'",
    );
  }
  return value;
}
