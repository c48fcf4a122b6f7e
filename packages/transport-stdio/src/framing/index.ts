import { ContentLengthDecoder } from './content-length-decoder.js';
import { NewlineDecoder } from './newline-decoder.js';
import type { FrameDecoder, FrameListener, StdioFraming } from './types.js';

export { ContentLengthDecoder } from './content-length-decoder.js';
export { encodeFrame, encodeFrameText } from './encode.js';
export { NewlineDecoder } from './newline-decoder.js';
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  type FrameDecoder,
  type FrameEvent,
  type FrameListener,
  OVERSIZED_HEAD_BYTES,
  type StdioFraming,
} from './types.js';

export function createFrameDecoder(
  framing: StdioFraming,
  maxMessageBytes: number,
  listener: FrameListener,
): FrameDecoder {
  if (framing === 'content-length') return new ContentLengthDecoder(maxMessageBytes, listener);
  if (framing === 'newline') return new NewlineDecoder(maxMessageBytes, listener);
  throw new TypeError(
    `Unknown stdio framing ${JSON.stringify(framing)}; expected "newline" or "content-length"`,
  );
}
