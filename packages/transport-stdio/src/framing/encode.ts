import type { StdioFraming } from './types.js';

/** The bytes that carry one JSON text under the given framing. */
export function encodeFrame(json: string, framing: StdioFraming): Buffer {
  if (framing === 'newline') return Buffer.from(`${json}\n`, 'utf8');
  const body = Buffer.from(json, 'utf8');
  const header = Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'latin1');
  return Buffer.concat([header, body], header.byteLength + body.byteLength);
}

/**
 * The text of one frame, for writing a string to the stream: saves the copy into a Buffer that
 * `encodeFrame` makes, since a socket or pipe encodes strings to UTF-8 on its own.
 */
export function encodeFrameText(json: string, framing: StdioFraming): string {
  if (framing === 'newline') return `${json}\n`;
  return `Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`;
}
