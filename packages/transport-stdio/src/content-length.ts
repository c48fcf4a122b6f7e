// `@mcpkit/transport-stdio/content-length`: LSP-style `Content-Length` framing, an entry point of
// its own so programs on the default newline framing do not carry it. Pass it on both sides:
//   new StdioServerTransport({ framing: contentLengthFraming })

export { contentLengthFraming } from './framing/content-length.js';
export { ContentLengthDecoder } from './framing/content-length-decoder.js';
