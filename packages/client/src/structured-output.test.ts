import type { RequestHandler } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientErrorCode } from './errors.js';
import { createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

// MCP 2026-07-28, server/tools.mdx "Structured Content": "This can be any JSON value (object,
// array, string, number, boolean, or null) that conforms to the tool's `outputSchema` if one is
// defined." and "Output Schema": "Clients **SHOULD** validate structured results against this
// schema."

const complete = (result: JSONObject): JSONObject => ({ resultType: 'complete', ...result });
const listed = (result: JSONObject): JSONObject => complete({ ttlMs: 0, cacheScope: 'private', ...result });

/** The spec's "Example tool with array output schema" plus a primitive and a null output. */
const TOOLS = [
  {
    name: 'list_users',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
        required: ['id', 'name', 'email'],
      },
    },
  },
  { name: 'count_users', inputSchema: { type: 'object' }, outputSchema: { type: 'integer', minimum: 0 } },
  { name: 'nothing', inputSchema: { type: 'object' }, outputSchema: { type: 'null' } },
];
const USERS = [
  { id: '1', name: 'Alice', email: 'alice@example.com' },
  { id: '2', name: 'Bob', email: 'bob@example.com' },
];

async function connectModern(outputs: Record<string, unknown>, tools: unknown[] = TOOLS) {
  const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
  const handlers: Record<string, RequestHandler> = {
    'server/discover': () =>
      listed({
        supportedVersions: ['2026-07-28'],
        capabilities: FULL_CAPABILITIES,
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-server', version: '1' } },
      }),
    'tools/list': () => listed({ tools }),
    'tools/call': (params) => {
      const value = outputs[params?.name as string];
      return complete({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });
    },
  };
  await startFakeServer(serverTransport, { handlers });
  await client.connect(clientTransport);
  expect(client.protocolVersion).toBe('2026-07-28');
  return client;
}

describe('non-object structuredContent at 2026-07-28', () => {
  it('accepts and validates array, integer and null structuredContent against the listed outputSchema', async () => {
    const client = await connectModern({ list_users: USERS, count_users: 2, nothing: null });
    await client.listTools();
    expect((await client.callTool({ name: 'list_users' })).structuredContent).toEqual(USERS);
    expect((await client.callTool({ name: 'count_users' })).structuredContent).toBe(2);
    expect((await client.callTool({ name: 'nothing' })).structuredContent).toBeNull();
  });

  it('rejects an array or a number that does not match, naming the failing location', async () => {
    const client = await connectModern({ list_users: [{ id: '1', name: 'Alice' }], count_users: -1 });
    await client.listTools();
    const users = await client.callTool({ name: 'list_users' }).catch((e: unknown) => e);
    expect(users).toMatchObject({ code: McpClientErrorCode.InvalidToolOutput });
    expect((users as Error).message).toMatch(
      /^Tool 'list_users' returned structuredContent that does not match its outputSchema: .*#\/0/,
    );
    const count = await client.callTool({ name: 'count_users' }).catch((e: unknown) => e);
    expect(count).toMatchObject({ code: McpClientErrorCode.InvalidToolOutput });
  });
});

describe('an outputSchema too costly to apply', () => {
  // basic/index.mdx: implementations "SHOULD apply reasonable bounds ... to prevent a malicious
  // schema from acting as a Denial-of-Service vector against the validator."
  it('is reported as InvalidToolOutput naming the limit, not a stack overflow', async () => {
    const $defs: Record<string, unknown> = { d15: { type: 'string' } };
    for (let i = 0; i < 15; i++) {
      $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    }
    const tool = {
      name: 'deep',
      inputSchema: { type: 'object' },
      outputSchema: { $ref: '#/$defs/d0', $defs },
    };
    const client = await connectModern({ deep: 1 }, [tool]);
    await client.listTools();
    await expect(client.callTool({ name: 'deep' })).rejects.toMatchObject({
      code: McpClientErrorCode.InvalidToolOutput,
      message:
        "Tool 'deep' has an outputSchema the client cannot apply: JSON Schema validation stopped at #: limit maxErrors (10000) reached",
    });
  });
});
