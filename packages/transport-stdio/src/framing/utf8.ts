import { isUtf8 } from 'node:buffer';

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes a complete frame; returns `undefined` when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch (error) {
    // TextDecoder throws only TypeError for invalid input; anything else is a real bug.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/**
 * The first `length` bytes of `bytes` as text, when all of `bytes` is valid UTF-8 (else
 * `undefined`): no view is made, and the validity check runs natively.
 */
export function decodeUtf8Prefix(bytes: Uint8Array, length: number): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('utf8', 0, length);
}
