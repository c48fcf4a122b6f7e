// An MCP server over Streamable HTTP on Node's own http server, with `serve()`.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/http-server.js
//       node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp add '{"a":2,"b":3}'
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { createDemoServer } from './demo-server.js';

const server = createDemoServer();
const handler = createStreamableHttpHandler({
  // Called for each new session (and each 2026-07-28 request): one server session per connection.
  onSession: (transport) => server.connect(transport),
});

// Binds 127.0.0.1 by default; PORT=0 picks a free port.
const { url, close } = await serve(handler, { port: Number(process.env.PORT ?? 3000) });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);

// In-flight requests finish, then every stream and session closes and the process exits.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());
