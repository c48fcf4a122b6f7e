// Identifiers from Web Crypto, available in every runtime the core targets.

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  let text = '';
  for (const byte of buffer) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** 160 random bits as 40 lowercase hex characters: visible ASCII, unguessable. */
export function generateSessionId(): string {
  return randomHex(20);
}

/** Short random stream id; hex never contains the `_` that separates it from the sequence in event ids. */
export function generateStreamId(): string {
  return randomHex(6);
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export function isVisibleAscii(text: string): boolean {
  return VISIBLE_ASCII.test(text);
}
