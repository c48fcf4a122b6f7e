// The 2026-07-28 standard request headers (basic/transports/streamable-http.mdx, "Request
// Metadata") end to end on 127.0.0.1: our client against our server over real HTTP, with the headers
// recorded as they crossed the wire.

import { McpClient } from '@mcpkit/client';
import { JsonRpcPeer } from '@mcpkit/jsonrpc';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const MODERN = '2026-07-28';
const CAFE = 'file:///srv/café.txt';
const handles: ServerHandle[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const handle of handles.splice(0)) await handle.close();
});

type WireHeaders = Record<string, string | null>;

/** Serves a Streamable HTTP handler on 127.0.0.1, recording each POST's routing headers. */
async function serveRecording(handler: ReturnType<typeof createStreamableHttpHandler>) {
  const seen: WireHeaders[] = [];
  const recording = Object.assign(
    (request: Request) => {
      if (request.method === 'POST') {
        seen.push({
          version: request.headers.get('mcp-protocol-version'),
          method: request.headers.get('mcp-method'),
          name: request.headers.get('mcp-name'),
          count: request.headers.get('mcp-param-count'),
        });
      }
      return handler(request);
    },
    { close: () => handler.close() },
  );
  const handle = await serve(recording);
  handles.push(handle);
  return { url: new URL('/mcp', handle.url), seen };
}

function startMcpServer() {
  const server = new McpServer({ name: 'headers', version: '1.0.0' }, { protocolVersions: [MODERN] });
  server.resource(CAFE, { name: 'cafe', mimeType: 'text/plain' }, () => 'un café, merci');
  server.prompt('résumé', { description: 'A prompt named outside ASCII' }, () => 'Summarize this.');
  server.tool(
    'repeat',
    {
      inputSchema: {
        count: z.number().int().meta({ 'x-mcp-header': 'Count' }),
        word: z.string(),
      },
    },
    ({ count, word }) => Array.from({ length: count }, () => word).join(' '),
  );
  return serveRecording(createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) }));
}

async function connect(url: URL): Promise<McpClient> {
  const client = new McpClient({ name: 'headers-client', version: '1.0.0' }, { protocolVersion: MODERN });
  clients.push(client);
  await client.connect(new StreamableHttpClientTransport(url));
  return client;
}

/** One 2026-07-28 POST written by hand, for what our own client would never send. */
function post(
  url: URL,
  body: { id: number; method: string; params: Record<string, unknown> },
  headers: Record<string, string>,
) {
  const params = {
    ...body.params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    },
  };
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': MODERN,
      'mcp-method': body.method,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...body, params }),
  });
}

describe('2026-07-28 standard headers, our client against our server over HTTP', () => {
  // streamable-http.mdx: "If the `Mcp-Name` source value cannot be safely represented as a plain
  // ASCII header value, clients **MUST** encode it using the Base64 sentinel format described in
  // [Value Encoding](#value-encoding)." ... "Tool and prompt names are only **SHOULD**-constrained to
  // header-safe characters, so a name (or resource URI) outside the safe set is carried as:
  // `Mcp-Name: =?base64?{Base64EncodedValue}?=`"
  it('reads file:///srv/café.txt and gets a prompt named résumé, Mcp-Name Base64-encoded', async () => {
    const { url, seen } = await startMcpServer();
    const client = await connect(url);
    const read = await client.readResource({ uri: CAFE });
    expect(read.contents).toEqual([{ uri: CAFE, mimeType: 'text/plain', text: 'un café, merci' }]);
    const prompt = await client.getPrompt({ name: 'résumé' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Summarize this.' } }]);
    expect(seen).toContainEqual({
      version: MODERN,
      method: 'resources/read',
      name: '=?base64?ZmlsZTovLy9zcnYvY2Fmw6kudHh0?=',
      count: null,
    });
    expect(seen).toContainEqual({
      version: MODERN,
      method: 'prompts/get',
      name: '=?base64?csOpc3Vtw6k=?=',
      count: null,
    });
  });

  // "Every POST request to the MCP endpoint **MUST** include an `MCP-Protocol-Version` header."
  // "| `Mcp-Method` | `method` | All requests |"
  it('sends MCP-Protocol-Version and Mcp-Method on every POST, from discovery on', async () => {
    const { url, seen } = await startMcpServer();
    const client = await connect(url);
    await client.listTools();
    await client.callTool({ name: 'repeat', arguments: { count: 2, word: 'ha' } });
    expect(seen.map((headers) => headers.method)).toEqual(['server/discover', 'tools/list', 'tools/call']);
    for (const headers of seen) expect(headers.version).toBe(MODERN);
    expect(seen[2]).toEqual({ version: MODERN, method: 'tools/call', name: 'repeat', count: '2' });
  });

  // A tool name outside ASCII: our server refuses to register one (its own SHOULD rule), so a bare
  // 2026-07-28 peer behind our HTTP handler answers it.
  it('calls a tool named météo, Mcp-Name Base64-encoded and checked by the server transport', async () => {
    const { url, seen } = await serveRecording(
      createStreamableHttpHandler({
        onSession: async (transport) => {
          const peer = new JsonRpcPeer();
          peer.setRequestHandler('server/discover', () => ({
            supportedVersions: [MODERN],
            capabilities: { tools: {} },
            serverInfo: { name: 'bare', version: '1' },
          }));
          peer.setRequestHandler('tools/list', () => ({
            tools: [{ name: 'météo', inputSchema: { type: 'object' } }],
          }));
          peer.setRequestHandler('tools/call', (params) => ({
            content: [{ type: 'text', text: `called ${String(params?.name)}` }],
          }));
          await peer.connect(transport);
        },
      }),
    );
    const client = await connect(url);
    const result = await client.callTool({ name: 'météo' });
    expect(result.content).toEqual([{ type: 'text', text: 'called météo' }]);
    expect(seen.at(-1)).toEqual({
      version: MODERN,
      method: 'tools/call',
      name: '=?base64?bcOpdMOpbw==?=',
      count: null,
    });
  });

  // "When validating integer parameter values, servers **SHOULD** compare the header value and the
  // body value numerically rather than as strings (e.g., `42.0` and `42` are considered equal)."
  it('compares an integer Mcp-Param numerically: 42.0 in the header equals 42 in the body', async () => {
    const { url } = await startMcpServer();
    const call = (id: number, count: number) => ({
      id,
      method: 'tools/call',
      params: { name: 'repeat', arguments: { count, word: 'x' } },
    });
    for (const header of ['42.0', '4.2e1', '42']) {
      const response = await post(url, call(1, 42), { 'mcp-name': 'repeat', 'mcp-param-count': header });
      expect(response.status, `Mcp-Param-Count: ${header}`).toBe(200);
      const body = await response.json();
      expect(body.result.content[0].text.split(' ')).toHaveLength(42);
    }
    const differs = await post(url, call(2, 42), { 'mcp-name': 'repeat', 'mcp-param-count': '42.5' });
    expect(differs.status).toBe(400);
    expect(await differs.json()).toMatchObject({
      id: 2,
      error: {
        code: -32020,
        message: `Header mismatch for tool 'repeat': Mcp-Param-Count is "42.5" but arguments.count is 42`,
      },
    });
    const text = await post(url, call(3, 42), { 'mcp-name': 'repeat', 'mcp-param-count': 'forty-two' });
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      id: 3,
      error: {
        code: -32020,
        message: `Header mismatch for tool 'repeat': Mcp-Param-Count is "forty-two" but arguments.count is 42 (a number): expected a JSON number`,
      },
    });
  });
});
