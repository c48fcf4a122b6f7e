// Broken on purpose: the client keeps sending the revision it offered (2025-11-25) in
// MCP-Protocol-Version, even after the server negotiated another one.
import type { FetchMiddleware } from '@mcpkit/transport-http-client';
import { runBrokenClient } from './kit/run-client.js';

const OFFERED = '2025-11-25';

const keepOfferedVersion: FetchMiddleware = (next) => (url, init) => {
  const headers = init?.headers;
  if (headers === undefined) return next(url, init);
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'mcp-protocol-version');
  if (name === undefined || headers[name] === '2026-07-28') return next(url, init);
  return next(url, { ...init, headers: { ...headers, [name]: OFFERED } });
};

await runBrokenClient({ middleware: [keepOfferedVersion] });
