import { isUtf8 } from 'node:buffer';

/**
 * The first `length` bytes of `bytes` (default: all) as text, when all of `bytes` is valid UTF-8;
 * `undefined` when it is not. The check runs natively and no view is made of a Buffer.
 */
export function decodeUtf8(bytes: Uint8Array, length = bytes.byteLength): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('utf8', 0, length);
}
