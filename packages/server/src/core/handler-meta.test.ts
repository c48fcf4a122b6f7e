import type { RequestContext as PeerRequestContext } from '@mcpkit/jsonrpc';
import { type JSONObject, type JSONRPCRequest, MetaKey } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';

// Every kind of handler reads the request's `_meta` (read-only) as `ctx._meta`: over a stateful
// session, a 2026-07-28 request on a connection, and McpServer.answer (no session).

const TRACE = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tenant: 'acme' };
const ENVELOPE = {
  [MetaKey.ProtocolVersion]: '2026-07-28',
  [MetaKey.ClientCapabilities]: {},
  [MetaKey.ClientInfo]: { name: 'c', version: '1' },
};

/** A server whose every handler kind records the `_meta` it was given, by kind. */
function recordingServer() {
  const seen: Record<string, Readonly<JSONObject> | undefined> = {};
  const server = new McpServer(
    { name: 'meta', version: '1' },
    { protocolVersions: ['2025-11-25', '2026-07-28'] },
  );
  server.tool('traced', { inputSchema: {} }, (_args, ctx) => {
    seen.tool = ctx._meta;
    return 'ok';
  });
  server.resource('file:///a', { name: 'a' }, (_uri, ctx) => {
    seen.resource = ctx._meta;
    return 'a';
  });
  server.resourceTemplate(
    'file:///docs/{name}',
    {
      name: 'docs',
      list: (ctx) => {
        seen.templateList = ctx._meta;
        return [];
      },
      complete: {
        name: (_value, { ctx }) => {
          seen.templateComplete = ctx._meta;
          return ['x'];
        },
      },
    },
    (_uri, _variables, ctx) => {
      seen.template = ctx._meta;
      return 'doc';
    },
  );
  server.prompt(
    'p',
    {
      arguments: z.object({ topic: z.string() }),
      complete: {
        topic: (_value, { ctx }) => {
          seen.promptComplete = ctx._meta;
          return ['y'];
        },
      },
    },
    (_args, ctx) => {
      seen.prompt = ctx._meta;
      return 'prompt';
    },
  );
  server.method('acme/echo', (_params, ctx) => {
    seen.custom = ctx._meta;
    return {};
  });
  return { server, seen };
}

/** One request of each handler kind, each with `meta` as its `_meta`. */
const REQUESTS = (meta: JSONObject): [string, JSONObject][] => [
  ['tools/call', { name: 'traced', arguments: {}, _meta: meta }],
  ['resources/read', { uri: 'file:///a', _meta: meta }],
  ['resources/read', { uri: 'file:///docs/intro', _meta: meta }],
  ['resources/list', { _meta: meta }],
  ['prompts/get', { name: 'p', arguments: { topic: 't' }, _meta: meta }],
  [
    'completion/complete',
    { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'topic', value: '' }, _meta: meta },
  ],
  [
    'completion/complete',
    {
      ref: { type: 'ref/resource', uri: 'file:///docs/{name}' },
      argument: { name: 'name', value: '' },
      _meta: meta,
    },
  ],
  ['acme/echo', { _meta: meta }],
];
const KINDS = [
  'tool',
  'resource',
  'template',
  'templateList',
  'prompt',
  'promptComplete',
  'templateComplete',
  'custom',
];

function expectEverySeen(seen: Record<string, Readonly<JSONObject> | undefined>, meta: JSONObject) {
  expect(Object.keys(seen).sort()).toEqual([...KINDS].sort());
  for (const kind of KINDS) {
    expect(seen[kind], kind).toEqual(meta);
    expect(Object.isFrozen(seen[kind]), kind).toBe(true);
  }
}

/** The context a stateless HTTP transport makes for the one request it hands to `answer`. */
function answerContext(request: JSONRPCRequest): PeerRequestContext {
  const controller = new AbortController();
  return {
    requestId: request.id,
    method: request.method,
    signal: controller.signal,
    sendNotification: async () => undefined,
    sendRequest: () => Promise.reject(new Error('no requests from here')),
  };
}

describe('ctx._meta in every handler', () => {
  it('reaches tools, resources, templates, prompts, completions and custom methods in a session', async () => {
    const { server, seen } = recordingServer();
    const h = await connect(server);
    for (const [method, params] of REQUESTS(TRACE)) await h.request(method, params);
    expectEverySeen(seen, TRACE);
  });

  it('reaches them on a 2026-07-28 request over a connection, envelope and own keys alike', async () => {
    const { server, seen } = recordingServer();
    const h = await connect(server, { initialize: false });
    const meta = { ...ENVELOPE, ...TRACE };
    for (const [method, params] of REQUESTS(meta)) await h.request(method, params);
    expectEverySeen(seen, meta);
  });

  it('reaches them through McpServer.answer (no session), at 2025-11-25 and 2026-07-28', async () => {
    for (const meta of [TRACE, { ...ENVELOPE, ...TRACE }]) {
      const { server, seen } = recordingServer();
      let id = 0;
      for (const [method, params] of REQUESTS(meta)) {
        const request: JSONRPCRequest = { jsonrpc: '2.0', id: ++id, method, params };
        const response = await server.answer(request, answerContext(request));
        expect(response).not.toHaveProperty('error');
      }
      expectEverySeen(seen, meta);
    }
  });

  it('reaches them through McpServer.handle with a context made by hand', async () => {
    const { server, seen } = recordingServer();
    for (const [method, params] of REQUESTS(TRACE)) {
      const outcome = await server.handle(
        { method, params },
        {
          protocolVersion: '2025-11-25',
          clientCapabilities: {},
          signal: new AbortController().signal,
          sendNotification: async () => undefined,
          requestInput: () => Promise.reject(new Error('no questions here')),
        },
      );
      expect(outcome.type).toBe('result');
    }
    expectEverySeen(seen, TRACE);
  });

  it('is undefined without _meta, and read-only: a handler cannot change what the client sent', async () => {
    const server = new McpServer({ name: 'meta', version: '1' });
    const sent = { traceparent: 'x' };
    let mutation: unknown;
    let absent: unknown = 'unset';
    server.tool('mutate', { inputSchema: {} }, (_args, ctx) => {
      try {
        (ctx._meta as JSONObject).traceparent = 'changed';
      } catch (error) {
        mutation = error;
      }
      return String(ctx._meta?.traceparent);
    });
    server.tool('none', { inputSchema: {} }, (_args, ctx) => {
      absent = ctx._meta;
      return 'ok';
    });
    const h = await connect(server);
    const result = await h.request('tools/call', { name: 'mutate', arguments: {}, _meta: sent });
    expect(result.content).toEqual([{ type: 'text', text: 'x' }]);
    expect(mutation).toBeInstanceOf(TypeError);
    await h.request('tools/call', { name: 'none', arguments: {} });
    expect(absent).toBeUndefined();
  });
});
