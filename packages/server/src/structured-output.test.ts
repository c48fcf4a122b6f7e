import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';
import { useBuiltInJsonSchemaValidator } from './test-helpers/json-schema.js';

useBuiltInJsonSchemaValidator();

// MCP 2026-07-28, server/tools.mdx "Structured Content": "This can be any JSON value (object,
// array, string, number, boolean, or null) that conforms to the tool's `outputSchema` if one is
// defined." Changelog item 10: "Loosen `inputSchema` and `outputSchema` to allow any JSON Schema
// 2020-12 keywords, and `structuredContent` to allow any JSON value."

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** The spec's own "Example tool with array output schema" (server/tools.mdx). */
const LIST_USERS_OUTPUT = {
  type: 'array',
  items: {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    required: ['id', 'name', 'email'],
  },
};
const USERS = [
  { id: '1', name: 'Alice', email: 'alice@example.com' },
  { id: '2', name: 'Bob', email: 'bob@example.com' },
];

function usersServer(users: unknown = USERS) {
  const server = new McpServer(
    { name: 't', version: '1' },
    { protocolVersions: ['2025-06-18', '2025-11-25', '2026-07-28'] },
  );
  server.tool(
    'list_users',
    {
      title: 'User List',
      description: 'Returns a list of all users',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: LIST_USERS_OUTPUT,
    },
    () => users,
  );
  server.tool('count_users', { outputSchema: z.number().int() }, () => 2);
  server.tool('nothing', { outputSchema: z.null() }, () => null);
  server.tool('flag', { outputSchema: z.boolean() }, () => false);
  server.tool('weather', { outputSchema: z.object({ temperature: z.number() }) }, () => ({
    temperature: 21.5,
  }));
  return server;
}

type ListedTool = { name: string; outputSchema?: { type?: unknown } };

describe('structuredContent of any JSON value (2026-07-28)', () => {
  it('registers the spec example "Example tool with array output schema" and lists it verbatim', async () => {
    const h = await connect(usersServer(), { initialize: false });
    const listed = (await h.request('tools/list', { _meta: META })).tools as ListedTool[];
    const users = listed.find((tool) => tool.name === 'list_users');
    expect(users?.outputSchema).toEqual(LIST_USERS_OUTPUT);
    expect(listed.find((tool) => tool.name === 'count_users')?.outputSchema?.type).toBe('integer');
  });

  it('serves array, number, boolean, null and object structuredContent, with the JSON as text too', async () => {
    const h = await connect(usersServer(), { initialize: false });
    const call = (name: string) => h.request('tools/call', { name, _meta: META });
    const users = await call('list_users');
    expect(users.structuredContent).toEqual(USERS);
    // "a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block"
    expect(users.content).toEqual([{ type: 'text', text: JSON.stringify(USERS) }]);
    expect(users.isError).toBeUndefined();
    expect((await call('count_users')).structuredContent).toBe(2);
    expect((await call('flag')).structuredContent).toBe(false);
    const nothing = await call('nothing');
    expect(nothing.structuredContent).toBeNull();
    expect(nothing.content).toEqual([{ type: 'text', text: 'null' }]);
    expect((await call('weather')).structuredContent).toEqual({ temperature: 21.5 });
  });

  it('still checks an array result against its outputSchema ("Servers MUST provide structured results that conform to this schema")', async () => {
    const h = await connect(usersServer([{ id: '1', name: 'Alice' }]), { initialize: false });
    const result = await h.request('tools/call', { name: 'list_users', _meta: META });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect((result.content as { text: string }[])[0]!.text).toMatch(
      /^Tool 'list_users' returned structuredContent that does not match its outputSchema: .*email/,
    );
  });
});

describe('non-object structured output for clients before 2026-07-28', () => {
  // 2025-11-25 schema.json: Tool.outputSchema is "Currently restricted to type: \"object\" at the
  // root level" and CallToolResult.structuredContent is "An optional JSON object".
  for (const version of ['2025-11-25', '2025-06-18']) {
    it(`${version}: lists the tool without a non-object outputSchema and answers with text only`, async () => {
      const h = await connect(usersServer(), { protocolVersion: version });
      const listed = (await h.request('tools/list')).tools as ListedTool[];
      expect(listed.find((tool) => tool.name === 'list_users')).not.toHaveProperty('outputSchema');
      expect(listed.find((tool) => tool.name === 'count_users')).not.toHaveProperty('outputSchema');
      expect(listed.find((tool) => tool.name === 'weather')?.outputSchema?.type).toBe('object');

      const users = await h.request('tools/call', { name: 'list_users' });
      expect(users).not.toHaveProperty('structuredContent');
      expect(users.content).toEqual([{ type: 'text', text: JSON.stringify(USERS) }]);
      const count = await h.request('tools/call', { name: 'count_users' });
      expect(count).toEqual({ content: [{ type: 'text', text: '2' }] });
      expect((await h.request('tools/call', { name: 'weather' })).structuredContent).toEqual({
        temperature: 21.5,
      });
    });
  }

  it('keeps the text a handler gave alongside a non-object structuredContent', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('list_users', { outputSchema: LIST_USERS_OUTPUT }, () => ({
      content: [{ type: 'text', text: 'Found 2 users: Alice and Bob.' }],
      structuredContent: USERS,
    }));
    const h = await connect(server, { protocolVersion: '2025-11-25' });
    expect(await h.request('tools/call', { name: 'list_users' })).toEqual({
      content: [{ type: 'text', text: 'Found 2 users: Alice and Bob.' }],
    });
  });
});
