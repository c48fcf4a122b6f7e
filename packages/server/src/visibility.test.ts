// Per-caller visibility: lists filtered per caller, invisible items answered exactly as unknown ones.
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import type { JSONObject, JSONRPCMessage } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { RequestContext } from './core/request-context.js';
import { outcomeToResponse } from './core/stateless.js';
import type { CallerContext } from './registry/visibility.js';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';

const STATELESS_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const admins = (caller: CallerContext) => caller.clientInfo?.name === 'admin';

/** A server whose `secret` items only the client named `admin` sees (or, without `secrets`, lacks them). */
function server(secrets = true) {
  const mcp = new McpServer({ name: 't', version: '1' }, { pageSize: 2 });
  mcp.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  if (secrets) mcp.tool('secret', { visible: admins }, () => 'classified');
  mcp.resource('file:///public', { name: 'public' }, () => 'hello');
  if (secrets) mcp.resource('file:///secret', { name: 'secret', visible: admins }, () => 'classified');
  if (secrets)
    mcp.resourceTemplate(
      'secret://{id}',
      {
        name: 'secrets',
        visible: admins,
        complete: { id: () => ['1', '2'] },
        list: () => [{ uri: 'secret://1', name: 'first secret' }],
      },
      (_uri, { id }) => `secret ${id}`,
    );
  mcp.prompt('greet', {}, () => 'hi');
  if (secrets)
    mcp.prompt(
      'secret',
      { arguments: z.object({ topic: z.string() }), visible: admins, complete: { topic: () => ['x'] } },
      () => 'classified',
    );
  return mcp;
}

/** A client on the raw wire: `send` resolves with the response exactly as serialized. */
async function rawClient(mcp: McpServer, name: string) {
  const [client, serverSide] = createInMemoryTransportPair();
  await mcp.connect(serverSide);
  const waiting = new Map<unknown, (text: string) => void>();
  client.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && !('method' in message)) waiting.get(message.id)?.(JSON.stringify(message));
  };
  await client.start();
  let lastId = 0;
  const send = (method: string, params: JSONObject) => {
    const id = ++lastId;
    return new Promise<string>((resolve) => {
      waiting.set(id, resolve);
      void client.send({ jsonrpc: '2.0', id, method, params });
    });
  };
  await send('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name, version: '1' },
  });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return send;
}

async function listAll(
  request: (method: string, params?: JSONObject) => Promise<JSONObject>,
  method: string,
  field: string,
) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await request(method, cursor === undefined ? {} : { cursor });
    pages.push((page[field] as JSONObject[]).map((item) => String(item.uri ?? item.name)));
    cursor = page.nextCursor as string | undefined;
  } while (cursor !== undefined && pages.length < 10);
  return pages;
}

describe('per-caller visibility', () => {
  it('lists show each caller only what it may see, paginated over what it sees', async () => {
    const mcp = server();
    const guest = await connect(mcp, { clientInfo: { name: 'guest', version: '1' } });
    const admin = await connect(mcp, { clientInfo: { name: 'admin', version: '1' } });
    expect(await listAll(guest.request, 'tools/list', 'tools')).toEqual([['echo']]);
    expect(await listAll(admin.request, 'tools/list', 'tools')).toEqual([['echo', 'secret']]);
    expect(await listAll(guest.request, 'resources/list', 'resources')).toEqual([['file:///public']]);
    // What an invisible template's `list` enumerates is hidden with it.
    expect(await listAll(admin.request, 'resources/list', 'resources')).toEqual([
      ['file:///public', 'file:///secret'],
      ['secret://1'],
    ]);
    expect(await guest.request('resources/templates/list', {})).toEqual({ resourceTemplates: [] });
    expect(await admin.request('resources/templates/list', {})).toMatchObject({
      resourceTemplates: [{ uriTemplate: 'secret://{id}' }],
    });
    expect(await listAll(guest.request, 'prompts/list', 'prompts')).toEqual([['greet']]);
    expect(await listAll(admin.request, 'prompts/list', 'prompts')).toEqual([['greet', 'secret']]);
  });

  it('pages over the filtered list: hidden entries take no place on a page and no cursor points at them', async () => {
    const mcp = new McpServer({ name: 't', version: '1' }, { pageSize: 2 });
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g'])
      mcp.tool(name, ['b', 'd', 'e'].includes(name) ? { visible: admins } : {}, () => name);
    const guest = await connect(mcp, { clientInfo: { name: 'guest', version: '1' } });
    const admin = await connect(mcp, { clientInfo: { name: 'admin', version: '1' } });
    expect(await listAll(guest.request, 'tools/list', 'tools')).toEqual([
      ['a', 'c'],
      ['f', 'g'],
    ]);
    expect(await listAll(admin.request, 'tools/list', 'tools')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g'],
    ]);
  });

  const HIDDEN_REQUESTS: [string, JSONObject][] = [
    ['tools/call', { name: 'secret', arguments: {} }],
    ['resources/read', { uri: 'file:///secret' }],
    ['resources/read', { uri: 'secret://42' }],
    ['prompts/get', { name: 'secret', arguments: { topic: 'x' } }],
    [
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'secret' }, argument: { name: 'topic', value: '' } },
    ],
    [
      'completion/complete',
      { ref: { type: 'ref/resource', uri: 'secret://{id}' }, argument: { name: 'id', value: '' } },
    ],
  ];

  it.each(HIDDEN_REQUESTS)(
    '%s of an invisible item answers byte for byte as for an unknown one (%j)',
    async (method, params) => {
      const hidden = await rawClient(server(), 'guest');
      const absent = await rawClient(server(false), 'guest');
      const allowed = await rawClient(server(), 'admin');
      const answer = await hidden(method, params);
      expect(answer).toBe(await absent(method, params));
      expect(JSON.parse(answer).error).toBeDefined();
      expect(JSON.parse(await allowed(method, params)).result).toBeDefined();
    },
  );

  it.each(HIDDEN_REQUESTS)(
    '2026-07-28: %s of an invisible item answers as for an unknown one (%j)',
    async (method, params) => {
      const answer = async (mcp: McpServer, name: string) => {
        const ctx: RequestContext = {
          protocolVersion: '2026-07-28',
          clientCapabilities: {},
          clientInfo: { name, version: '1' },
          signal: new AbortController().signal,
          sendNotification: async () => {},
          requestInput: async () => ({}),
        };
        const outcome = await mcp.handle({ method, params: { ...params, _meta: STATELESS_META } }, ctx);
        return JSON.stringify(outcomeToResponse(1, outcome));
      };
      const hidden = await answer(server(), 'guest');
      expect(hidden).toBe(await answer(server(false), 'guest'));
      expect(JSON.parse(hidden).error).toBeDefined();
      expect(JSON.parse(await answer(server(), 'admin')).result).toBeDefined();
    },
  );

  it('an invisible static resource leaves its URI to a visible template that matches it', async () => {
    const mcp = new McpServer({ name: 't', version: '1' });
    mcp.resource('file:///report', { name: 'full', visible: admins }, () => 'full report');
    mcp.resourceTemplate('file:///{name}', { name: 'files' }, (_uri, { name }) => `public ${name}`);
    const guest = await connect(mcp, { clientInfo: { name: 'guest', version: '1' } });
    const admin = await connect(mcp, { clientInfo: { name: 'admin', version: '1' } });
    expect(await guest.request('resources/read', { uri: 'file:///report' })).toMatchObject({
      contents: [{ text: 'public report' }],
    });
    expect(await admin.request('resources/read', { uri: 'file:///report' })).toMatchObject({
      contents: [{ text: 'full report' }],
    });
  });
});
