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
