// Every export of this file is public API of @mcpkit/echo-server (a private app; the CLI is bin.ts, then main.ts).

// The command line.
export { type EchoCliOptions, parseEchoArgs, USAGE } from './cli-args.js';
// The server, transport-free.
export { createEchoServer, ECHO_PROTOCOL_VERSIONS, ECHO_SERVER_INFO } from './server.js';
