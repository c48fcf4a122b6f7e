// biome-ignore-all assist/source/organizeImports: exports are grouped by feature, not by path
// Every export of this file is public API of @mcpkit/transport-stdio (Node.js only).

// Server side: messages on this process's stdin/stdout.
export { StdioServerTransport, type StdioServerTransportOptions } from './server-transport.js';

// Client side: spawn a server process and talk to it over its stdin/stdout.
export { StdioClientTransport, type StdioClientTransportOptions } from './client-transport.js';
export type { ServerProcessOptions } from './server-process.js';
export { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from './default-environment.js';

// Options both sides share: framing, size and backpressure limits.
export type { StdioFramingOptions } from './options.js';
export { DEFAULT_MAX_MESSAGE_BYTES, newlineFraming, type StdioFraming } from './framing/index.js';
export { DEFAULT_MAX_PENDING_WRITE_BYTES } from './frame-writer.js';

// Errors: local failures with stable string codes.
export { StdioErrorCode, type StdioErrorDetails, StdioTransportError } from './errors.js';

// Framing building blocks, for tools that speak the same byte format without a transport
// (Content-Length framing: `@mcpkit/transport-stdio/content-length`).
export {
  encodeFrame,
  type FrameDecoder,
  type FrameEvent,
  type FrameListener,
  NewlineDecoder,
  OVERSIZED_HEAD_BYTES,
} from './framing/index.js';
