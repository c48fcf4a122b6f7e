export { ContentLengthDecoder } from './content-length-decoder.js';
export { encodeFrame } from './encode.js';
export { newlineFraming } from './newline.js';
export { NewlineDecoder } from './newline-decoder.js';
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  type FrameDecoder,
  type FrameEvent,
  type FrameListener,
  OVERSIZED_HEAD_BYTES,
  type StdioFraming,
} from './types.js';
