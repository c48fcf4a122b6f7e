// An MCP server over stdio: the process a client (a desktop app, client-cli.ts) starts and talks
// to through its stdin and stdout. Nothing else may be written to stdout (console.log goes to stderr
// while the transport runs).
//
// Run:  pnpm -C examples build
//       node examples/dist/client-cli.js echo '{"message":"hi"}' -- node examples/dist/stdio-server.js
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
await server.connect(new StdioServerTransport()); // the process exits when stdin ends
