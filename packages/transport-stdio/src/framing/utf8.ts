import { isUtf8 } from 'node:buffer';

/**
 * Bytes `start` to `end` (default: all) as text when they are valid UTF-8, `undefined` when they
 * are not. The check runs natively, and no view is made when the range is the whole array or
 * the whole array but a final newline.
 */
export function decodeUtf8(bytes: Uint8Array, start = 0, end = bytes.byteLength): string | undefined {
  const length = bytes.byteLength;
  // A trailing LF (ASCII) cannot change whether what precedes it is valid.
  const whole = start === 0 && (end === length || (end === length - 1 && bytes[end] === 0x0a));
  if (!isUtf8(whole ? bytes : bytes.subarray(start, end))) return undefined;
  const buffer = (
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  ) as Utf8Slicing;
  // utf8Slice is what toString('utf8', ...) ends in, without its argument handling (about half of
  // the cost of decoding a short line); Node, Bun and Deno have it, anything else gets toString.
  return typeof buffer.utf8Slice === 'function'
    ? buffer.utf8Slice(start, end)
    : buffer.toString('utf8', start, end);
}

type Utf8Slicing = Buffer & { utf8Slice?: (start: number, end: number) => string };
