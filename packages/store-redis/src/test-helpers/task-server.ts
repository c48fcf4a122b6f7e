// A server process's worth of task handling for the tests: an McpServer with 2025-11-25 tasks and
// the 2026-07-28 tasks extension over a Redis task backend, served over HTTP on 127.0.0.1 with
// every store in Redis. The principal is the bearer token (tests only). `task-process.mjs` runs the
// same in a child process.
import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema';
import { McpServer } from '@mcpkit/server';
import { sharedTasks, sharedTasksExtension } from '@mcpkit/server/tasks';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import type { RedisStores } from '../stores.js';

/** What a test can observe of one instance's tools. */
export interface TaskInstanceSeen {
  /** Tool runs aborted in this instance, by the abort reason. */
  aborted: string[];
  /** Releases the `held` tool runs of this instance. */
  release(text: string): void;
}

setJsonSchemaValidatorFactory(jsonSchemaValidator);

export function taskServer(name: string, stores: RedisStores, seen: TaskInstanceSeen): McpServer {
  const backend = stores.taskBackend;
  const server = new McpServer(
    { name, version: '0.0.0' },
    {
      protocolVersions: ['2025-11-25', '2026-07-28'],
      capabilities: { tasks: true },
      tasks: sharedTasks(backend, { pollIntervalMs: 50, maxTasks: 3 }),
      tasksExtension: sharedTasksExtension(backend, { pollIntervalMs: 50, maxTasks: 3 }),
    },
  );
  const task = { taskSupport: 'optional' } as const;
  const waiting: Array<(text: string) => void> = [];
  seen.release = (text) => {
    for (const resolve of waiting.splice(0)) resolve(text);
  };
  server.tool('held', { execution: task }, (_args, ctx) => {
    return new Promise<string>((resolve, reject) => {
      waiting.push((text) => resolve(`${text} (ran on ${name})`));
      ctx.signal.addEventListener('abort', () => {
        seen.aborted.push(String(ctx.signal.reason));
        reject(ctx.signal.reason);
      });
    });
  });
  server.tool('confirm', { execution: task }, async (_args, ctx) => {
    const answer = await ctx.elicit('Go on?', {
      type: 'object',
      properties: { ok: { type: 'boolean' } },
      required: ['ok'],
    });
    return `ok=${answer.action === 'accept' && answer.content.ok === true} (ran on ${name})`;
  });
  server.tool('broken', { execution: task }, () => {
    throw new Error('disk full');
  });
  return server;
}

export async function serveTaskInstance(
  name: string,
  stores: RedisStores,
): Promise<{ handle: ServerHandle; url: URL; seen: TaskInstanceSeen }> {
  const seen: TaskInstanceSeen = { aborted: [], release: () => {} };
  const server = taskServer(name, stores, seen);
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    sessionStore: stores.sessionStore,
    eventStore: stores.eventStore,
    messageBus: stores.messageBus,
    instanceId: name,
    authenticate: (request) => {
      const token = request.header('authorization')?.replace(/^Bearer /, '');
      return token === undefined ? undefined : { token, clientId: token, scopes: [] };
    },
  });
  const handle = await serve(handler);
  return { handle, url: new URL('/mcp', handle.url), seen };
}
