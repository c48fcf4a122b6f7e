// One server process of the topology: `node server-main.js --instance s1 --redis redis://127.0.0.1:PORT`.
// It serves the cluster server on 127.0.0.1 (a free port), with every store on Redis, prints
// `LISTENING <port>` on stdout once it accepts requests, and logs what it handles to stderr.
import { createRedisStores } from '@mcpkit/store-redis';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { createClusterServer, idempotentToolCall } from './cluster-server.js';
import { createLogger, loggedBus, loggedTransport, logHttp } from './request-log.js';

function option(name: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : process.argv[index + 1];
  if (value === undefined)
    throw new Error(`missing --${name}; usage: server-main.js --instance ID --redis URL`);
  return value;
}

const instanceId = option('instance');
const quiet = process.argv.includes('--quiet');
const log = createLogger(instanceId, (line) => {
  if (!quiet) process.stderr.write(line);
});
const logError = (error: Error) => log({ event: 'error', error: error.message });

const stores = await createRedisStores({ target: option('redis'), onerror: logError });
const server = createClusterServer(instanceId);
const handler = createStreamableHttpHandler({
  instanceId,
  sessionStore: stores.sessionStore,
  eventStore: stores.eventStore,
  messageBus: loggedBus(stores.messageBus, log),
  onSession: (transport) => server.connect(quiet ? transport : loggedTransport(transport, log)),
  // Resource updates and list changes raised here reach the streams every process holds.
  broadcastChanges: server,
  // A call whose process died mid-call runs again where its client resumes, when that is safe.
  canRerun: idempotentToolCall(server),
  onerror: logError,
});
const handle = await serve(handler);
if (!quiet) handle.server.on('request', (req) => logHttp(log, req));
process.stdout.write(`LISTENING ${handle.port}\n`);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // Bounded: whatever hangs, the process is gone within 8 s.
  setTimeout(() => process.exit(1), 8000).unref();
  await handle.close();
  await stores.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The launcher holds our stdin: when it is gone (even killed with SIGKILL), so are we.
process.stdin.on('end', () => void shutdown());
process.stdin.resume();
