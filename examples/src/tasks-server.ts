// A server whose slow tool can run as a task: under 2025-11-25 when the client asks for one
// (`tasks/get`, `tasks/result`), under 2026-07-28 through the tasks extension when the client
// declares it. Clients that know neither get a plain, waited-for result.
//
// Run:  pnpm -C examples build && node examples/dist/tasks-client.js   (it starts this server)
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@mcpkit/server';
import { inMemoryTasks, inMemoryTasksExtension } from '@mcpkit/server/tasks';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const server = new McpServer(
  { name: 'tasks-demo', version: '1.0.0' },
  {
    protocolVersions: ['2025-11-25', '2026-07-28'],
    capabilities: { tasks: true },
    tasks: inMemoryTasks({ maxTasks: 100 }), // 2025-11-25 tasks, one store per session
    tasksExtension: inMemoryTasksExtension({ maxTasks: 100, pollIntervalMs: 200 }), // 2026-07-28
  },
);

server.tool(
  'count_slowly',
  {
    description: 'Counts to n, one number every 100 ms',
    inputSchema: { n: z.number().int().min(1).max(50) },
    execution: { taskSupport: 'optional' },
  },
  async ({ n }, ctx) => {
    for (let i = 1; i <= n; i++) await sleep(100, undefined, { signal: ctx.signal }); // cancellable
    return `Counted to ${n}`;
  },
);

await server.connect(new StdioServerTransport());
