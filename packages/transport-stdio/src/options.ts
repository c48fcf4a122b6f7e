import type { StdioFraming } from './framing/index.js';

/** Options both stdio transports share. */
export interface StdioFramingOptions {
  /**
   * How messages are delimited: `'newline'` (default; newline-delimited JSON, as the MCP spec
   * defines for stdio) or `'content-length'` (LSP-style `Content-Length: N` headers).
   * Both sides must agree.
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

export function checkFraming(value: StdioFraming | undefined): StdioFraming {
  if (value === undefined) return 'newline';
  if (value !== 'newline' && value !== 'content-length') {
    throw new TypeError(`framing must be "newline" or "content-length", got ${JSON.stringify(value)}`);
  }
  return value;
}
