import { NewlineDecoder } from './newline-decoder.js';
import type { StdioFraming } from './types.js';

/** Newline-delimited JSON, as the MCP spec defines for stdio: the default framing. */
export const newlineFraming: StdioFraming = {
  name: 'newline',
  createDecoder: (maxMessageBytes, listener) => new NewlineDecoder(maxMessageBytes, listener),
  encodeText: (json) => `${json}\n`,
};
