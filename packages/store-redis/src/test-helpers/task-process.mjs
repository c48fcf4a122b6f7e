// One server process for task-processes.test.ts: 2025-11-25 tasks and the 2026-07-28 tasks
// extension over Redis, on 127.0.0.1. Arguments: Redis URL, key prefix, instance name, liveness
// TTL in ms. Prints its MCP URL on stdout once it listens. Imports the built packages (dist).
import { McpServer } from '@mcpkit/server';
import { sharedTasks, sharedTasksExtension } from '@mcpkit/server/tasks';
import { createRedisStores } from '@mcpkit/store-redis';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';

const [target, keyPrefix, name, livenessTtlMs] = process.argv.slice(2);
const stores = await createRedisStores({
  target,
  keyPrefix,
  tasks: { instanceId: name, livenessTtlMs: Number(livenessTtlMs) },
  onerror: (error) => process.stderr.write(`${name}: ${error.message}\n`),
});
const server = new McpServer(
  { name, version: '0.0.0' },
  {
    protocolVersions: ['2025-11-25', '2026-07-28'],
    capabilities: { tasks: true },
    tasks: sharedTasks(stores.taskBackend, { pollIntervalMs: 100 }),
    tasksExtension: sharedTasksExtension(stores.taskBackend, { pollIntervalMs: 100 }),
  },
);
const task = { taskSupport: 'optional' };
// Long enough for the test to look at the task from another process while it works.
server.tool('slow', { execution: task }, async () => {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return `slow done on ${name} (pid ${process.pid})`;
});
server.tool('held', { execution: task }, (_args, ctx) => {
  return new Promise((_resolve, reject) => {
    ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
  });
});
const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  sessionStore: stores.sessionStore,
  eventStore: stores.eventStore,
  messageBus: stores.messageBus,
  instanceId: name,
});
const handle = await serve(handler);
process.stdout.write(`${new URL('/mcp', handle.url)}\n`);
process.once('SIGTERM', async () => {
  await handle.close();
  await stores.close();
});
