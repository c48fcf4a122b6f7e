// Our client calls EVERY tool, reads EVERY resource and gets EVERY prompt that
// @modelcontextprotocol/server-everything lists, answering its sampling, elicitation and roots requests,
// and runs its task-only tool as a 2025-11-25 task.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { McpClient, McpClientError, McpClientErrorCode } from '@mcpkit/client';
import type { ElicitRequestParams, JSONObject, Task, Tool } from '@mcpkit/protocol';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const manifestPath = require.resolve('@modelcontextprotocol/server-everything/package.json');
const BIN = join(dirname(manifestPath), 'dist', 'index.js');

/** Arguments from a tool's schema: its required properties, plus small values that keep demos short. */
function argumentsFor(tool: Tool): JSONObject {
  const schema = tool.inputSchema as {
    required?: string[];
    properties?: Record<string, { type?: string; enum?: unknown[] }>;
  };
  const args: JSONObject = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] ?? {};
    args[name] = (property.enum?.[0] ??
      (property.type === 'number' || property.type === 'integer'
        ? 1
        : property.type === 'boolean'
          ? true
          : 'mcpkit')) as JSONObject[string];
  }
  if (schema.properties?.duration) args.duration = 1;
  if (schema.properties?.steps) args.steps = 2;
  // No network here: gzip a data: URL instead of the default https one.
  if (tool.name === 'gzip-file-as-resource')
    Object.assign(args, { name: 'hello.txt.gz', data: 'data:text/plain,hello%20mcpkit' });
  return args;
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/**
 * Accepts a question a task asks (picking the first option of each single-select field), declines
 * the others: the demo tools only need an answer, the research task reports the one it got.
 */
function answerElicitation(params: ElicitRequestParams) {
  const taskId = (params._meta?.[RELATED_TASK] as { taskId?: string } | undefined)?.taskId;
  if (taskId === undefined || !('requestedSchema' in params)) return { action: 'decline' as const };
  asked.taskQuestions.push(taskId);
  const content: Record<string, string> = {};
  const schema = params.requestedSchema as { properties: Record<string, { oneOf?: { const: string }[] }> };
  for (const [name, property] of Object.entries(schema.properties)) {
    const first = property.oneOf?.[0];
    if (first !== undefined) content[name] = first.const;
  }
  return { action: 'accept' as const, content };
}

let client: McpClient;
const asked = { sampling: 0, elicitation: 0, roots: 0, taskQuestions: [] as string[] };
const taskNotifications: Task[] = [];

beforeAll(async () => {
  client = new McpClient(
    { name: 'mcpkit-everything', version: '1.0.0' },
    {
      sampling: async () => {
        asked.sampling++;
        return {
          role: 'assistant',
          content: { type: 'text', text: 'sampled by mcpkit' },
          model: 'mcpkit-test',
        };
      },
      elicitation: async (params) => {
        asked.elicitation++;
        return answerElicitation(params);
      },
      roots: [{ uri: 'file:///tmp', name: 'tmp' }],
      onTaskStatus: (task) => void taskNotifications.push(task),
    },
  );
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'stdio'] }));
}, 30_000);

afterAll(async () => {
  await client.close();
});

describe('every tool, resource and prompt of server-everything', () => {
  it('calls every listed tool and each completes, the task-only one run as a task', {
    timeout: 60_000,
  }, async () => {
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.serverCapabilities?.tasks?.requests?.tools?.call).toBeDefined();
    const tools = await client.listAllTools();
    expect(tools.length).toBeGreaterThanOrEqual(15);
    // The one tool that requires task augmentation: callTool runs it as a task, polls and
    // fetches its result, so it completes like the rest.
    const research = tools.find((tool) => tool.name === 'simulate-research-query');
    expect(research?.execution?.taskSupport).toBe('required');
    const outcomes: string[] = [];
    for (const tool of tools) {
      const result = await client.callTool(
        { name: tool.name, arguments: argumentsFor(tool) },
        { timeoutMs: 30_000 },
      );
      const text = result.content.map((block) => ('text' in block ? block.text : block.type)).join(' ');
      if (result.isError === true) outcomes.push(`${tool.name}: isError ${text.slice(0, 120)}`);
      if (tool === research) expect(text).toContain('# Research Report: mcpkit');
    }
    expect(outcomes).toEqual([]);
    // Its sampling, elicitation and roots tools reached our handlers.
    expect(asked.sampling).toBeGreaterThanOrEqual(1);
    expect(asked.elicitation).toBeGreaterThanOrEqual(1);
  });

  it('runs the research tool as a task through input_required to completion', {
    timeout: 60_000,
  }, async () => {
    const handle = await client.callToolAsTask(
      { name: 'simulate-research-query', arguments: { topic: 'python', ambiguous: true } },
      { ttl: 120_000 },
    );
    expect(handle.status).toBe('working');
    const seen: string[] = [];
    handle.onStatus((task) => seen.push(task.status));
    const result = await handle.result({ timeoutMs: 30_000 });
    // The server asked which "python" we meant (an elicitation tied to the task, delivered on
    // tasks/result) and our first-option answer shaped the report.
    expect(asked.taskQuestions).toContain(handle.taskId);
    const report = result.content.map((block) => ('text' in block ? block.text : '')).join('');
    expect(report).toContain('# Research Report: python (programming)');
    expect(report).toContain('`input_required` → `working` → `completed`');
    expect(result._meta?.[RELATED_TASK]).toEqual({ taskId: handle.taskId });
    expect(handle.status).toBe('completed');
    expect(seen.at(-1)).toBe('completed');
    expect(await client.getTask(handle.taskId)).toMatchObject({ taskId: handle.taskId, status: 'completed' });
    const listed = await client.listTasks();
    expect(listed.tasks.map((task) => task.taskId)).toContain(handle.taskId);
    // The server reported the status changes on its own too.
    const notified = taskNotifications.filter((task) => task.taskId === handle.taskId).map((t) => t.status);
    expect(notified).toEqual(expect.arrayContaining(['working', 'input_required', 'completed']));
  });

  it('cancels a running research task', { timeout: 30_000 }, async () => {
    const handle = await client.callToolAsTask({
      name: 'simulate-research-query',
      arguments: { topic: 'cancel me' },
    });
    const cancelled = await handle.cancel();
    expect(cancelled).toMatchObject({ taskId: handle.taskId, status: 'cancelled' });
    expect((await client.getTask(handle.taskId)).status).toBe('cancelled');
    const failure = await handle.result().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpClientError);
    expect((failure as McpClientError).code).toBe(McpClientErrorCode.TaskCancelled);
  });

  it('reads every listed resource and gets every listed prompt', { timeout: 60_000 }, async () => {
    const resources = await client.listAllResources();
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) {
      const read = await client.readResource({ uri: resource.uri });
      expect(read.contents.length, resource.uri).toBeGreaterThan(0);
    }
    const prompts = await client.listAllPrompts();
    const values: Record<string, string> = { resourceType: 'Text', resourceId: '1' };
    for (const prompt of prompts) {
      const args: Record<string, string> = {};
      for (const argument of prompt.arguments ?? [])
        if (argument.required) args[argument.name] = values[argument.name] ?? 'mcpkit';
      const got = await client.getPrompt({ name: prompt.name, arguments: args });
      expect(got.messages.length, prompt.name).toBeGreaterThan(0);
    }
  });
});
