import type { RequestHandler } from '@mcpkit/jsonrpc';
import { type JSONObject, type JSONRPCRequest, ResultSchema } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { McpClient } from './client.js';
import type { RequestOptions } from './client-options.js';
import { connectPair, createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

// `_meta` passed in the request options reaches the server in `params._meta`, read here from the
// raw JSON-RPC messages the fake server received.

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const CALLER_META = { traceparent: TRACEPARENT, 'com.example/tenant': 'acme' };
const PV = 'io.modelcontextprotocol/protocolVersion';

const HANDLERS: Record<string, RequestHandler> = {
  'tools/list': () => ({ tools: [] }),
  'tools/call': () => ({ content: [] }),
  'prompts/list': () => ({ prompts: [] }),
  'prompts/get': () => ({ messages: [] }),
  'resources/list': () => ({ resources: [] }),
  'resources/templates/list': () => ({ resourceTemplates: [] }),
  'resources/read': () => ({ contents: [] }),
  'resources/subscribe': () => ({}),
  'completion/complete': () => ({ completion: { values: [] } }),
  'x/echo': () => ({}),
  'server/discover': () => ({
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: FULL_CAPABILITIES,
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
  }),
};

/** Every call that takes request options, each once with `options`. */
async function callEverything(client: McpClient, options: RequestOptions): Promise<string[]> {
  await client.listTools(undefined, options);
  await client.callTool({ name: 'echo', arguments: { a: 1 } }, options);
  await client.listPrompts(undefined, options);
  await client.getPrompt({ name: 'p' }, options);
  await client.listResources(undefined, options);
  await client.listResourceTemplates(undefined, options);
  await client.readResource({ uri: 'test://r' }, options);
  await client.complete(
    { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } },
    options,
  );
  await client.request('x/echo', { n: 1 }, ResultSchema, options);
  return [
    'tools/list',
    'tools/call',
    'prompts/list',
    'prompts/get',
    'resources/list',
    'resources/templates/list',
    'resources/read',
    'completion/complete',
    'x/echo',
  ];
}

const metaOf = (request: JSONRPCRequest | undefined) => request?.params?._meta as JSONObject | undefined;

describe('_meta in request options', () => {
  it('reaches the server in params._meta on every call of a 2025-11-25 session', async () => {
    const { client, server } = await connectPair(
      { protocolVersion: '2025-11-25', handlers: HANDLERS },
      { protocolVersion: '2025-11-25' },
    );
    const methods = await callEverything(client, { _meta: CALLER_META });
    await client.subscribeResource('test://r', () => {}, { _meta: CALLER_META });
    for (const method of [...methods, 'resources/subscribe']) {
      expect(metaOf(server.requests(method)[0]), method).toEqual(CALLER_META);
    }
    // The other params are sent as given.
    expect(server.requests('tools/call')[0]?.params).toMatchObject({ name: 'echo', arguments: { a: 1 } });
  });

  it('is merged with the envelope of 2026-07-28, whose protocol keys win', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    const server = await startFakeServer(serverTransport, { handlers: HANDLERS });
    await client.connect(clientTransport);
    const methods = await callEverything(client, { _meta: { ...CALLER_META, [PV]: '1999-01-01' } });
    for (const method of methods) {
      const meta = metaOf(server.requests(method)[0]);
      expect(meta, method).toMatchObject({ ...CALLER_META, [PV]: '2026-07-28' });
      expect(meta?.['io.modelcontextprotocol/clientInfo'], method).toEqual({
        name: 'test-client',
        version: '0.1.0',
      });
    }
  });

  it("wins over params._meta key by key, keeps params' other keys, and leaves the caller's params alone", async () => {
    const { client, server } = await connectPair({ handlers: HANDLERS }, { protocolVersion: '2025-11-25' });
    const params = { name: 'echo', _meta: { traceparent: 'old', kept: true } };
    await client.callTool(params, { _meta: { traceparent: TRACEPARENT } });
    expect(metaOf(server.requests('tools/call')[0])).toEqual({ traceparent: TRACEPARENT, kept: true });
    expect(params._meta).toEqual({ traceparent: 'old', kept: true });
  });

  it('leaves progressToken to the SDK when onprogress is set', async () => {
    const { client, server } = await connectPair({ handlers: HANDLERS }, { protocolVersion: '2025-11-25' });
    await client.callTool(
      { name: 'echo' },
      { _meta: { progressToken: 'mine', traceparent: TRACEPARENT }, onprogress: () => {} },
    );
    const meta = metaOf(server.requests('tools/call')[0]);
    expect(meta?.traceparent).toBe(TRACEPARENT);
    expect(meta?.progressToken).not.toBe('mine');
    expect(meta?.progressToken).toBe(server.requests('tools/call')[0]?.id);
  });

  it('is sent with every page by the paginating helpers', async () => {
    const pages: Record<string, JSONObject> = {
      first: { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'two' },
      two: { tools: [{ name: 'b', inputSchema: { type: 'object' } }] },
    };
    const { client, server } = await connectPair(
      { handlers: { 'tools/list': (params) => pages[(params?.cursor as string | undefined) ?? 'first']! } },
      { protocolVersion: '2025-11-25' },
    );
    const tools = await client.listAllTools({ _meta: CALLER_META });
    expect(tools.map((tool) => tool.name)).toEqual(['a', 'b']);
    expect(server.requests('tools/list').map(metaOf)).toEqual([CALLER_META, CALLER_META]);
  });

  it('sends no _meta when none is given', async () => {
    const { client, server } = await connectPair({ handlers: HANDLERS }, { protocolVersion: '2025-11-25' });
    await client.callTool({ name: 'echo' });
    expect(server.requests('tools/call')[0]?.params).toEqual({ name: 'echo' });
  });
});
