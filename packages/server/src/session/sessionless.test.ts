import { type MessageExtra, progressTokenOf, type RequestContext } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject, type JSONRPCRequest, MetaKey, type RequestId } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';

// McpServer.answer: one request served with no session, peer or transport (the stateless HTTP
// fast path). It must answer as a session made for that request alone would.

function makeServer(): McpServer {
  const server = new McpServer(
    { name: 'sessionless', version: '1.0.0' },
    { protocolVersions: ['2025-06-18', '2025-11-25', '2026-07-28'] },
  );
  server.tool(
    'echo',
    { inputSchema: { text: z.string() } },
    ({ text }, ctx) => `${text} @${ctx.protocolVersion}`,
  );
  server.tool('steps', { inputSchema: {} }, async (_args, ctx) => {
    await ctx.log.info('working');
    await ctx.progress(1, 2);
    return 'done';
  });
  server.tool('ask', { inputSchema: {} }, async (_args, ctx) => {
    const answer = await ctx.elicit('Your name?', { name: z.string() });
    return answer.action;
  });
  server.tool('crash', { inputSchema: {} }, () => {
    throw new Error('the tool broke');
  });
  server.tool('whoami', { inputSchema: {} }, (_args, ctx) => ctx.auth?.clientId ?? 'nobody');
  return server;
}

/** The context a stateless transport makes for the request it hands to `answer`. */
class Channel implements RequestContext {
  readonly sent: { method: string; params?: JSONObject }[] = [];
  readonly controller = new AbortController();
  requestId: RequestId = 0;
  method = '';
  progressToken?: string | number;
  constructor(readonly extra?: MessageExtra) {}
  for(request: JSONRPCRequest): this {
    this.requestId = request.id;
    this.method = request.method;
    const token = progressTokenOf(request.params);
    if (token !== undefined) this.progressToken = token;
    return this;
  }
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  async sendNotification(method: string, params?: JSONObject): Promise<void> {
    this.sent.push(params === undefined ? { method } : { method, params });
  }
  sendRequest(method: string): Promise<JSONObject> {
    return Promise.reject(new Error(`${method} cannot be sent from here`));
  }
}

/** `server.answer(request, context)` as a transport calls it. */
function answer(server: McpServer, request: JSONRPCRequest, channel = new Channel()) {
  return server.answer(request, channel.for(request));
}

const call = (id: number, name: string, args: JSONObject = {}, meta?: JSONObject): JSONRPCRequest => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: meta },
});

describe('McpServer.answer (no session)', () => {
  it('answers initialize with the negotiated revision and keeps nothing', async () => {
    const server = makeServer();
    const request: JSONRPCRequest = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    };
    const first = await answer(server, request, new Channel());
    expect(first).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', serverInfo: { name: 'sessionless' } },
    });
    // A second initialize is answered too: there is no session to be "already initialized".
    expect(await answer(server, { ...request, id: 2 }, new Channel())).toMatchObject({ id: 2, result: {} });
    expect(server.sessions.size).toBe(0);
  });

  it('refuses bad initialize params with -32602 naming the field', async () => {
    const response = await answer(
      makeServer(),
      { jsonrpc: '2.0', id: 'i', method: 'initialize', params: { capabilities: {} } },
      new Channel(),
    );
    expect(response).toMatchObject({ id: 'i', error: { code: ErrorCode.InvalidParams } });
    expect(JSON.stringify(response)).toContain('protocolVersion');
  });

  it('serves a 2025 request at the version the transport declared', async () => {
    const response = await answer(
      makeServer(),
      call(3, 'echo', { text: 'hi' }),
      new Channel({ protocolVersion: '2025-06-18' }),
    );
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'hi @2025-06-18' }] },
    });
  });

  it('serves a 2026-07-28 request from its _meta', async () => {
    const meta = { [MetaKey.ProtocolVersion]: '2026-07-28', [MetaKey.ClientCapabilities]: {} };
    const response = await answer(makeServer(), call(4, 'echo', { text: 'hi' }, meta), new Channel());
    expect(response).toMatchObject({
      id: 4,
      result: { content: [{ type: 'text', text: 'hi @2026-07-28' }] },
    });
  });

  it('sends progress and log messages of the request through the channel, before the answer', async () => {
    const channel = new Channel({ protocolVersion: '2025-11-25' });
    const response = await answer(makeServer(), call(5, 'steps', {}, { progressToken: 'p' }), channel);
    expect(response).toMatchObject({ id: 5, result: { content: [{ type: 'text', text: 'done' }] } });
    expect(channel.sent).toEqual([
      { method: 'notifications/message', params: { level: 'info', data: 'working' } },
      { method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 2 } },
    ]);
  });

  it('assumes a client without capabilities: asking it something fails with the reason, no hang', async () => {
    const response = await answer(
      makeServer(),
      call(6, 'ask'),
      new Channel({ protocolVersion: '2025-11-25' }),
    );
    expect(response).toMatchObject({ id: 6, result: { isError: true } });
    expect(JSON.stringify(response)).toContain('did not declare');
  });

  it('turns a crashing tool and an unknown method into error answers, never a rejection', async () => {
    const server = makeServer();
    const crashed = await answer(server, call(7, 'crash'), new Channel({ protocolVersion: '2025-11-25' }));
    expect(crashed).toMatchObject({ id: 7, result: { isError: true } });
    const unknown = await answer(server, { jsonrpc: '2.0', id: 8, method: 'nope/nope' }, new Channel());
    expect(unknown).toMatchObject({ id: 8, error: { code: ErrorCode.MethodNotFound } });
  });

  it('accepts logging/setLevel (it lasts as long as the request) and ping', async () => {
    const server = makeServer();
    const level = await answer(
      server,
      { jsonrpc: '2.0', id: 9, method: 'logging/setLevel', params: { level: 'error' } },
      new Channel({ protocolVersion: '2025-11-25' }),
    );
    expect(level).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
    expect(await answer(server, { jsonrpc: '2.0', id: 10, method: 'ping' }, new Channel())).toEqual({
      jsonrpc: '2.0',
      id: 10,
      result: {},
    });
  });

  it('hands the transport facts (auth) to the handler', async () => {
    const auth = { token: 't', clientId: 'client-7', scopes: [] };
    const response = await answer(
      makeServer(),
      call(11, 'whoami'),
      new Channel({ protocolVersion: '2025-11-25', authInfo: auth }),
    );
    expect(response).toMatchObject({ result: { content: [{ text: 'client-7' }] } });
  });
});
