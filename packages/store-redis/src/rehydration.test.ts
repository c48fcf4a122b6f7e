// Three McpServer processes' worth of handlers (A, B, C), each with its own Redis connections,
// serving one 2025-11-25 session: every request may land on any of them.
import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema';
import { McpServer } from '@mcpkit/server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { useRedis } from './test-helpers/fixtures.js';
import { SseEvents } from './test-helpers/sse.js';

setJsonSchemaValidatorFactory(jsonSchemaValidator);
const redis = useRedis();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const VERSION = '2025-11-25';

async function instance(name: string, keyPrefix: string): Promise<URL> {
  const stores = await redis.stores({ keyPrefix });
  const server = new McpServer({ name, version: '0.0.0' });
  server.tool('where', { description: 'Names the process' }, () => name);
  server.tool('log', { description: 'Logs at debug and error' }, async (_args, ctx) => {
    await ctx.log.debug(`debug from ${name}`);
    await ctx.log.error(`error from ${name}`);
    return 'logged';
  });
  server.tool('ask', { description: 'Elicits a name' }, async (_args, ctx) => {
    const answer = await ctx.elicit('name?', {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    return `${name} got ${JSON.stringify(answer)}`;
  });
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    sessionStore: stores.sessionStore,
    eventStore: stores.eventStore,
    messageBus: stores.messageBus,
    instanceId: name,
  });
  const handle = await serve(handler);
  cleanups.push(() => handle.close());
  return new URL('/mcp', handle.url);
}

function post(url: URL, body: unknown, sessionId?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The JSON-RPC messages of a finished response, JSON or SSE. */
async function messages(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text();
  if (response.headers.get('content-type')?.includes('application/json')) return [JSON.parse(text)];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '')
    .map((line) => JSON.parse(line.slice(5)));
}

describe('a session served by whichever process a request lands on (rehydration over Redis)', () => {
  it('tools/call, logging level and an elicitation answered through another process', async () => {
    const [a, b, c] = await Promise.all([
      instance('A', 'rehydrate:'),
      instance('B', 'rehydrate:'),
      instance('C', 'rehydrate:'),
    ]);
    const init = await post(a, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: VERSION,
        capabilities: { elicitation: {} },
        clientInfo: { name: 't', version: '1' },
      },
    });
    expect(init.status).toBe(200);
    const sessionId = init.headers.get('mcp-session-id')!;
    await init.text();
    expect((await post(a, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)).status).toBe(
      202,
    );

    const where = await messages(
      await post(b, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'where' } }, sessionId),
    );
    expect(where).toMatchObject([{ id: 1, result: { content: [{ type: 'text', text: 'B' }] } }]);

    const set = await messages(
      await post(
        c,
        { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } },
        sessionId,
      ),
    );
    expect(set).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
    const logged = await messages(
      await post(b, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'log' } }, sessionId),
    );
    expect(
      logged
        .filter((m) => m.method === 'notifications/message')
        .map((m) => (m.params as { level: string }).level),
    ).toEqual(['error']);

    const call = await post(
      b,
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'ask' } },
      sessionId,
    );
    const events = new SseEvents(call);
    let event = await events.next();
    while (event.data === '') event = await events.next();
    const asked = JSON.parse(event.data) as { id: string; method: string };
    expect(asked).toMatchObject({ method: 'elicitation/create', id: expect.stringMatching(/^B:/) });
    const answered = await post(
      a,
      { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } },
      sessionId,
    );
    expect(answered.status).toBe(202);
    const result = JSON.parse((await events.next()).data) as {
      id: number;
      result: { content: Array<{ text: string }> };
    };
    expect(result.id).toBe(4);
    expect(result.result.content[0]!.text).toBe('B got {"action":"accept","content":{"name":"Ada"}}');
    await events.cancel();

    // Ended through C: A and B, which hold copies, answer 404 from then on.
    const ended = await fetch(c, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION },
    });
    expect(ended.status).toBe(200);
    for (const url of [a, b]) {
      const after = await post(url, { jsonrpc: '2.0', id: 5, method: 'ping' }, sessionId);
      expect(after.status).toBe(404);
      await after.text();
    }
    expect(redis.errors).toEqual([]);
  });
});
