// Tasks over Streamable HTTP when the task asks the client something: the question cannot go
// out unrelated before the client opened its GET stream, so it waits for the client's tasks/result
// and rides that request's SSE stream (spec 2025-11-25, tasks, "Input Required Status").

import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { inMemoryTasks } from '@mcpkit/server/tasks';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const VERSION = '2025-11-25';
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const handles: ServerHandle[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const handle of handles.splice(0)) await handle.close();
});

async function startAskingServer(): Promise<URL> {
  const server = new McpServer(
    { name: 'asking', version: '1.0.0' },
    { capabilities: { tasks: true }, tasks: inMemoryTasks({ pollIntervalMs: 20 }) },
  );
  server.tool('asks', { execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    const answer = await ctx.elicit('Confirm?', { ok: z.boolean() });
    return answer.action === 'accept' ? `ok=${answer.content.ok}` : 'declined';
  });
  const handle = await serve(
    createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) }),
  );
  handles.push(handle);
  return new URL('/mcp', handle.url);
}

type Json = Record<string, any>;

/** Raw JSON-RPC over POST, without ever opening the GET stream; SSE answers are read whole. */
function rawSession(url: URL) {
  let sessionId: string | undefined;
  const post = async (message: Json): Promise<Response> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': VERSION,
        ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
      },
      body: JSON.stringify(message),
    });
    sessionId ??= response.headers.get('mcp-session-id') ?? undefined;
    return response;
  };
  const call = async (id: number | string, method: string, params: Json): Promise<Json> =>
    (await (await post({ jsonrpc: '2.0', id, method, params })).json()) as Json;
  return { post, call };
}

/** Reads SSE `data:` messages from a response body as they arrive. */
async function* sseMessages(response: Response): AsyncGenerator<Json> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    let end = text.indexOf('\n\n');
    while (end >= 0) {
      const data = /^data: (.+)$/m.exec(text.slice(0, end))?.[1];
      text = text.slice(end + 2);
      if (data) yield JSON.parse(data) as Json;
      end = text.indexOf('\n\n');
    }
  }
}

describe('a task that asks the client, over Streamable HTTP', () => {
  it('holds the question until tasks/result and sends it on that request stream', async () => {
    const url = await startAskingServer();
    const raw = rawSession(url);
    await raw.call('init', 'initialize', {
      protocolVersion: VERSION,
      capabilities: { elicitation: { form: {} } },
      clientInfo: { name: 'raw', version: '1' },
    });
    await raw.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const created = await raw.call(1, 'tools/call', { name: 'asks', arguments: {}, task: { ttl: 60_000 } });
    const taskId = created.result.task.taskId as string;
    await expect
      .poll(async () => (await raw.call(2, 'tasks/get', { taskId })).result.status)
      .toBe('input_required');

    const stream = await raw.post({ jsonrpc: '2.0', id: 3, method: 'tasks/result', params: { taskId } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const messages = sseMessages(stream);
    const question = (await messages.next()).value as Json;
    expect(question).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'Confirm?', _meta: { [RELATED_TASK]: { taskId } } },
    });
    const accepted = await raw.post({
      jsonrpc: '2.0',
      id: question.id,
      result: { action: 'accept', content: { ok: true } },
    });
    expect(accepted.status).toBe(202);
    let final: Json | undefined;
    for await (const message of messages) if (message.id === 3) final = message;
    expect(final?.result).toMatchObject({
      content: [{ type: 'text', text: 'ok=true' }],
      _meta: { [RELATED_TASK]: { taskId } },
    });
  });

  it('lets our client finish such a task through callToolAsTask', async () => {
    const url = await startAskingServer();
    const questions: unknown[] = [];
    const client = new McpClient(
      { name: 'tasks-http', version: '1.0.0' },
      {
        protocolVersion: VERSION,
        elicitation: (params) => {
          questions.push(params._meta?.[RELATED_TASK]);
          return { action: 'accept', content: { ok: true } };
        },
      },
    );
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(url));
    const handle = await client.callToolAsTask({ name: 'asks' });
    expect((await handle.result()).content).toEqual([{ type: 'text', text: 'ok=true' }]);
    expect(questions).toEqual([{ taskId: handle.taskId }]);
  });
});
