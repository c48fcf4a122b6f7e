import type { RequestHandler } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientErrorCode } from './errors.js';
import { tasksExtension } from './tasks-extension.js';
import { createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

// The client side of the tasks extension (SEP-2663) against a scripted server: what callTool does
// with each task state a server may report.

const TASKS = 'io.modelcontextprotocol/tasks';
const complete = (result: JSONObject): JSONObject => ({ resultType: 'complete', ...result });
const task = (status: string, extra: JSONObject = {}): JSONObject => ({
  taskId: 't1',
  status,
  createdAt: '2026-11-25T00:00:00Z',
  lastUpdatedAt: '2026-11-25T00:00:00Z',
  ttlMs: 60_000,
  pollIntervalMs: 1,
  ...extra,
});

async function connect(polls: JSONObject[], elicitations: string[] = []) {
  const { client, clientTransport, serverTransport } = createClient({
    protocolVersion: '2026-07-28',
    tasksExtension: tasksExtension(),
    elicitation: (params) => {
      elicitations.push(String(params.message));
      return { action: 'accept', content: { ok: true } };
    },
  });
  let poll = 0;
  const handlers: Record<string, RequestHandler> = {
    'server/discover': () =>
      complete({
        supportedVersions: ['2026-07-28'],
        capabilities: { ...FULL_CAPABILITIES, extensions: { [TASKS]: {} } },
        ttlMs: 0,
        cacheScope: 'private',
      }),
    'tools/call': () => ({ resultType: 'task', ...task('working') }),
    'tasks/get': () => complete(polls[Math.min(poll++, polls.length - 1)] as JSONObject),
    'tasks/update': () => complete({}),
    'tasks/cancel': () => complete({}),
  };
  const server = await startFakeServer(serverTransport, { handlers });
  await client.connect(clientTransport);
  return { client, server };
}

const question = {
  ok: {
    method: 'elicitation/create',
    params: { mode: 'form', message: 'OK?', requestedSchema: { type: 'object', properties: {} } },
  },
};

describe('callTool with the tasks extension', () => {
  it('refuses the extension declared by hand without the option that awaits tasks, naming the import', () => {
    expect(() => createClient({ capabilities: { extensions: { [TASKS]: {} } } })).toThrow(
      "pass tasksExtension: tasksExtension() from '@mcpkit/client/tasks-extension'",
    );
  });

  it('answers each question once although it shows on several polls', async () => {
    const elicitations: string[] = [];
    const { client, server } = await connect(
      [
        task('input_required', { inputRequests: question }),
        task('input_required', { inputRequests: question }),
        task('completed', { result: { content: [{ type: 'text', text: 'done' }] } }),
      ],
      elicitations,
    );
    const result = await client.callTool({ name: 'x' });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(elicitations).toEqual(['OK?']);
    const updates = server.requests('tasks/update');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.params).toMatchObject({ taskId: 't1', inputResponses: { ok: { action: 'accept' } } });
  });

  it('throws TASK_CANCELLED when the server cancelled the task', async () => {
    const { client } = await connect([task('cancelled', { statusMessage: 'operator stop' })]);
    await expect(client.callTool({ name: 'x' })).rejects.toMatchObject({
      code: McpClientErrorCode.TaskCancelled,
    });
  });

  it('checks the inlined result like any tool result', async () => {
    const { client } = await connect([task('completed', { result: { content: 'not a list' } })]);
    await expect(client.callTool({ name: 'x' })).rejects.toMatchObject({
      code: McpClientErrorCode.InvalidResult,
    });
  });

  it('refuses a task handle without a taskId, naming what came', async () => {
    const { client, server } = await connect([]);
    server.peer.setRequestHandler('tools/call', () => ({ resultType: 'task', status: 'working' }));
    const error = await client.callTool({ name: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: McpClientErrorCode.InvalidResult });
    expect(String((error as Error).message)).toContain('without a string taskId');
  });
});
