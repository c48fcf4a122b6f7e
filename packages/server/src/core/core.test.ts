import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer, type RequestEvent } from '../server.js';
import { connect } from '../test-helpers/harness.js';
import type { InputRequest } from './input-request.js';
import { InputRequiredSignal, type RequestContext } from './request-context.js';

function statelessContext(overrides: Partial<RequestContext> = {}): RequestContext {
  return {
    protocolVersion: '2026-07-28',
    clientCapabilities: { elicitation: {} },
    signal: new AbortController().signal,
    sendNotification: async () => {},
    requestInput: async () => ({}),
    ...overrides,
  };
}

describe('the I/O-free core', () => {
  it('answers requests without any connection and marks 2026 results complete', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
    const outcome = await server.handle(
      { method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
      statelessContext(),
    );
    expect(outcome).toEqual({
      type: 'result',
      result: {
        content: [{ type: 'text', text: 'hi' }],
        resultType: 'complete',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 't', version: '1' } },
      },
    });
  });

  it('adds cache hints to 2026 list and read results', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { cacheHints: { ttlMs: 60_000 } });
    server.tool('x', {}, () => 'x');
    server.resource('a://r', { name: 'r' }, () => ({
      contents: [{ uri: 'a://r', text: 'r' }],
      ttlMs: 5,
      cacheScope: 'public' as const,
    }));
    const list = await server.handle({ method: 'tools/list' }, statelessContext());
    expect(list.type === 'result' && list.result).toMatchObject({
      ttlMs: 60_000,
      cacheScope: 'private',
      resultType: 'complete',
    });
    const read = await server.handle(
      { method: 'resources/read', params: { uri: 'a://r' } },
      statelessContext(),
    );
    expect(read.type === 'result' && read.result).toMatchObject({ ttlMs: 5, cacheScope: 'public' });
    const call = await server.handle({ method: 'tools/call', params: { name: 'x' } }, statelessContext());
    expect(call.type === 'result' && call.result).not.toHaveProperty('ttlMs');
  });

  it('answers methods named like Object.prototype members as unknown methods', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    for (const method of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) {
      const outcome = await server.handle({ method, params: {} }, statelessContext());
      expect(outcome.type === 'error' && outcome.error.code, method).toBe(-32601);
    }
  });

  it('refuses stateful-only methods in the stateless revision', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe']) {
      const outcome = await server.handle(
        { method, params: { level: 'info', uri: 'a://b' } },
        statelessContext(),
      );
      expect(outcome.type === 'error' && outcome.error.code, method).toBe(-32601);
    }
  });

  it('turns an InputRequiredSignal from requestInput into an input_required outcome', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('greet', {}, async (_args, ctx) => {
      const answer = await ctx.elicit('What is your name?', { name: z.string() });
      return answer.action === 'accept' ? `Hello, ${answer.content.name}!` : 'no';
    });
    // A minimal stateless adapter: answers from inputResponses, or asks.
    const adapter = (inputResponses: Record<string, Record<string, unknown>>) =>
      statelessContext({
        requestInput: async (request: InputRequest) => {
          const answer = inputResponses.user_name;
          if (answer === undefined) throw new InputRequiredSignal({ user_name: request }, 'state-1');
          return answer;
        },
      });
    const first = await server.handle({ method: 'tools/call', params: { name: 'greet' } }, adapter({}));
    expect(first).toMatchObject({
      type: 'input_required',
      requestState: 'state-1',
      inputRequests: {
        user_name: { method: 'elicitation/create', params: { message: 'What is your name?' } },
      },
    });
    const second = await server.handle(
      { method: 'tools/call', params: { name: 'greet' } },
      adapter({ user_name: { action: 'accept', content: { name: 'Ada' } } }),
    );
    expect(second).toMatchObject({
      type: 'result',
      result: { content: [{ type: 'text', text: 'Hello, Ada!' }], resultType: 'complete' },
    });
  });

  it('builds a server/discover result', () => {
    const server = new McpServer({ name: 't', version: '1' }, { instructions: 'hi' });
    server.tool('x', {}, () => '');
    expect(server.discoverResult(['2025-11-25', '2026-07-28'])).toEqual({
      supportedVersions: ['2025-11-25', '2026-07-28'],
      capabilities: { tools: { listChanged: true }, logging: {} },
      instructions: 'hi',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 't', version: '1' } },
      resultType: 'complete',
    });
  });
});

describe('params of ping and the list methods', () => {
  const stateful = (): RequestContext => statelessContext({ protocolVersion: '2025-11-25' });

  it('answers them with params left out, empty or carrying extra keys', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('x', {}, () => 'x');
    for (const params of [undefined, {}, { vendor: [1] }]) {
      const list = await server.handle({ method: 'tools/list', params }, stateful());
      expect(list.type, JSON.stringify(params)).toBe('result');
    }
    for (const params of [undefined, {}, { vendor: 1 }]) {
      expect(await server.handle({ method: 'ping', params }, stateful())).toEqual({
        type: 'result',
        result: {},
      });
    }
  });

  it('refuses a cursor that is not a string, and array params, with the schema error', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('x', {}, () => 'x');
    const badCursor = await server.handle({ method: 'tools/list', params: { cursor: 5 } }, stateful());
    expect(badCursor.type === 'error' && badCursor.error).toMatchObject({ code: -32602 });
    expect(badCursor.type === 'error' && badCursor.error.message).toMatch(
      /^Invalid params for 'tools\/list': params\.cursor: .*string/,
    );
    const array = await server.handle({ method: 'ping', params: [] as never }, stateful());
    expect(array.type === 'error' && array.error).toMatchObject({ code: -32602 });
  });
});

describe('custom methods and instrumentation', () => {
  it('validates custom method params and reports every request to onrequest', async () => {
    const events: RequestEvent[] = [];
    const server = new McpServer({ name: 't', version: '1' }, { onrequest: (event) => events.push(event) });
    server.method('acme/add', z.object({ a: z.number(), b: z.number() }), ({ a, b }) => ({ sum: a + b }));
    server.tool('echo', {}, () => 'x');
    server.tool('broken', {}, () => {
      throw new Error('nope');
    });
    const h = await connect(server);
    expect(await h.request('acme/add', { a: 2, b: 3 })).toEqual({ sum: 5 });
    const bad = await h.request('acme/add', { a: 'two' }).catch((e: { code: number; message: string }) => e);
    expect(bad).toMatchObject({ code: -32602 });
    expect((bad as { message: string }).message).toMatch(/^Invalid params for 'acme\/add': a: /);
    await h.request('tools/call', { name: 'echo' });
    const summary = events.map(({ method, name, outcome, error, protocolVersion }) => ({
      method,
      name,
      outcome,
      code: error?.code,
      protocolVersion,
    }));
    expect(summary).toEqual([
      // The handshake is a request like any other.
      {
        method: 'initialize',
        name: undefined,
        outcome: 'result',
        code: undefined,
        protocolVersion: '2025-11-25',
      },
      {
        method: 'acme/add',
        name: undefined,
        outcome: 'result',
        code: undefined,
        protocolVersion: '2025-11-25',
      },
      { method: 'acme/add', name: undefined, outcome: 'error', code: -32602, protocolVersion: '2025-11-25' },
      {
        method: 'tools/call',
        name: 'echo',
        outcome: 'result',
        code: undefined,
        protocolVersion: '2025-11-25',
      },
    ]);
    expect(events.every((event) => event.durationMs >= 0)).toBe(true);
    await h.request('tools/call', { name: 'broken' });
    expect(events.at(-1)).toMatchObject({
      method: 'tools/call',
      name: 'broken',
      outcome: 'result',
      isError: true,
    });
  });

  it('refuses custom methods that shadow MCP methods', () => {
    const server = new McpServer({ name: 't', version: '1' });
    expect(() => server.method('tools/call', () => ({}))).toThrow(
      "Cannot register custom method 'tools/call': the name belongs to MCP",
    );
    server.method('x/y', () => ({}));
    expect(() => server.method('x/y', () => ({}))).toThrow("Custom method 'x/y' is already registered");
  });

  it('reports an onrequest hook that throws instead of breaking the request', async () => {
    const errors: string[] = [];
    const server = new McpServer(
      { name: 't', version: '1' },
      {
        onrequest: () => {
          throw new Error('metrics down');
        },
        onerror: (error) => errors.push(error.message),
      },
    );
    const h = await connect(server);
    expect(await h.request('ping')).toEqual({});
    // Once for initialize, once for ping.
    expect(errors).toEqual(['metrics down', 'metrics down']);
  });
});
