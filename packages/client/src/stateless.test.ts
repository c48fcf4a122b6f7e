import { JsonRpcError, type RequestHandler } from '@mcpkit/jsonrpc';
import type { JSONObject, JSONRPCRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientErrorCode } from './errors.js';
import { connectPair, createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';
const LEVEL = 'io.modelcontextprotocol/logLevel';

const complete = (result: JSONObject): JSONObject => ({ resultType: 'complete', ...result });
const listed = (result: JSONObject): JSONObject => complete({ ttlMs: 0, cacheScope: 'private', ...result });

const DISCOVER: RequestHandler = () =>
  listed({
    supportedVersions: ['2026-07-28', '2025-11-25'],
    capabilities: FULL_CAPABILITIES,
    instructions: 'modern',
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-server', version: '9' } },
  });

async function connectModern(handlers: Record<string, RequestHandler>, options = {}) {
  const { client, clientTransport, serverTransport, announcedVersions } = createClient({
    protocolVersion: '2026-07-28',
    ...options,
  });
  const server = await startFakeServer(serverTransport, {
    handlers: { 'server/discover': DISCOVER, ...handlers },
  });
  await client.connect(clientTransport);
  return { client, server, announcedVersions };
}

const metaOf = (request: JSONRPCRequest | undefined) =>
  request?.params?._meta as Record<string, unknown> | undefined;

describe('2026-07-28 negotiation', () => {
  it('probes server/discover, skips initialize and learns the server from the discover result', async () => {
    const { client, server, announcedVersions } = await connectModern({});
    expect(server.requests('initialize')).toHaveLength(0);
    expect(server.notifications('notifications/initialized')).toHaveLength(0);
    expect(metaOf(server.requests('server/discover')[0])).toEqual({
      [PV]: '2026-07-28',
      [CAPS]: {},
      [INFO]: { name: 'test-client', version: '0.1.0' },
    });
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.protocolMode).toBe('stateless');
    expect(client.serverInfo).toEqual({ name: 'modern-server', version: '9' });
    expect(client.instructions).toBe('modern');
    expect(client.serverCapabilities).toEqual(FULL_CAPABILITIES);
    expect(announcedVersions).toEqual(['2026-07-28']);
  });

  it('falls back to initialize when the server does not know server/discover', async () => {
    const { client, clientTransport, serverTransport, announcedVersions } = createClient({
      protocolVersion: '2026-07-28',
    });
    const server = await startFakeServer(serverTransport);
    await client.connect(clientTransport);
    expect(server.requests('server/discover')).toHaveLength(1);
    expect(server.requests('initialize')[0]?.params?.protocolVersion).toBe('2025-11-25');
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.protocolMode).toBe('stateful');
    expect(announcedVersions.at(-1)).toBe('2025-11-25');
    await server.waitFor((m) => 'method' in m && m.method === 'notifications/initialized');
  });

  it('falls back when the transport refuses the probe (an HTTP 400 from a legacy server)', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    const send = clientTransport.send.bind(clientTransport);
    clientTransport.send = (message, options) =>
      'method' in message && message.method === 'server/discover'
        ? Promise.reject(new Error('HTTP 400 Bad Request'))
        : send(message, options);
    const server = await startFakeServer(serverTransport);
    await client.connect(clientTransport);
    expect(client.protocolMode).toBe('stateful');
    expect(server.requests('server/discover')).toHaveLength(0);
  });

  it('stops, without falling back, when the caller aborts the probe', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    const server = await startFakeServer(serverTransport, {
      handlers: { 'server/discover': () => new Promise(() => {}) },
    });
    const controller = new AbortController();
    const connecting = client.connect(clientTransport, { signal: controller.signal });
    await server.waitFor((m) => 'method' in m && m.method === 'server/discover');
    controller.abort(new Error('user gave up'));
    await expect(connecting).rejects.toThrow('user gave up');
    expect(server.requests('initialize')).toHaveLength(0);
    expect(client.isConnected).toBe(false);
  });

  it('falls back when the probe times out over a transport where legacy servers may stay silent', async () => {
    const { client, clientTransport, serverTransport } = createClient({
      protocolVersion: '2026-07-28',
      discoverTimeoutMs: 40,
    });
    Object.assign(clientTransport, { legacyPeersMayStaySilent: true });
    await startFakeServer(serverTransport, { handlers: { 'server/discover': () => new Promise(() => {}) } });
    await client.connect(clientTransport);
    expect(client.protocolVersion).toBe('2025-11-25');
  });

  it('after UnsupportedProtocolVersionError uses a version the server lists, or fails clearly', async () => {
    const unsupported = (supported: string[]) => () => {
      throw new JsonRpcError(-32022, 'Unsupported protocol version', { supported, requested: '2026-07-28' });
    };
    const dual = createClient({ protocolVersion: '2026-07-28' });
    const dualServer = await startFakeServer(dual.serverTransport, {
      handlers: { 'server/discover': unsupported(['2025-06-18']) },
    });
    await dual.client.connect(dual.clientTransport);
    expect(dual.client.protocolVersion).toBe('2025-06-18');
    expect(dualServer.requests('initialize')).toHaveLength(1);

    const future = createClient({ protocolVersion: '2026-07-28' });
    const futureServer = await startFakeServer(future.serverTransport, {
      handlers: { 'server/discover': unsupported(['2099-01-01']) },
    });
    await expect(future.client.connect(future.clientTransport)).rejects.toMatchObject({
      code: McpClientErrorCode.UnsupportedProtocolVersion,
      message: expect.stringContaining('2099-01-01'),
    });
    expect(futureServer.requests('initialize')).toHaveLength(0);
  });

  it('retries a rejected request once with a version the server lists (conformance request-metadata)', async () => {
    let rejections = 0;
    const { client, server, announcedVersions } = await connectModern({
      'tools/list': () => {
        if (rejections++ === 0) {
          throw new JsonRpcError(-32022, 'Unsupported protocol version', {
            supported: ['2026-07-28'],
            requested: 'stale',
          });
        }
        return listed({ tools: [] });
      },
    });
    await client.listTools();
    const [first, retry] = server.requests('tools/list');
    expect(retry?.id).not.toBe(first?.id);
    expect(metaOf(retry)?.[PV]).toBe('2026-07-28');
    expect(announcedVersions.at(-1)).toBe('2026-07-28');
    rejections = 0;
    server.peer.setRequestHandler('tools/list', () => {
      rejections++;
      throw new JsonRpcError(-32022, 'Unsupported protocol version', { supported: ['2099-01-01'] });
    });
    await expect(client.listTools()).rejects.toMatchObject({ code: -32022 });
    expect(rejections).toBe(1);
  });

  it('retries the probe once when the server rejects a version it lists', async () => {
    let probes = 0;
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': (params, ctx) => {
          if (probes++ === 0) throw new JsonRpcError(-32022, 'Unsupported', { supported: ['2026-07-28'] });
          return DISCOVER(params, ctx);
        },
      },
    });
    await client.connect(clientTransport);
    expect([probes, client.protocolVersion]).toEqual([2, '2026-07-28']);
  });

  it('does not fall back on a modern error it cannot fix', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': () => {
          throw new JsonRpcError(-32020, 'Header mismatch');
        },
      },
    });
    await expect(client.connect(clientTransport)).rejects.toMatchObject({ code: -32020 });
  });
});

describe('2026-07-28 requests', () => {
  it("puts protocol version, capabilities and client info in every request, keeping the caller's _meta", async () => {
    const { client, server } = await connectModern(
      { 'tools/list': () => listed({ tools: [] }) },
      { sampling: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }) },
    );
    await client.listTools({ cursor: 'c1', _meta: { traceparent: '00-abc' } });
    const request = server.requests('tools/list')[0];
    expect(request?.params?.cursor).toBe('c1');
    expect(metaOf(request)).toEqual({
      traceparent: '00-abc',
      [PV]: '2026-07-28',
      [CAPS]: { sampling: {} },
      [INFO]: { name: 'test-client', version: '0.1.0' },
    });
  });

  it('sends the log level in _meta instead of logging/setLevel; ping uses server/discover', async () => {
    const { client, server } = await connectModern({ 'tools/list': () => listed({ tools: [] }) });
    await client.setLoggingLevel('debug');
    await client.listTools();
    expect(server.requests('logging/setLevel')).toHaveLength(0);
    expect(metaOf(server.requests('tools/list')[0])?.[LEVEL]).toBe('debug');
    await client.ping();
    expect(server.requests('ping')).toHaveLength(0);
    expect(server.requests('server/discover')).toHaveLength(2);
  });

  it('accepts handlers set after connect and declares them on the next request', async () => {
    const { client, server } = await connectModern({ 'tools/list': () => listed({ tools: [] }) });
    client.setElicitationHandler(() => ({ action: 'decline' }));
    await client.listTools();
    expect(metaOf(server.requests('tools/list')[0])?.[CAPS]).toEqual({ elicitation: { form: {} } });
  });

  it('validates results against the 2026-07-28 schemas, tolerating a missing resultType or cache hints', async () => {
    const { client } = await connectModern({
      'tools/list': () => ({ tools: [] }),
      'resources/list': () => listed({ resources: [], ttlMs: -5 }),
    });
    expect((await client.listTools()).tools).toEqual([]);
    await expect(client.listResources()).rejects.toMatchObject({
      code: McpClientErrorCode.InvalidResult,
      message: expect.stringMatching(/result\.ttlMs/),
    });
  });
});

describe('SEP-2243 headers', () => {
  it('leaves out tools with invalid x-mcp-header annotations and mirrors valid ones into headers', async () => {
    const errors: Error[] = [];
    const { client } = await connectModern(
      {
        'tools/list': () =>
          listed({
            tools: [
              {
                name: 'test_x_mcp_header',
                inputSchema: {
                  type: 'object',
                  properties: {
                    region: { type: 'string', 'x-mcp-header': 'Region' },
                    level: { type: 'integer' },
                  },
                },
              },
              {
                name: 'bad_header_tool',
                inputSchema: { type: 'object', properties: { x: { type: 'number', 'x-mcp-header': 'X' } } },
              },
            ],
          }),
      },
      { onerror: (e: Error) => void errors.push(e) },
    );
    const tools = await client.listAllTools();
    expect(tools.map((t) => t.name)).toEqual(['test_x_mcp_header']);
    expect(errors[0]).toMatchObject({ code: McpClientErrorCode.InvalidToolDefinition });
    const message = {
      jsonrpc: '2.0' as const,
      id: 9,
      method: 'tools/call',
      params: { name: 'test_x_mcp_header', arguments: { region: ' eu ', level: 2 } },
    };
    expect(client.messageHeaders(message, '2026-07-28')).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'test_x_mcp_header',
      'Mcp-Param-Region': '=?base64?IGV1IA==?=',
    });
    expect(client.messageHeaders(message, '2025-11-25')).toBeUndefined();
  });

  it('refreshes tool definitions once and retries after a header mismatch', async () => {
    let calls = 0;
    const { client, server } = await connectModern({
      'tools/list': () => listed({ tools: [] }),
      'tools/call': () => {
        if (calls++ === 0) throw new JsonRpcError(-32020, 'Mcp-Param-Region header missing');
        return complete({ content: [] });
      },
    });
    await client.callTool({ name: 'test_x_mcp_header', arguments: { region: 'eu' } });
    expect(server.requests('tools/list')).toHaveLength(1);
    expect(server.requests('tools/call')).toHaveLength(2);
    server.peer.setRequestHandler('tools/call', () => {
      throw new JsonRpcError(-32020, 'still mismatched');
    });
    await expect(client.callTool({ name: 't' })).rejects.toMatchObject({ code: -32020 });
    expect(server.requests('tools/call')).toHaveLength(4);
  });

  it('keeps every tool under a stateful revision', async () => {
    const { client } = await connectPair({
      handlers: {
        'tools/list': () => ({
          tools: [
            {
              name: 'n',
              inputSchema: { type: 'object', properties: { x: { type: 'number', 'x-mcp-header': 'X' } } },
            },
          ],
        }),
      },
    });
    expect((await client.listTools()).tools).toHaveLength(1);
  });
});

describe('subscriptions/listen', () => {
  /** A listen handler that acknowledges, then stays open until the client cancels it. */
  function listenHandler(opened: JSONObject[]): RequestHandler {
    return async (params, ctx) => {
      opened.push(params ?? {});
      await ctx.sendNotification('notifications/subscriptions/acknowledged', {
        _meta: { 'io.modelcontextprotocol/subscriptionId': ctx.requestId },
        notifications: params?.notifications as JSONObject,
      });
      return new Promise((_resolve, reject) => {
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
      });
    };
  }

  it('opens one stream for resource updates and list changes, reopening it when the filter changes', async () => {
    const opened: JSONObject[] = [];
    const { client, server } = await connectModern({
      'subscriptions/listen': listenHandler(opened),
      'tools/list': () => listed({ tools: [{ name: 'fresh', inputSchema: { type: 'object' } }] }),
    });
    expect(opened).toHaveLength(0);
    const updates: string[] = [];
    const subscription = await client.subscribeResource('test://watched', (u) => void updates.push(u.uri));
    expect(opened.at(-1)?.notifications).toEqual({ resourceSubscriptions: ['test://watched'] });
    expect(metaOf(server.requests('subscriptions/listen')[0])?.[PV]).toBe('2026-07-28');

    const tools: string[][] = [];
    client.setListChangedHandler('tools', {
      onChanged: (_e, list) => void tools.push((list ?? []).map((t) => t.name)),
    });
    await expect.poll(() => opened.length).toBe(2);
    expect(opened[1]?.notifications).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['test://watched'],
    });
    await server.waitFor((m) => 'method' in m && m.method === 'notifications/cancelled');

    const tag = { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } };
    await server.peer.notify('notifications/resources/updated', { ...tag, uri: 'test://watched' });
    await server.peer.notify('notifications/tools/list_changed', tag);
    await expect.poll(() => updates).toEqual(['test://watched']);
    await expect.poll(() => tools).toEqual([['fresh']]);

    await subscription.unsubscribe();
    await expect.poll(() => opened.length).toBe(3);
    expect(opened[2]?.notifications).toEqual({ toolsListChanged: true });
    client.setListChangedHandler('tools', undefined);
    await expect.poll(() => server.notifications('notifications/cancelled').length).toBe(3);
  });

  it('fails the subscription when the server rejects the stream, and reports it', async () => {
    const errors: Error[] = [];
    const { client } = await connectModern(
      {
        'subscriptions/listen': () => {
          throw new JsonRpcError(-32602, 'bad filter');
        },
      },
      { onerror: (e: Error) => void errors.push(e) },
    );
    await expect(client.subscribeResource('test://x', () => {})).rejects.toThrow('bad filter');
    expect(errors.map((e) => e.message)).toEqual(['bad filter']);
  });

  it('cancels the stream when the client closes', async () => {
    const opened: JSONObject[] = [];
    const { client, server } = await connectModern({ 'subscriptions/listen': listenHandler(opened) });
    await client.subscribeResource('test://y', () => {});
    await client.close();
    expect(server.requests('subscriptions/listen')).toHaveLength(1);
    expect(client.isConnected).toBe(false);
  });
});

describe('multi round-trip requests (SEP-2322)', () => {
  const handlers = {
    sampling: () => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text: 'Paris' },
      model: 'm',
    }),
    elicitation: () => ({ action: 'accept' as const, content: { name: 'Ada' } }),
    roots: [{ uri: 'file:///work', name: 'work' }],
  };

  it('answers every input request and retries with inputResponses, the exact requestState and a new id', async () => {
    const state = '  opaque/state==\u00e9 ';
    const { client, server } = await connectModern(
      {
        'tools/call': (params) => {
          if (params?.inputResponses === undefined) {
            return {
              resultType: 'input_required',
              requestState: state,
              inputRequests: {
                user_name: {
                  method: 'elicitation/create',
                  params: {
                    message: 'What is your name?',
                    requestedSchema: {
                      type: 'object',
                      properties: { name: { type: 'string' } },
                      required: ['name'],
                    },
                  },
                },
                greeting: {
                  method: 'sampling/createMessage',
                  params: {
                    messages: [{ role: 'user', content: { type: 'text', text: 'Capital?' } }],
                    maxTokens: 50,
                  },
                },
                client_roots: { method: 'roots/list', params: {} },
              },
            };
          }
          return complete({ content: [{ type: 'text', text: `state-ok ${params.requestState === state}` }] });
        },
      },
      handlers,
    );
    const result = await client.callTool({
      name: 'test_input_required_result_multiple_inputs',
      arguments: { a: 1 },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'state-ok true' }]);
    const [first, retry] = server.requests('tools/call');
    expect(retry?.id).not.toBe(first?.id);
    expect(retry?.params?.arguments).toEqual({ a: 1 });
    expect(retry?.params?.requestState).toBe(state);
    expect(retry?.params?.inputResponses).toEqual({
      user_name: { action: 'accept', content: { name: 'Ada' } },
      greeting: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' },
      client_roots: { roots: [{ uri: 'file:///work', name: 'work' }] },
    });
    expect(metaOf(retry)?.[PV]).toBe('2026-07-28');
  });

  it('runs several rounds, sending only the latest state and never a state it was not given', async () => {
    const { client, server } = await connectModern(
      {
        'prompts/get': (params) => {
          const round = server.requests('prompts/get').length;
          if (round === 1)
            return {
              resultType: 'input_required',
              requestState: 's1',
              inputRequests: { step1: { method: 'roots/list' } },
            };
          if (round === 2)
            return { resultType: 'input_required', inputRequests: { step2: { method: 'roots/list' } } };
          return complete({
            messages: [{ role: 'user', content: { type: 'text', text: `round ${round}` } }],
            seen: params,
          });
        },
      },
      handlers,
    );
    const result = await client.getPrompt({ name: 'p' });
    expect(result.messages[0]?.content).toEqual({ type: 'text', text: 'round 3' });
    const rounds = server.requests('prompts/get').map((r) => r.params);
    expect(rounds[1]?.requestState).toBe('s1');
    expect(Object.keys(rounds[1]?.inputResponses as object)).toEqual(['step1']);
    expect(rounds[2]).not.toHaveProperty('requestState');
    expect(Object.keys(rounds[2]?.inputResponses as object)).toEqual(['step2']);
  });

  it('retries a state-only input_required immediately, and gives up after maxInputRounds', async () => {
    const { client, server } = await connectModern(
      { 'resources/read': () => ({ resultType: 'input_required', requestState: 'again' }) },
      { maxInputRounds: 3 },
    );
    await expect(client.readResource({ uri: 'test://x' })).rejects.toMatchObject({
      code: McpClientErrorCode.TooManyInputRounds,
    });
    expect(server.requests('resources/read')).toHaveLength(4);
    expect(server.requests('resources/read')[1]?.params).not.toHaveProperty('inputResponses');
  });

  it('treats a result without resultType as complete, never retrying it, and leaves other calls alone', async () => {
    const { client, server } = await connectModern({
      'tools/call': () => ({ content: [{ type: 'text', text: 'no type' }] }),
      'tools/list': () => listed({ tools: [] }),
    });
    const result = await client.callTool({ name: 'test_mrtr_no_result_type' });
    expect(result.content).toEqual([{ type: 'text', text: 'no type' }]);
    expect(server.requests('tools/call')).toHaveLength(1);
    await client.listTools();
    expect(server.requests('tools/list')[0]?.params).not.toHaveProperty('inputResponses');
  });

  it('fails the call when it is asked something it has no handler for', async () => {
    const { client } = await connectModern({
      'tools/call': () => ({ resultType: 'input_required', inputRequests: { q: { method: 'roots/list' } } }),
    });
    await expect(client.callTool({ name: 't' })).rejects.toMatchObject({ code: -32601 });
  });
});
