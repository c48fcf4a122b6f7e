import { isUtf8 } from 'node:buffer';

/**
 * The first `length` bytes of `bytes` (default: all) as text, when they are valid UTF-8;
 * `undefined` when they are not. Decoding turns bytes that are not UTF-8 into U+FFFD, so only a
 * text holding one (a real U+FFFD is rare) pays for the native check. No view is made of a Buffer.
 */
export function decodeUtf8(bytes: Uint8Array, length = bytes.byteLength): string | undefined {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // No encoding named: toString goes straight to UTF-8, without looking the encoding up.
  const text = buffer.toString(undefined, 0, length);
  return text.includes('\uFFFD') && !isUtf8(buffer.subarray(0, length)) ? undefined : text;
}
