import { startHttpStdioBridge } from '@mcpkit/gateway';

// `node gateway-http-stdio.js <url>`: @mcpkit/gateway's HTTP -> stdio bridge (relay mode) on this
// process's stdin/stdout, forwarding to the Streamable HTTP server at <url>, as a desktop host
// would run it.

const url = process.argv[2];
if (url === undefined) throw new Error('usage: gateway-http-stdio.js <url of a Streamable HTTP server>');
const bridge = await startHttpStdioBridge({
  upstream: { url, transport: 'streamable' },
  onerror: (error) => process.stderr.write(`bridge: ${error.message}\n`),
});
await bridge.closed;
process.exit(0);
