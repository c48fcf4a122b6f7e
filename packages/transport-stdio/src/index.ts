// Every export of this file is public API of @mcpkit/transport-stdio (Node.js only).

// Client side: spawn a server process and talk to it over its stdin/stdout.
export { StdioClientTransport, type StdioClientTransportOptions } from './client-transport.js';
export { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from './default-environment.js';
// Errors: local failures with stable string codes.
export { StdioErrorCode, type StdioErrorDetails, StdioTransportError } from './errors.js';
export { DEFAULT_MAX_PENDING_WRITE_BYTES } from './frame-writer.js';
// Framing building blocks, for tools that speak the same byte format without a transport.
export {
  ContentLengthDecoder,
  createFrameDecoder,
  DEFAULT_MAX_MESSAGE_BYTES,
  encodeFrame,
  type FrameDecoder,
  type FrameEvent,
  type FrameListener,
  NewlineDecoder,
  type StdioFraming,
} from './framing/index.js';
// Options both sides share: framing, size and backpressure limits.
export type { StdioFramingOptions } from './options.js';
export type { ServerProcessOptions } from './server-process.js';
// Server side: messages on this process's stdin/stdout.
export { StdioServerTransport, type StdioServerTransportOptions } from './server-transport.js';
