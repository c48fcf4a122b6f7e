import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer, type ServerEvent } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import { createStatelessContext, outcomeToResponse } from './stateless.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};

function statelessServer() {
  const server = new McpServer(
    { name: 't', version: '1' },
    { protocolVersions: ['2025-11-25', '2026-07-28'] },
  );
  server.tool('greet', {}, async (_args, ctx) => {
    const reply = await ctx.sample({ messages: [], maxTokens: 50 }, { key: 'greeting' });
    const content = Array.isArray(reply.content) ? reply.content[0] : reply.content;
    return content?.type === 'text' ? content.text : '?';
  });
  server.tool('test_missing_capability', {}, async (_args, ctx) => {
    await ctx.listRoots();
    return 'unreachable';
  });
  server.tool('test_logging_tool', {}, async (_args, ctx) => {
    await ctx.log.info('logged');
    return 'ok';
  });
  return server;
}

function context(params: Record<string, unknown>, notifications: unknown[] = []) {
  return createStatelessContext({
    params,
    signal: new AbortController().signal,
    supportedVersions: ['2026-07-28'],
    sendNotification: async (method, p) => {
      notifications.push({ method, params: p });
    },
  });
}

describe('createStatelessContext', () => {
  it('reads the protocol facts from _meta', () => {
    const ctx = context({
      _meta: { ...META, 'io.modelcontextprotocol/logLevel': 'info', progressToken: 't' },
    });
    expect(ctx).toMatchObject({
      protocolVersion: '2026-07-28',
      clientCapabilities: { sampling: {} },
      clientInfo: { name: 'c', version: '1' },
      logLevel: 'info',
      progressToken: 't',
    });
  });

  it('rejects a missing or incomplete _meta with -32602 and unknown versions with -32022', () => {
    const attempt = (params: Record<string, unknown>) => {
      try {
        context(params);
        return undefined;
      } catch (error) {
        return error as JsonRpcError;
      }
    };
    expect(attempt({})?.code).toBe(-32602);
    const noCaps = attempt({ _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
    expect(noCaps?.message).toBe('Missing params._meta["io.modelcontextprotocol/clientCapabilities"]');
    const unknown = attempt({ _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } });
    expect(unknown?.code).toBe(-32022);
    expect(unknown?.data).toEqual({ supported: ['2026-07-28'], requested: 'v999.0.0' });
  });

  it('asks with input_required under the chosen key and resumes from inputResponses', async () => {
    const server = statelessServer();
    const first = await server.handle(
      { method: 'tools/call', params: { name: 'greet', _meta: META } },
      context({ _meta: META }),
    );
    expect(outcomeToResponse(1, first)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'input_required',
        inputRequests: {
          greeting: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 50 } },
        },
      },
    });
    const retry = {
      name: 'greet',
      _meta: META,
      inputResponses: { greeting: { role: 'assistant', content: { type: 'text', text: 'Hi!' }, model: 'm' } },
    };
    const second = await server.handle({ method: 'tools/call', params: retry }, context(retry));
    expect(outcomeToResponse(2, second)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [{ type: 'text', text: 'Hi!' }],
        resultType: 'complete',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 't', version: '1' } },
      },
    });
  });

  it('answers a missing client capability with -32021 and requiredCapabilities', async () => {
    const server = statelessServer();
    const outcome = await server.handle(
      { method: 'tools/call', params: { name: 'test_missing_capability' } },
      context({ _meta: META }),
    );
    const response = outcomeToResponse(3, outcome);
    expect(response).toMatchObject({
      id: 3,
      error: { code: -32021, data: { requiredCapabilities: { roots: {} } } },
    });
  });

  it('sends no log messages unless _meta sets a level', async () => {
    const server = statelessServer();
    const silent: unknown[] = [];
    await server.handle(
      { method: 'tools/call', params: { name: 'test_logging_tool' } },
      context({ _meta: META }, silent),
    );
    expect(silent).toEqual([]);
    const loud: unknown[] = [];
    const meta = { ...META, 'io.modelcontextprotocol/logLevel': 'debug' };
    await server.handle(
      { method: 'tools/call', params: { name: 'test_logging_tool' } },
      context({ _meta: meta }, loud),
    );
    expect(loud).toEqual([{ method: 'notifications/message', params: { level: 'info', data: 'logged' } }]);
  });
});

describe('stateless requests over a connection', () => {
  it('answers server/discover and self-describing requests without initialize', async () => {
    const h = await connect(statelessServer(), { initialize: false });
    const discovered = await h.request('server/discover');
    expect(discovered).toMatchObject({
      supportedVersions: ['2025-11-25', '2026-07-28'],
      capabilities: { tools: { listChanged: true } },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 't', version: '1' } },
      resultType: 'complete',
    });
    const listed = await h.request('tools/list', { _meta: META });
    expect(listed.resultType).toBe('complete');
    expect((listed.tools as unknown[]).length).toBe(3);
    const asked = await h.request('tools/call', { name: 'greet', _meta: META });
    expect(asked.resultType).toBe('input_required');
    const ping = (await h.request('ping', { _meta: META }).catch((e: unknown) => e)) as JsonRpcError;
    expect(ping.code).toBe(-32601);
  });

  it('rejects stateless requests when the server speaks only stateful revisions', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('x', {}, () => 'x');
    const h = await connect(server, { initialize: false });
    expect((await h.request('server/discover')).supportedVersions).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
    ]);
    const error = (await h.request('tools/list', { _meta: META }).catch((e: unknown) => e)) as JsonRpcError;
    expect(error.code).toBe(-32022);
  });
});

describe('server events and cheap per-request servers', () => {
  it('tells listeners about list changes and resource updates', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const events: ServerEvent[] = [];
    const unlisten = server.listen((event) => events.push(event));
    server.tool('a', {}, () => '');
    server.prompt('p', {}, () => '');
    server.notifyResourceUpdated('a://x');
    await settle();
    expect(events).toEqual([
      { type: 'resource_updated', uri: 'a://x' },
      { type: 'list_changed', list: 'tools' },
      { type: 'list_changed', list: 'prompts' },
    ]);
    unlisten();
    server.tool('b', {}, () => '');
    await settle();
    expect(events).toHaveLength(3);
  });

  it('reuses compiled schemas when a new server registers the same schema objects', async () => {
    const input = z.object({ q: z.string() });
    const build = () => {
      const server = new McpServer({ name: 't', version: '1' });
      server.tool('search', { inputSchema: input }, ({ q }) => q);
      return server;
    };
    const first = build().tools.get('search')!;
    const second = build().tools.get('search')!;
    expect(second.input).toBe(first.input);
    expect(second.definition.inputSchema).toBe(first.definition.inputSchema);
  });

  it('keeps a JSON Schema 2020-12 tool schema verbatim and validates with $ref, $anchor and if/then/else', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
          required: ['street', 'city'],
        },
      },
      properties: {
        name: { type: 'string' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword, not a thenable
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    };
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('json_schema_2020_12_tool', { description: 'd', inputSchema: schema }, () => 'ok');
    const h = await connect(server);
    const [tool] = (await h.request('tools/list')).tools as { inputSchema: unknown }[];
    expect(JSON.stringify(tool!.inputSchema)).toBe(JSON.stringify(schema));
    const ok = await h.request('tools/call', {
      name: 'json_schema_2020_12_tool',
      arguments: { name: 'a', contactMethod: 'email', email: 'a@b.c', address: { street: 's', city: 'c' } },
    });
    expect(ok.isError).toBeUndefined();
    const bad = await h.request('tools/call', {
      name: 'json_schema_2020_12_tool',
      arguments: { contactMethod: 'phone', email: 'a@b.c', address: { street: 's' } },
    });
    expect(bad.isError).toBe(true);
  });
});
