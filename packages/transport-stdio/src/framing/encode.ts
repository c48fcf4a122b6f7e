import type { StdioFraming } from './types.js';

/** The bytes that carry one JSON text under the given framing. */
export function encodeFrame(json: string, framing: StdioFraming): Buffer {
  if (framing === 'newline') return Buffer.from(`${json}\n`, 'utf8');
  const body = Buffer.from(json, 'utf8');
  const header = Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'latin1');
  return Buffer.concat([header, body], header.byteLength + body.byteLength);
}
