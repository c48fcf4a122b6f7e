// Broken on purpose: HTTP requests after initialization carry no MCP-Protocol-Version header.
import type { FetchMiddleware } from '@mcpkit/transport-http-client';
import { runBrokenClient } from './kit/run-client.js';

const dropVersionHeader: FetchMiddleware = (next) => (url, init) => {
  if (init?.headers === undefined) return next(url, init);
  const headers = Object.fromEntries(
    Object.entries(init.headers).filter(([name]) => name.toLowerCase() !== 'mcp-protocol-version'),
  );
  return next(url, { ...init, headers });
};

await runBrokenClient({ middleware: [dropVersionHeader] });
