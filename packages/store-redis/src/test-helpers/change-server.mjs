// One server process of a small cluster for the broadcastChanges process test: an McpServer whose
// tool calls change notes (resource updates) and announce a tool list change, on Redis stores
// shared with the other processes. Usage: node change-server.mjs <redis-url> <key-prefix> <name>.
// Prints its /mcp URL on stdout, and `stream <session-id>` on stderr once a GET stream is open.
import { createServer } from 'node:http';
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import { createRedisStores } from '../../dist/index.js';

const [target, keyPrefix, name] = process.argv.slice(2);
const stores = await createRedisStores({
  target,
  keyPrefix,
  onerror: (error) => process.stderr.write(`store error ${error.message}\n`),
});
const server = new McpServer(
  { name, version: '0.0.0' },
  {
    protocolVersions: ['2026-07-28', '2025-11-25'],
    capabilities: { resources: { subscribe: true, listChanged: true }, tools: { listChanged: true } },
  },
);
for (const n of [1, 2]) {
  const uri = `note://${n}`;
  server.resource(uri, { name: uri }, () => ({ contents: [{ uri, text: `note ${n}` }] }));
  server.tool(`touch${n}`, { description: `changes ${uri}` }, () => {
    server.notifyResourceUpdated(uri);
    return `touched ${uri} on ${name}`;
  });
}
server.tool('announce', { description: 'the tool list changed' }, () => {
  server.notifyListChanged('tools');
  return `announced on ${name}`;
});
const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  sessionStore: stores.sessionStore,
  eventStore: stores.eventStore,
  messageBus: stores.messageBus,
  instanceId: name,
  broadcastChanges: server,
  onerror: (error) => process.stderr.write(`handler error ${error.message}\n`),
});
const node = toNodeHandler(handler);
const http = createServer((req, res) => {
  if (req.method === 'GET') {
    const writeHead = res.writeHead;
    res.writeHead = function (status, ...rest) {
      if (status === 200) process.stderr.write(`stream ${req.headers['mcp-session-id']}\n`);
      return writeHead.call(this, status, ...rest);
    };
  }
  void node(req, res);
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
});
process.on('SIGTERM', async () => {
  await handler.close({ timeoutMs: 1000 });
  http.close();
  await stores.close();
  process.exit(0);
});
