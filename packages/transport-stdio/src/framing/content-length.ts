import { ContentLengthDecoder } from './content-length-decoder.js';
import type { StdioFraming } from './types.js';

/** LSP-style framing: a `Content-Length: N` header block, then exactly N bytes of JSON. */
export const contentLengthFraming: StdioFraming = {
  name: 'content-length',
  createDecoder: (maxMessageBytes, listener) => new ContentLengthDecoder(maxMessageBytes, listener),
  encodeText: (json) => `Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`,
};
