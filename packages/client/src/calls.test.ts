import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { isResourceNotFound, McpClientError, McpClientErrorCode } from './errors.js';
import { connectPair } from './test-helpers/fake-server.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

describe('typed calls', () => {
  it('lists one page with a cursor and returns nextCursor', async () => {
    const { client, server } = await connectPair({
      handlers: {
        'tools/list': (params) =>
          params?.cursor === 'p2' ? { tools: [tool('b')] } : { tools: [tool('a')], nextCursor: 'p2' },
      },
    });
    const first = await client.listTools();
    expect(first.tools.map((t) => t.name)).toEqual(['a']);
    expect(first.nextCursor).toBe('p2');
    const second = await client.listTools({ cursor: 'p2' });
    expect(second.tools.map((t) => t.name)).toEqual(['b']);
    expect(server.requests('tools/list').map((r) => r.params)).toEqual([undefined, { cursor: 'p2' }]);
  });

  it('auto-paginates tools, prompts, resources and templates', async () => {
    const pages =
      <T>(key: string, items: T[][]) =>
      (params: JSONObject | undefined) => {
        const index = params?.cursor === undefined ? 0 : Number(params.cursor);
        const page: JSONObject = { [key]: items[index] };
        if (index + 1 < items.length) page.nextCursor = String(index + 1);
        return page;
      };
    const { client } = await connectPair({
      handlers: {
        'tools/list': pages('tools', [[tool('a'), tool('b')], [tool('c')], [tool('d')]]),
        'prompts/list': pages('prompts', [[{ name: 'p1' }], [{ name: 'p2' }]]),
        'resources/list': pages('resources', [[{ uri: 'r:1', name: 'one' }], [{ uri: 'r:2', name: 'two' }]]),
        'resources/templates/list': pages('resourceTemplates', [[{ uriTemplate: 'r:{id}', name: 'tpl' }]]),
      },
    });
    expect((await client.listAllTools()).map((t) => t.name)).toEqual(['a', 'b', 'c', 'd']);
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['p1', 'p2']);
    expect((await client.listAllResources()).map((r) => r.uri)).toEqual(['r:1', 'r:2']);
    expect((await client.listAllResourceTemplates()).map((r) => r.name)).toEqual(['tpl']);
    const streamed: string[] = [];
    for await (const item of client.iterateTools()) {
      streamed.push(item.name);
      if (item.name === 'b') break;
    }
    expect(streamed).toEqual(['a', 'b']);
  });

  it('stops when the server repeats a cursor forever', async () => {
    const { client, server } = await connectPair({
      handlers: { 'tools/list': () => ({ tools: [tool('x')], nextCursor: 'same' }) },
    });
    const failure = (await client.listAllTools().catch((e: unknown) => e)) as McpClientError;
    expect(failure.code).toBe(McpClientErrorCode.PaginationLoop);
    expect(failure.message).toContain("cursor 'same' a second time");
    expect(server.requests('tools/list')).toHaveLength(2);
  });

  it('stops after maxPages pages even when every cursor is new', async () => {
    let page = 0;
    const { client } = await connectPair(
      { handlers: { 'prompts/list': () => ({ prompts: [], nextCursor: `c${page++}` }) } },
      { maxPages: 3 },
    );
    await expect(client.listAllPrompts()).rejects.toThrow(/after 3 pages/);
  });

  it('calls tools, gets prompts, reads resources, completes and pings', async () => {
    const { client, server } = await connectPair({
      handlers: {
        'tools/call': (params) => ({
          content: [{ type: 'text', text: `sum=${(params!.arguments as { a: number; b: number }).a + 3}` }],
        }),
        'prompts/get': (params) => ({
          messages: [
            {
              role: 'user',
              content: { type: 'text', text: `hi ${(params!.arguments as { who: string }).who}` },
            },
          ],
        }),
        'resources/read': (params) => ({
          contents: [{ uri: params?.uri, text: 'body', mimeType: 'text/plain' }],
        }),
        'completion/complete': () => ({ completion: { values: ['alpha', 'alps'], hasMore: false } }),
        ping: () => ({}),
      },
    });
    const called = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } });
    expect(called.content).toEqual([{ type: 'text', text: 'sum=8' }]);
    expect(server.requests('tools/call')[0]?.params).toEqual({
      name: 'add_numbers',
      arguments: { a: 5, b: 3 },
    });
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'hi Ada' });
    const read = await client.readResource({ uri: 'test://static-text' });
    expect(read.contents).toEqual([{ uri: 'test://static-text', text: 'body', mimeType: 'text/plain' }]);
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'who', value: 'al' },
    });
    expect(completion.completion.values).toEqual(['alpha', 'alps']);
    await client.ping();
    expect(server.requests('ping')).toHaveLength(1);
  });

  it('sets the logging level and delivers log messages to the callback', async () => {
    const logs: unknown[] = [];
    const { client, server } = await connectPair(
      { handlers: { 'logging/setLevel': () => ({}) } },
      { onLogMessage: (entry) => void logs.push(entry) },
    );
    await client.setLoggingLevel('warning');
    expect(server.requests('logging/setLevel')[0]?.params).toEqual({ level: 'warning' });
    await server.peer.notify('notifications/message', { level: 'error', logger: 'db', data: { code: 7 } });
    await client.ping().catch(() => undefined);
    await expect.poll(() => logs).toEqual([{ level: 'error', logger: 'db', data: { code: 7 } }]);
    const replaced: unknown[] = [];
    client.setLogMessageHandler((entry) => void replaced.push(entry.data));
    await server.peer.notify('notifications/message', { level: 'info', data: 'second' });
    await expect.poll(() => replaced).toEqual(['second']);
  });

  it('reports a malformed log notification through onerror instead of the callback', async () => {
    const errors: Error[] = [];
    const logs: unknown[] = [];
    await connectPair(
      {},
      { onerror: (e) => void errors.push(e), onLogMessage: (e) => void logs.push(e) },
    ).then(({ server }) => server.peer.notify('notifications/message', { level: 'loud', data: 1 }));
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.message).toMatch(/malformed notifications\/message notification: params\.level/);
    expect(logs).toEqual([]);
  });
});

describe('capabilities and boundary validation', () => {
  it('fails fast, without a round trip, when the server lacks the capability', async () => {
    const { client, server } = await connectPair({ capabilities: { tools: {} } });
    const failure = (await client.listPrompts().catch((e: unknown) => e)) as McpClientError;
    expect(failure.code).toBe(McpClientErrorCode.CapabilityNotSupported);
    expect(failure.message).toMatch(/prompts\/list.*'prompts' capability \(declared: tools\)/);
    await expect(client.subscribeResource('x:1', () => {})).rejects.toThrow(/'resources\.subscribe'/);
    await expect(client.setLoggingLevel('info')).rejects.toThrow(/'logging'/);
    await expect(
      client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }),
    ).rejects.toThrow(/'completions'/);
    expect(server.requests('prompts/list')).toHaveLength(0);
  });

  it('sends anyway when strict mode is off, and surfaces the server error as JsonRpcError', async () => {
    const { client } = await connectPair({ capabilities: {} }, { enforceStrictCapabilities: false });
    const failure = (await client.listPrompts().catch((e: unknown) => e)) as JsonRpcError;
    expect(failure).toBeInstanceOf(JsonRpcError);
    expect(failure.code).toBe(-32601);
  });

  it('lets a 2024-11-05 server answer completion without declaring completions', async () => {
    const { client } = await connectPair({
      protocolVersion: '2024-11-05',
      capabilities: { prompts: {} },
      handlers: { 'completion/complete': () => ({ completion: { values: [] } }) },
    });
    const result = await client.complete({
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'a', value: '' },
    });
    expect(result.completion.values).toEqual([]);
  });

  it('names the path of a malformed result', async () => {
    const { client } = await connectPair({
      handlers: {
        'tools/list': () => ({ tools: [{ name: 'ok', inputSchema: { type: 'object' } }, { name: 3 }] }),
      },
    });
    const failure = (await client.listTools().catch((e: unknown) => e)) as McpClientError;
    expect(failure).toBeInstanceOf(McpClientError);
    expect(failure.code).toBe(McpClientErrorCode.InvalidResult);
    expect(failure.message).toMatch(
      /malformed tools\/list result \(protocol 2025-11-25\): result\.tools\[1\]\.name/,
    );
  });

  it('validates against the negotiated revision: no audio content from a 2024-11-05 server', async () => {
    const audio = { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] };
    const old = await connectPair({ protocolVersion: '2024-11-05', handlers: { 'tools/call': () => audio } });
    await expect(old.client.callTool({ name: 't' })).rejects.toMatchObject({
      code: McpClientErrorCode.InvalidResult,
    });
    const current = await connectPair({ handlers: { 'tools/call': () => audio } });
    expect((await current.client.callTool({ name: 't' })).content[0]?.type).toBe('audio');
  });

  it('surfaces server errors with code, message and data', async () => {
    const { client } = await connectPair({
      handlers: {
        'tools/call': () => {
          throw new JsonRpcError(-32602, 'Unknown tool: nope', { tool: 'nope' });
        },
      },
    });
    const failure = (await client.callTool({ name: 'nope' }).catch((e: unknown) => e)) as JsonRpcError;
    expect(failure).toBeInstanceOf(JsonRpcError);
    expect([failure.code, failure.message, failure.data]).toEqual([
      -32602,
      'Unknown tool: nope',
      { tool: 'nope' },
    ]);
  });

  it('recognises resource-not-found under both conventions (SEP-2164)', async () => {
    const codes = [-32002, -32602];
    let next = 0;
    const { client } = await connectPair({
      handlers: {
        'resources/read': (params) => {
          throw new JsonRpcError(codes[next++]!, 'Resource not found', { uri: params?.uri });
        },
      },
    });
    for (let i = 0; i < 2; i++) {
      const failure = await client.readResource({ uri: 'test://missing' }).catch((e: unknown) => e);
      expect(isResourceNotFound(failure)).toBe(true);
    }
    expect(isResourceNotFound(new JsonRpcError(-32603, 'boom'))).toBe(false);
    expect(isResourceNotFound(new Error('Resource not found'))).toBe(false);
  });
});
