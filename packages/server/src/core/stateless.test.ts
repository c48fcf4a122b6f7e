import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import { useBuiltInJsonSchemaValidator } from '../test-helpers/json-schema.js';
import type { ServerEvent } from './core.js';
import { RequestStateCodec } from './request-state.js';
import { createStatelessContext, outcomeToResponse } from './stateless.js';

useBuiltInJsonSchemaValidator();

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

function context(
  params: Record<string, unknown>,
  notifications: unknown[] = [],
  requestState?: RequestStateCodec,
) {
  return createStatelessContext({
    method: 'tools/call',
    params,
    signal: new AbortController().signal,
    supportedVersions: ['2026-07-28'],
    sendNotification: async (method, p) => {
      notifications.push({ method, params: p });
    },
    ...(requestState ? { requestState } : {}),
  });
}

describe('createStatelessContext', () => {
  it('reads the protocol facts from _meta', async () => {
    const ctx = await context({
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

  it('rejects a missing or incomplete _meta with -32602 and unknown versions with -32022', async () => {
    const attempt = (params: Record<string, unknown>) =>
      context(params).then(
        () => undefined,
        (error: unknown) => error as JsonRpcError,
      );
    expect((await attempt({}))?.code).toBe(-32602);
    const noCaps = await attempt({ _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
    expect(noCaps?.message).toBe('Missing params._meta["io.modelcontextprotocol/clientCapabilities"]');
    const unknown = await attempt({
      _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' },
    });
    expect(unknown?.code).toBe(-32022);
    expect(unknown?.data).toEqual({ supported: ['2026-07-28'], requested: 'v999.0.0' });
  });

  it('says precisely what is wrong inside _meta (the hand-written check leaves those to the schema)', async () => {
    const attempt = (meta: Record<string, unknown>) =>
      context({ _meta: { ...META, ...meta } }).then(
        () => undefined,
        (error: unknown) => error as JsonRpcError,
      );
    const caps = await attempt({
      'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: 'yes' } },
    });
    expect(caps?.code).toBe(-32602);
    expect(caps?.message).toBe(
      'Invalid params._meta: params._meta["io.modelcontextprotocol/clientCapabilities"].roots.listChanged: expected boolean, received string "yes"',
    );
    const info = await attempt({ 'io.modelcontextprotocol/clientInfo': { name: 'c', version: 1 } });
    expect(info?.message).toBe(
      'Invalid params._meta: params._meta["io.modelcontextprotocol/clientInfo"].version: expected string, received number 1',
    );
    // Icons are left to the schema, which accepts valid ones.
    const icons = await context({
      _meta: {
        ...META,
        'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1', icons: [{ src: 'i.png' }] },
      },
    });
    expect(icons.clientInfo).toEqual({ name: 'c', version: '1', icons: [{ src: 'i.png' }] });
  });

  it('asks with input_required under the chosen key and resumes from inputResponses', async () => {
    const server = statelessServer();
    const first = await server.handle(
      { method: 'tools/call', params: { name: 'greet', _meta: META } },
      await context({ _meta: META }),
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
    const second = await server.handle({ method: 'tools/call', params: retry }, await context(retry));
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
      await context({ _meta: META }),
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
      await context({ _meta: META }, silent),
    );
    expect(silent).toEqual([]);
    const loud: unknown[] = [];
    const meta = { ...META, 'io.modelcontextprotocol/logLevel': 'debug' };
    await server.handle(
      { method: 'tools/call', params: { name: 'test_logging_tool' } },
      await context({ _meta: meta }, loud),
    );
    expect(loud).toEqual([{ method: 'notifications/message', params: { level: 'info', data: 'logged' } }]);
  });
});

describe('multi-round input with a signed requestState', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  };
  const codec = new RequestStateCodec({ secret: 'a test secret of at least 32 bytes!' });
  const wizard = () => {
    const server = new McpServer({ name: 't', version: '1' }, { protocolVersions: ['2026-07-28'] });
    server.tool('wizard', {}, async (_args, ctx) => {
      const name = await ctx.elicit('Name?', { name: z.string() }, { key: 'step1' });
      const color = await ctx.elicit('Color?', { color: z.string() }, { key: 'step2' });
      if (name.action !== 'accept' || color.action !== 'accept') return 'declined';
      return `${name.content.name} likes ${color.content.color}`;
    });
    server.tool('together', {}, async (_args, ctx) => {
      const [a, b] = await Promise.all([
        ctx.elicit('A?', { a: z.string() }, { key: 'a' }),
        ctx.elicit('B?', { b: z.string() }, { key: 'b' }),
      ]);
      return `${a.action}/${b.action}`;
    });
    return server;
  };
  const call = async (server: McpServer, params: Record<string, unknown>) =>
    outcomeToResponse(
      1,
      await server.handle({ method: 'tools/call', params }, await context(params, [], codec)),
    );

  it('carries earlier answers across rounds and finishes in round 3', async () => {
    const server = wizard();
    const round1 = (await call(server, { name: 'wizard', _meta: META })) as { result: Record<string, any> };
    expect(Object.keys(round1.result.inputRequests)).toEqual(['step1']);
    const round2 = (await call(server, {
      name: 'wizard',
      _meta: META,
      requestState: round1.result.requestState,
      inputResponses: { step1: { action: 'accept', content: { name: 'Ada' } } },
    })) as { result: Record<string, any> };
    expect(Object.keys(round2.result.inputRequests)).toEqual(['step2']);
    expect(round2.result.requestState).not.toBe(round1.result.requestState);
    const round3 = (await call(server, {
      name: 'wizard',
      _meta: META,
      requestState: round2.result.requestState,
      inputResponses: { step2: { action: 'accept', content: { color: 'green' } } },
    })) as { result: Record<string, any> };
    expect(round3.result.content).toEqual([{ type: 'text', text: 'Ada likes green' }]);
  });

  it('asks questions awaited together in one input_required result', async () => {
    const round1 = (await call(wizard(), { name: 'together', _meta: META })) as {
      result: Record<string, any>;
    };
    expect(Object.keys(round1.result.inputRequests).sort()).toEqual(['a', 'b']);
  });

  it('rejects a tampered or foreign requestState with -32602', async () => {
    const server = wizard();
    const round1 = (await call(server, { name: 'wizard', _meta: META })) as { result: Record<string, any> };
    const state = round1.result.requestState as string;
    // Change the next-to-last character to one it is not (comparing the character replaced, not the last
    // one: otherwise about one state in 64 came back unchanged and the test failed at random).
    const tampered = `${state.slice(0, -2)}${state.at(-2) === 'A' ? 'B' : 'A'}${state.slice(-1)}`;
    expect(tampered).not.toBe(state);
    for (const requestState of [tampered, 'garbage', `${state}.extra`]) {
      const error = await context({ _meta: META, requestState }, [], codec).catch((e: JsonRpcError) => e);
      expect(error).toMatchObject({ code: -32602 });
      expect((error as JsonRpcError).message).toMatch(/^Invalid requestState: /);
    }
    const other = new RequestStateCodec({ secret: 'another secret of at least 32 bytes' });
    const foreign = await context({ _meta: META, requestState: state }, [], other).catch(
      (e: JsonRpcError) => e,
    );
    expect((foreign as JsonRpcError).message).toMatch(
      /^Invalid requestState: sealed with another secret \(key id [\w-]{11}; this server's is [\w-]{11}\): every server process behind one URL must be given the same RequestStateCodec secret$/,
    );
    const altered = await context({ _meta: META, requestState: tampered }, [], codec).catch(
      (e: JsonRpcError) => e,
    );
    expect((altered as JsonRpcError).message).toBe(
      'Invalid requestState: signature does not match: the state was altered after the server sealed it',
    );
  });

  it('refuses short secrets and oversized states', async () => {
    expect(() => new RequestStateCodec({ secret: 'short' })).toThrow(/use at least 16/);
    const tiny = new RequestStateCodec({ secret: 'a test secret of at least 32 bytes!', maxLength: 20 });
    await expect(
      tiny.seal({ a: { action: 'accept' } }, { method: 'tools/call', params: {} }),
    ).rejects.toThrow(/over the limit of 20/);
  });
});

describe('stateless requests over a connection', () => {
  it('answers server/discover and self-describing requests without initialize', async () => {
    const h = await connect(statelessServer(), { initialize: false });
    const bare = (await h.request('server/discover').catch((e: unknown) => e)) as JsonRpcError;
    expect(bare.code).toBe(-32602);
    const discovered = await h.request('server/discover', { _meta: META });
    expect(discovered).toMatchObject({
      supportedVersions: ['2025-11-25', '2026-07-28'],
      capabilities: { tools: { listChanged: true } },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 't', version: '1' } },
      resultType: 'complete',
      // DiscoverResult requires cache hints in the 2026-07-28 schema.
      ttlMs: 0,
      cacheScope: 'private',
    });
    const listed = await h.request('tools/list', { _meta: META });
    expect(listed.resultType).toBe('complete');
    expect((listed.tools as unknown[]).length).toBe(3);
    const asked = await h.request('tools/call', { name: 'greet', _meta: META });
    expect(asked.resultType).toBe('input_required');
    const ping = (await h.request('ping', { _meta: META }).catch((e: unknown) => e)) as JsonRpcError;
    expect(ping.code).toBe(-32601);
  });

  it('refuses the pre-codec { secret } form of options.requestState, naming the import', () => {
    const legacy = { secret: 'a test secret of at least 32 bytes!' } as never;
    expect(() => new McpServer({ name: 't', version: '1' }, { requestState: legacy })).toThrow(
      /@mcpkit\/server\/request-state'; requestState: new RequestStateCodec\(\{ secret \}\)/,
    );
  });

  it('signs requestState with the server secret on the session path', async () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      {
        protocolVersions: ['2026-07-28'],
        requestState: new RequestStateCodec({ secret: 'a test secret of at least 32 bytes!' }),
      },
    );
    server.tool('two', {}, async (_args, ctx) => {
      const first = await ctx.listRoots({ key: 'r1' });
      const second = await ctx.listRoots({ key: 'r2' });
      return `${first.length}+${second.length}`;
    });
    const h = await connect(server, { initialize: false });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { roots: {} },
    };
    const round1 = await h.request('tools/call', { name: 'two', _meta: meta });
    expect(typeof round1.requestState).toBe('string');
    const round2 = await h.request('tools/call', {
      name: 'two',
      _meta: meta,
      requestState: round1.requestState as string,
      inputResponses: { r1: { roots: [{ uri: 'file:///a' }] } },
    });
    expect(Object.keys(round2.inputRequests as object)).toEqual(['r2']);
    const done = await h.request('tools/call', {
      name: 'two',
      _meta: meta,
      requestState: round2.requestState as string,
      inputResponses: { r2: { roots: [] } },
    });
    expect(done.content).toEqual([{ type: 'text', text: '1+0' }]);
    const forged = (await h
      .request('tools/call', { name: 'two', _meta: meta, requestState: 'e30.AAAA' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(forged.code).toBe(-32602);
  });

  it('rejects stateless requests when the server speaks only stateful revisions', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('x', {}, () => 'x');
    const h = await connect(server, { initialize: false });
    const probe = (await h
      .request('server/discover', { _meta: META })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(probe.code).toBe(-32022);
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
