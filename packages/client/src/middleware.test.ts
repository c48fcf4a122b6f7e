import { JsonRpcError, type RequestHandler } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { McpClient } from './client.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { type ClientMiddleware, type ClientMiddlewareContext, runMiddleware } from './middleware.js';
import { connectPair, createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

// The real chain, watched: the no-middleware test checks a request never enters it.
vi.mock('./middleware.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./middleware.js')>();
  return { ...actual, runMiddleware: vi.fn(actual.runMiddleware) };
});

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const echo: RequestHandler = (params) => ({
  content: [{ type: 'text', text: JSON.stringify(params ?? {}) }],
});
const stateful = { protocolVersion: '2025-11-25' };

/** Connects with `configure` run before connect, so the chain also sees the handshake. */
function connectWith(configure: (client: McpClient) => void, handlers: Record<string, RequestHandler> = {}) {
  return connectPair({ handlers: { 'tools/call': echo, ...handlers } }, stateful, configure);
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e,
  );

describe('McpClient.use: the chain around outgoing requests', () => {
  it('wraps every request, handshake included, first added outermost, with the session facts', async () => {
    const trail: string[] = [];
    const seen: Array<Omit<ClientMiddlewareContext, 'params'>> = [];
    const layer =
      (name: string): ClientMiddleware =>
      async (ctx, next) => {
        trail.push(`${name}>${ctx.method}`);
        if (name === 'outer') {
          const { params: _params, ...facts } = ctx;
          seen.push(facts);
        }
        const result = await next();
        trail.push(`${name}<${ctx.method}`);
        return result;
      };
    const { client, clientTransport } = await connectPair(
      { handlers: { 'tools/call': echo } },
      stateful,
      (c) => {
        c.use(layer('outer')).use(layer('inner'));
      },
    );
    clientTransport.sessionId = 'session-1';
    await client.callTool({ name: 't' });
    expect(trail).toEqual([
      'outer>initialize',
      'inner>initialize',
      'inner<initialize',
      'outer<initialize',
      'outer>tools/call',
      'inner>tools/call',
      'inner<tools/call',
      'outer<tools/call',
    ]);
    expect(seen[0]).toEqual({
      method: 'initialize',
      protocolVersion: undefined,
      sessionId: undefined,
      serverInfo: undefined,
    });
    expect(seen[1]).toEqual({
      method: 'tools/call',
      protocolVersion: '2025-11-25',
      sessionId: 'session-1',
      serverInfo: { name: 'fake-server', version: '1.0.0' },
    });
  });

  it('can add _meta.traceparent and change params; the server receives what next() sent', async () => {
    const { client, server } = await connectWith((c) =>
      c.use(async (ctx, next) => {
        const params = ctx.params ?? {};
        ctx.params = {
          ...params,
          arguments: { rewritten: true },
          _meta: { ...(params._meta as JSONObject | undefined), traceparent: TRACEPARENT },
        };
        return next();
      }),
    );
    await client.callTool({ name: 't', arguments: { rewritten: false } }, { _meta: { mine: 1 } });
    const sent = server.requests('tools/call')[0]?.params;
    expect(sent).toEqual({
      name: 't',
      arguments: { rewritten: true },
      _meta: { mine: 1, traceparent: TRACEPARENT },
    });
    expect(server.requests('initialize')[0]?.params?._meta).toEqual({ traceparent: TRACEPARENT });
  });

  it('tells the JSON-RPC id once the request is sent: undefined before next(), the wire id after', async () => {
    const ids: Array<{ method: string; before: unknown; after: unknown }> = [];
    const { client, server } = await connectWith((c) =>
      c.use(async (ctx, next) => {
        const before = ctx.requestId;
        const result = await next();
        ids.push({ method: ctx.method, before, after: ctx.requestId });
        return result;
      }),
    );
    await client.callTool({ name: 't' });
    await client.callTool({ name: 't' });
    const wireIds = server.requests('tools/call').map((request) => request.id);
    expect(wireIds).toHaveLength(2);
    expect(ids.filter((seen) => seen.method === 'tools/call')).toEqual(
      wireIds.map((id) => ({ method: 'tools/call', before: undefined, after: id })),
    );
    expect(ids[0]).toEqual({
      method: 'initialize',
      before: undefined,
      after: server.requests('initialize')[0]?.id,
    });
  });

  it('sees the 2026-07-28 envelope in _meta and can add to it', async () => {
    const seenMeta: JSONObject[] = [];
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    client.use(async (ctx, next) => {
      seenMeta.push(ctx.params?._meta as JSONObject);
      ctx.params = {
        ...ctx.params,
        _meta: { ...(ctx.params?._meta as JSONObject), traceparent: TRACEPARENT },
      };
      return next();
    });
    const server = await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': () => ({
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: FULL_CAPABILITIES,
        }),
        'tools/call': echo,
      },
    });
    await client.connect(clientTransport);
    await client.callTool({ name: 't' });
    expect(seenMeta.map((meta) => meta['io.modelcontextprotocol/protocolVersion'])).toEqual([
      '2026-07-28',
      '2026-07-28',
    ]);
    expect(server.requests('server/discover')[0]?.params?._meta).toMatchObject({ traceparent: TRACEPARENT });
    expect(server.requests('tools/call')[0]?.params?._meta).toMatchObject({
      traceparent: TRACEPARENT,
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    });
  });

  it('can answer by itself: nothing goes on the wire and the result is validated as usual', async () => {
    const { client, server } = await connectWith((c) =>
      c.use(async (ctx, next) =>
        ctx.method === 'tools/call' ? { content: [{ type: 'text', text: 'cached' }] } : next(),
      ),
    );
    expect((await client.callTool({ name: 't' })).content).toEqual([{ type: 'text', text: 'cached' }]);
    expect(server.requests('tools/call')).toHaveLength(0);
  });

  it('refuses with a JsonRpcError passed as is, without sending', async () => {
    const refusal = new JsonRpcError(-32001, 'tool t is blocked by policy', { tool: 't' });
    const { client, server } = await connectWith((c) =>
      c.use(async (ctx, next) => {
        if (ctx.method === 'tools/call') throw refusal;
        return next();
      }),
    );
    expect(await failureOf(client.callTool({ name: 't' }))).toBe(refusal);
    expect(server.requests('tools/call')).toHaveLength(0);
  });

  it('wraps any other throw in MIDDLEWARE_FAILED naming the middleware: its name option, function name or index', async () => {
    const boom = new TypeError('cannot read tenant');
    const { client } = await connectWith((c) => {
      c.use((_ctx, next) => next());
      c.use(async function audit(ctx, next) {
        if (ctx.params?.name === 'by-function-name') throw boom;
        return next();
      });
      c.use(
        (ctx, next) => {
          if (ctx.params?.name === 'by-option') throw 'a string, thrown synchronously';
          return next();
        },
        { name: 'tenant-guard' },
      );
      c.use((ctx, next) => (ctx.params?.name === 'by-index' ? Promise.reject(new Error('no')) : next()));
    });
    const byName = await failureOf(client.callTool({ name: 'by-function-name' }));
    expect(byName).toBeInstanceOf(McpClientError);
    expect(byName).toMatchObject({
      code: McpClientErrorCode.MiddlewareFailed,
      message: "Client middleware 'audit' failed on tools/call: cannot read tenant",
      cause: boom,
      data: { middleware: 'audit', method: 'tools/call' },
    });
    expect(await failureOf(client.callTool({ name: 'by-option' }))).toMatchObject({
      message: "Client middleware 'tenant-guard' failed on tools/call: a string, thrown synchronously",
    });
    expect(await failureOf(client.callTool({ name: 'by-index' }))).toMatchObject({
      message: "Client middleware '#3' failed on tools/call: no",
    });
  });

  it("passes the server's error and an inner middleware's failure up through outer layers unchanged", async () => {
    const outerSaw: unknown[] = [];
    const { client } = await connectWith(
      (c) => {
        c.use(async function outer(_ctx, next) {
          try {
            return await next();
          } catch (error) {
            outerSaw.push(error);
            throw error;
          }
        });
        c.use(async function inner(ctx, next) {
          if (ctx.params?.name === 'inner-fails') throw new Error('inner broke');
          return next();
        });
      },
      {
        'tools/call': (params) => {
          throw new JsonRpcError(-32602, `Unknown tool: ${String(params?.name)}`);
        },
      },
    );
    const serverError = await failureOf(client.callTool({ name: 'missing' }));
    expect(serverError).toBeInstanceOf(JsonRpcError);
    expect(serverError).toMatchObject({ code: -32602, message: 'Unknown tool: missing' });
    const innerFailure = await failureOf(client.callTool({ name: 'inner-fails' }));
    expect(innerFailure).toMatchObject({
      message: "Client middleware 'inner' failed on tools/call: inner broke",
    });
    expect(outerSaw).toEqual([serverError, innerFailure]);
  });

  it('refuses a second next(), sending the request once', async () => {
    const { client, server } = await connectWith((c) =>
      c.use(
        async (ctx, next) => {
          const result = await next();
          if (ctx.method === 'tools/call') await next();
          return result;
        },
        { name: 'retry-twice' },
      ),
    );
    const failure = await failureOf(client.callTool({ name: 't' }));
    expect(failure).toMatchObject({
      code: McpClientErrorCode.MiddlewareFailed,
      message: expect.stringMatching(
        /^Client middleware 'retry-twice' called next\(\) twice for tools\/call$/,
      ),
    });
    expect(server.requests('tools/call')).toHaveLength(1);
  });

  it('rejects a middleware that resolves without a result object', async () => {
    const { client } = await connectWith((c) =>
      c.use(async function forgetful(ctx, next) {
        if (ctx.method !== 'tools/call') return next();
        await next();
        return undefined as unknown as JSONObject;
      }),
    );
    expect(await failureOf(client.callTool({ name: 't' }))).toMatchObject({
      code: McpClientErrorCode.MiddlewareFailed,
      message:
        "Client middleware 'forgetful' resolved tools/call with undefined instead of a result object (did it forget to return next()?)",
    });
  });

  it('is not entered at all while no middleware is registered', async () => {
    const run = vi.mocked(runMiddleware);
    run.mockClear();
    const { client, server } = await connectWith(() => {});
    await client.callTool({ name: 't' });
    expect(server.requests('tools/call')).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    client.use((_ctx, next) => next());
    await client.callTool({ name: 't' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('applies to requests sent after use(), also when added after connect', async () => {
    const { client, server } = await connectWith(() => {});
    await client.callTool({ name: 'before' });
    const methods: string[] = [];
    client.use((ctx, next) => {
      methods.push(ctx.method);
      return next();
    });
    await client.callTool({ name: 'after' });
    expect(methods).toEqual(['tools/call']);
    expect(server.requests('tools/call')).toHaveLength(2);
  });

  it('runs once per wire request: each 2026-07-28 input_required retry passes the chain', async () => {
    const { client, clientTransport, serverTransport } = createClient({
      protocolVersion: '2026-07-28',
      roots: [{ uri: 'file:///work', name: 'work' }],
    });
    const passes: JSONObject[] = [];
    client.use((ctx, next) => {
      if (ctx.method === 'tools/call') passes.push({ ...ctx.params });
      return next();
    });
    await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': () => ({
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: FULL_CAPABILITIES,
        }),
        'tools/call': (params) =>
          params?.inputResponses === undefined
            ? {
                resultType: 'input_required',
                requestState: 's1',
                inputRequests: { r: { method: 'roots/list' } },
              }
            : { resultType: 'complete', content: [] },
      },
    });
    await client.connect(clientTransport);
    await client.callTool({ name: 't' });
    expect(passes).toHaveLength(2);
    expect(passes[0]).not.toHaveProperty('inputResponses');
    expect(passes[1]).toMatchObject({
      requestState: 's1',
      inputResponses: { r: { roots: [{ uri: 'file:///work' }] } },
    });
  });

  it('sees the renewal of an expired session: the failed request, the new initialize and the resend', async () => {
    const { client, clientTransport, serverTransport } = createClient(stateful);
    const methods: string[] = [];
    client.use((ctx, next) => {
      methods.push(ctx.method);
      return next();
    });
    await startFakeServer(serverTransport, { handlers: { 'tools/call': echo } });
    await client.connect(clientTransport);
    const send = clientTransport.send.bind(clientTransport);
    let expireOnce = true;
    clientTransport.send = (message, options) => {
      if ('method' in message && message.method === 'tools/call' && expireOnce) {
        expireOnce = false;
        return Promise.reject(
          Object.assign(new Error('HTTP 404: session expired'), { code: 'SESSION_EXPIRED' }),
        );
      }
      return send(message, options);
    };
    await client.callTool({ name: 't' });
    expect(methods).toEqual(['initialize', 'tools/call', 'initialize', 'tools/call']);
  });
});
