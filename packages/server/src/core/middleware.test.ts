import { JsonRpcError, type RequestContext as PeerRequestContext } from '@mcpkit/jsonrpc';
import { type JSONObject, type JSONRPCRequest, MetaKey } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';
import type { ServerMiddlewareContext } from './middleware.js';
import type { RequestEvent } from './request-events.js';

// McpServer.use: one onion chain around every request the server answers.

const ENVELOPE = {
  [MetaKey.ProtocolVersion]: '2026-07-28',
  [MetaKey.ClientCapabilities]: {},
  [MetaKey.ClientInfo]: { name: 'c', version: '1' },
};

function makeServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const calls: { text: string; meta: unknown }[] = [];
  const server = new McpServer(
    { name: 'mw', version: '1' },
    { protocolVersions: ['2025-11-25', '2026-07-28'], ...options },
  );
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }, ctx) => {
    calls.push({ text, meta: ctx._meta });
    return text;
  });
  server.tool('broken', { inputSchema: {} }, () => {
    throw new JsonRpcError(-32099, 'the tool refused');
  });
  return { server, calls };
}

const echo = (text: string, meta?: JSONObject): JSONObject =>
  meta === undefined
    ? { name: 'echo', arguments: { text } }
    : { name: 'echo', arguments: { text }, _meta: meta };

function errorOf(promise: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown }> {
  return promise.then(
    (value) => {
      throw new Error(`expected an error, got ${JSON.stringify(value)}`);
    },
    (error: { code: number; message: string; data?: unknown }) => error,
  );
}

function answerContext(request: JSONRPCRequest): PeerRequestContext {
  return {
    requestId: request.id,
    method: request.method,
    signal: new AbortController().signal,
    sendNotification: async () => undefined,
    sendRequest: () => Promise.reject(new Error('no requests from here')),
  };
}

describe('McpServer.use', () => {
  it('runs an onion, first registered outermost, around every request', async () => {
    const { server } = makeServer();
    const trail: string[] = [];
    server
      .use(async (ctx, next) => {
        trail.push(`outer> ${ctx.method}`);
        const outcome = await next();
        trail.push(`outer< ${outcome.type}`);
        return outcome;
      })
      .use(async (ctx, next) => {
        trail.push(`inner> ${ctx.method}`);
        const outcome = await next();
        trail.push(`inner< ${outcome.type}`);
        return outcome;
      });
    const h = await connect(server);
    await h.request('tools/call', echo('hi'));
    expect(trail).toEqual([
      // The handshake passes the chain as every request does.
      'outer> initialize',
      'inner> initialize',
      'inner< result',
      'outer< result',
      'outer> tools/call',
      'inner> tools/call',
      'inner< result',
      'outer< result',
    ]);
  });

  it('runs around initialize: sees its params and _meta, may refuse it, and the session opens only when answered', async () => {
    const { server } = makeServer();
    const seen: { version: unknown; meta: unknown }[] = [];
    const opened: string[] = [];
    server.onSession((event) => opened.push(`${event.type} ${event.protocolVersion}`));
    let refuse = true;
    server.use((ctx, next) => {
      if (ctx.method !== 'initialize') return next();
      seen.push({ version: ctx.params?.protocolVersion, meta: ctx._meta });
      if (refuse) throw new JsonRpcError(-32001, 'handshake refused');
      return next();
    });
    const h = await connect(server, { initialize: false });
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
      _meta: { traceparent: 'tp' },
    };
    expect(await errorOf(h.request('initialize', params))).toMatchObject({
      code: -32001,
      message: 'handshake refused',
    });
    expect(opened).toEqual([]);
    refuse = false;
    expect((await h.request('initialize', params)).protocolVersion).toBe('2025-11-25');
    expect(opened).toEqual(['open 2025-11-25']);
    expect(seen).toEqual([
      { version: '2025-11-25', meta: { traceparent: 'tp' } },
      { version: '2025-11-25', meta: { traceparent: 'tp' } },
    ]);
    // Answered once: a second initialize is refused by the session, inside the chain.
    expect((await errorOf(h.request('initialize', params))).message).toBe(
      'Session already initialized: send initialize once',
    );
    const request: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'initialize', params };
    const response = await server.answer(request, answerContext(request));
    expect(response).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    expect(seen).toHaveLength(4);
  });

  it('sees method, params, _meta, session, auth info and revision', async () => {
    const { server } = makeServer();
    const seen: ServerMiddlewareContext[] = [];
    server.use((ctx, next) => {
      seen.push(ctx);
      return next();
    });
    const authInfo = { token: 't', clientId: 'alice', scopes: ['read'] };
    const h = await connect(server, { authInfo });
    await h.request('tools/call', echo('hi', { traceparent: 'tp' }));
    const ctx = seen.at(-1)!;
    expect(ctx.method).toBe('tools/call');
    expect(ctx.params).toEqual(echo('hi', { traceparent: 'tp' }));
    expect(ctx._meta).toEqual({ traceparent: 'tp' });
    expect(Object.isFrozen(ctx._meta)).toBe(true);
    expect(ctx.request.protocolVersion).toBe('2025-11-25');
    expect(ctx.request.authInfo).toEqual(authInfo);
    expect(ctx.request.clientInfo).toEqual({ name: 'test-client', version: '1.0.0' });
    expect(ctx.request.requestId).toBeDefined();
  });

  it('may change the params, _meta included, before the core validates them', async () => {
    const { server, calls } = makeServer();
    server.use((ctx, next) => {
      if (ctx.method === 'tools/call') {
        ctx.params = { ...ctx.params, arguments: { text: 'rewritten' }, _meta: { tenant: 'acme' } };
      }
      return next();
    });
    const h = await connect(server);
    const result = await h.request('tools/call', echo('original', { traceparent: 'tp' }));
    expect(result.content).toEqual([{ type: 'text', text: 'rewritten' }]);
    expect(calls).toEqual([{ text: 'rewritten', meta: { tenant: 'acme' } }]);
    // The core still checks what the middleware gave it.
    server.use((ctx, next) => {
      ctx.params = { name: 42 };
      return next();
    });
    const invalid = await errorOf(h.request('tools/call', echo('x')));
    expect(invalid.code).toBe(-32602);
    expect(invalid.message).toMatch(/^Invalid params for 'tools\/call'/);
  });

  it('answers by itself, the handler never running', async () => {
    const { server, calls } = makeServer();
    server.use((ctx, next) =>
      ctx.method === 'tools/call' ? { type: 'result', result: { content: [], cached: true } } : next(),
    );
    const h = await connect(server);
    expect(await h.request('tools/call', echo('hi'))).toEqual({ content: [], cached: true });
    expect(calls).toEqual([]);
  });

  it("completes its own 2026-07-28 answer as the core's (resultType, serverInfo)", async () => {
    const { server } = makeServer();
    server.use(() => ({ type: 'result', result: { content: [] } }));
    const h = await connect(server, { initialize: false });
    const result = await h.request('tools/call', echo('hi', ENVELOPE));
    expect(result).toEqual({
      content: [],
      resultType: 'complete',
      _meta: { [MetaKey.ServerInfo]: { name: 'mw', version: '1' } },
    });
  });

  it('refuses with exactly the JSON-RPC error it throws or returns', async () => {
    const { server, calls } = makeServer();
    const h = await connect(server);
    server.use((ctx, next) => {
      if (ctx._meta?.tenant === undefined)
        throw new JsonRpcError(-32001, 'tenant required', { where: '_meta' });
      if (ctx._meta.tenant === 'banned') {
        return { type: 'error', error: new JsonRpcError(-32002, 'tenant banned') };
      }
      return next();
    });
    expect(await errorOf(h.request('tools/call', echo('hi')))).toMatchObject({
      code: -32001,
      message: 'tenant required',
      data: { where: '_meta' },
    });
    expect(await errorOf(h.request('tools/call', echo('hi', { tenant: 'banned' })))).toMatchObject({
      code: -32002,
      message: 'tenant banned',
    });
    expect(calls).toEqual([]);
    expect((await h.request('tools/call', echo('hi', { tenant: 'ok' }))).content).toEqual([
      { type: 'text', text: 'hi' },
    ]);
  });

  it('answers a middleware that throws with -32603 naming it, and reports it to onerror', async () => {
    const errors: { message: string; method?: string }[] = [];
    const { server } = makeServer({
      onerror: (error, info) => errors.push({ message: error.message, ...info }),
    });
    const h = await connect(server);
    server.use(
      () => {
        throw new Error('quota store down');
      },
      { name: 'quota' },
    );
    const error = await errorOf(h.request('tools/call', echo('hi')));
    expect(error).toMatchObject({ code: -32603, message: "Middleware 'quota' failed: quota store down" });
    expect(errors).toEqual([{ message: 'quota store down', method: 'tools/call' }]);
  });

  it("names it by its function's name, else its position", async () => {
    const { server } = makeServer();
    async function rateLimit(_ctx: ServerMiddlewareContext, next: () => Promise<unknown>) {
      await next();
      throw new Error('over the limit');
    }
    const h = await connect(server);
    server.use(rateLimit as never);
    expect((await errorOf(h.request('ping'))).message).toBe("Middleware 'rateLimit' failed: over the limit");

    const other = makeServer().server;
    const h2 = await connect(other);
    other
      .use((_ctx, next) => next())
      .use(
        (() => {
          return () => Promise.reject(new TypeError('nope'));
        })(),
      );
    expect((await errorOf(h2.request('ping'))).message).toBe("Middleware '#1' failed: nope");
  });

  it('refuses next() called twice, awaited or dropped, without an unhandled rejection', async () => {
    const { server, calls } = makeServer();
    server.use(
      async (ctx, next) => {
        if (ctx.params?.name !== 'echo') return next();
        const first = await next();
        if ((ctx.params!.arguments as JSONObject).text === 'drop') {
          void next();
          return first;
        }
        await next();
        return first;
      },
      { name: 'retry' },
    );
    const h = await connect(server);
    const awaited = await errorOf(h.request('tools/call', echo('await')));
    expect(awaited).toMatchObject({ code: -32603 });
    expect(awaited.message).toBe("Middleware 'retry' failed: next() was called twice (at most once)");
    const dropped = await errorOf(h.request('tools/call', echo('drop')));
    expect(dropped.message).toBe("Middleware 'retry' failed: next() was called twice (at most once)");
    // The handler ran once per request: the second next() never reached it.
    expect(calls.map((call) => call.text)).toEqual(['await', 'drop']);
  });

  it('answers a middleware that returns no outcome with an error naming it', async () => {
    const { server } = makeServer();
    const h = await connect(server);
    server.use((() => undefined) as never, { name: 'forgetful' });
    const error = await errorOf(h.request('ping'));
    expect(error.code).toBe(-32603);
    expect(error.message).toBe("Middleware 'forgetful' failed: it returned undefined, not an outcome");
  });

  it('lets an outer middleware observe an inner failure and a handler error as outcomes', async () => {
    const { server } = makeServer();
    const outcomes: unknown[] = [];
    server
      .use(async (_ctx, next) => {
        const outcome = await next();
        outcomes.push(outcome.type === 'error' ? outcome.error.code : outcome.type);
        return outcome;
      })
      .use((ctx, next) => {
        if (ctx.method === 'ping') throw new Error('inner broke');
        return next();
      });
    const h = await connect(server);
    outcomes.length = 0; // initialize's
    await errorOf(h.request('ping'));
    await errorOf(h.request('tools/list', { cursor: 7 }));
    await h.request('tools/call', echo('ok'));
    expect(outcomes).toEqual([-32603, -32602, 'result']);
  });

  it('runs on 2026-07-28 requests over a connection and through McpServer.answer', async () => {
    const { server } = makeServer();
    const seen: string[] = [];
    server.use((ctx, next) => {
      seen.push(`${ctx.method} ${ctx.request.protocolVersion} ${String(ctx._meta?.traceparent)}`);
      return next();
    });
    const h = await connect(server, { initialize: false });
    await h.request('tools/call', echo('a', { ...ENVELOPE, traceparent: 'one' }));
    const request: JSONRPCRequest = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: echo('b', { traceparent: 'two' }),
    };
    const response = await server.answer(request, answerContext(request));
    expect(response).toHaveProperty('result');
    expect(seen).toEqual(['tools/call 2026-07-28 one', 'tools/call 2025-11-25 two']);
  });

  it('costs nothing when none is registered: a synchronous answer stays synchronous', async () => {
    const { server } = makeServer();
    const h = await connect(server);
    const ctx = {
      protocolVersion: '2025-11-25',
      clientCapabilities: {},
      signal: new AbortController().signal,
      sendNotification: async () => undefined,
      requestInput: () => Promise.reject(new Error('none')),
    };
    const bare = server.handleNow({ method: 'tools/call', params: echo('sync') }, ctx);
    expect(bare).not.toBeInstanceOf(Promise);
    expect(bare).toMatchObject({ type: 'result' });
    server.use((_ctx, next) => next());
    const wrapped = server.handleNow({ method: 'tools/call', params: echo('sync') }, ctx);
    expect(wrapped).toBeInstanceOf(Promise);
    await h.request('ping');
  });

  it('runs onrequest as the outermost middleware: it sees what the chain answered', async () => {
    const events: RequestEvent[] = [];
    const { server } = makeServer({ onrequest: (event) => events.push(event) });
    server.use((ctx, next) => {
      if (ctx.method === 'tools/call') throw new JsonRpcError(-32001, 'refused by policy');
      return next();
    });
    const h = await connect(server);
    await errorOf(h.request('tools/call', echo('hi')));
    expect(
      events
        .filter((event) => event.method !== 'initialize')
        .map(({ method, name, outcome, error }) => ({ method, name, outcome, error })),
    ).toEqual([
      {
        method: 'tools/call',
        name: 'echo',
        outcome: 'error',
        error: { code: -32001, message: 'refused by policy' },
      },
    ]);
  });

  it('refuses a middleware that is not a function at registration', () => {
    const { server } = makeServer();
    expect(() => server.use('nope' as never)).toThrow(
      'McpServer.use: expected a function (ctx, next), got string',
    );
  });
});
