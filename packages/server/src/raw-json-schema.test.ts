import { setJsonSchemaValidatorFactory } from '@mcpkit/protocol';
import { jsonSchemaValidator } from '@mcpkit/protocol/json-schema';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';

// The server carries no JSON Schema validator of its own: raw JSON Schema needs one installed
// (the built-in one from @mcpkit/protocol/json-schema, or a full one); zod schemas never do.

const ADD_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

const HOW_TO_INSTALL =
  "Install the built-in one once at startup: import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema'; " +
  'setJsonSchemaValidatorFactory(jsonSchemaValidator) — or pass a zod schema.';

function server() {
  return new McpServer({ name: 'test', version: '1.0.0' });
}

describe('raw JSON Schema without an installed validator', () => {
  afterEach(() => setJsonSchemaValidatorFactory(undefined));

  it('refuses a raw inputSchema at registration, naming the tool and field and saying what to do', () => {
    expect(() => server().tool('add', { inputSchema: ADD_SCHEMA }, () => 'x')).toThrow(
      new TypeError(
        `tool 'add' inputSchema is raw JSON Schema, and no JSON Schema validator is installed. ${HOW_TO_INSTALL}`,
      ),
    );
  });

  it('refuses a raw outputSchema the same way', () => {
    expect(() =>
      server().tool('add', { inputSchema: { a: z.number() }, outputSchema: ADD_SCHEMA }, () => 'x'),
    ).toThrow(`tool 'add' outputSchema is raw JSON Schema, and no JSON Schema validator is installed.`);
  });

  it('refuses raw JSON Schema for custom method params', () => {
    expect(() => server().method('x/sum', ADD_SCHEMA, () => ({}))).toThrow(
      `method 'x/sum' params is raw JSON Schema, and no JSON Schema validator is installed.`,
    );
  });

  it('registers and checks zod schemas with nothing installed', async () => {
    const mcp = server();
    mcp.tool('add', { inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => String(a + b));
    const { request } = await connect(mcp);
    expect(await request('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })).toEqual({
      content: [{ type: 'text', text: '5' }],
    });
  });

  it('validates raw JSON Schema once the built-in validator is installed', async () => {
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    const mcp = server();
    mcp.tool('add', { inputSchema: ADD_SCHEMA }, (args) => String(Number(args.a) + Number(args.b)));
    const { request } = await connect(mcp);
    expect(await request('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })).toEqual({
      content: [{ type: 'text', text: '5' }],
    });
    const bad = await request('tools/call', { name: 'add', arguments: { a: 2, b: 'three' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]!.text).toMatch(/^Invalid arguments for tool 'add': b: /);
  });
});
