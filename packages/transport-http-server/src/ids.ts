// Identifiers from Web Crypto, available in every runtime the core targets.

// getRandomValues costs about the same for 6 bytes as for 4 KiB (argument checks, the call into
// the CSPRNG), and a stream id is drawn on every POST: draw in bulk, hand out slices.
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let poolOffset = 0;

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(Math.max(POOL_BYTES, bytes)));
    poolOffset = 0;
  }
  const digits: string[] = [];
  for (let index = poolOffset; index < poolOffset + bytes; index++) digits.push(HEX[pool[index]!]!);
  poolOffset += bytes;
  // join makes one flat string; `+=` would keep a tree of 2-character pieces alive with every
  // session id (about 1 KiB each).
  return digits.join('');
}

/** 160 random bits as 40 lowercase hex characters: visible ASCII, unguessable. */
export function generateSessionId(): string {
  return randomHex(20);
}

/** Stream ids are cut from one long random hex string, refilled when used up. */
let streamHex = '';
let streamHexOffset = 0;
const STREAM_ID_CHARS = 12;

/** Short random stream id; hex never contains the `_` that separates it from the sequence in event ids. */
export function generateStreamId(): string {
  // One per POST: a slice of a ready string costs far less than drawing and joining 6 bytes. A
  // slice this short is copied, so it keeps nothing of the long string alive.
  if (streamHexOffset + STREAM_ID_CHARS > streamHex.length) {
    streamHex = randomHex(POOL_BYTES);
    streamHexOffset = 0;
  }
  const id = streamHex.slice(streamHexOffset, streamHexOffset + STREAM_ID_CHARS);
  streamHexOffset += STREAM_ID_CHARS;
  return id;
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export function isVisibleAscii(text: string): boolean {
  return VISIBLE_ASCII.test(text);
}
