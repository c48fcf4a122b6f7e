import { describe, expect, it } from 'vitest';
import { McpClientErrorCode } from './errors.js';
import { connectPair } from './test-helpers/fake-server.js';

const WEATHER_TOOL = {
  name: 'weather',
  inputSchema: { type: 'object' },
  outputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { temperature: { $ref: '#/$defs/celsius' }, conditions: { type: 'string' } },
    required: ['temperature', 'conditions'],
    $defs: { celsius: { type: 'number', minimum: -90 } },
  },
};

function weatherServer(structuredContent: unknown, isError = false) {
  return connectPair({
    handlers: {
      'tools/list': () => ({ tools: [WEATHER_TOOL] }),
      'tools/call': () => {
        const result: Record<string, unknown> = { content: [{ type: 'text', text: 'x' }], isError };
        if (structuredContent !== undefined) result.structuredContent = structuredContent;
        return result;
      },
    },
  });
}

describe('tool output validation', () => {
  it('accepts structuredContent that matches the cached outputSchema (with $ref)', async () => {
    const { client } = await weatherServer({ temperature: 21.5, conditions: 'sunny' });
    await client.listTools();
    const result = await client.callTool({ name: 'weather' });
    expect(result.structuredContent).toEqual({ temperature: 21.5, conditions: 'sunny' });
  });

  it('rejects mismatching structuredContent, naming the failing location', async () => {
    const { client } = await weatherServer({ temperature: -200, conditions: 'cold' });
    await client.listAllTools();
    const failure = await client.callTool({ name: 'weather' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: McpClientErrorCode.InvalidToolOutput });
    expect((failure as Error).message).toMatch(/Tool 'weather'.*#\/temperature/);
  });

  it('rejects a successful result without structuredContent', async () => {
    const { client } = await weatherServer(undefined);
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).rejects.toThrow(/no structuredContent/);
  });

  it('skips error results, unlisted tools, and calls that opt out', async () => {
    const wrong = { temperature: 'hot' };
    const errored = await weatherServer(undefined, true);
    await errored.client.listTools();
    expect((await errored.client.callTool({ name: 'weather' })).isError).toBe(true);

    const unlisted = await weatherServer(wrong);
    expect((await unlisted.client.callTool({ name: 'weather' })).structuredContent).toEqual(wrong);

    const optedOut = await weatherServer(wrong);
    await optedOut.client.listTools();
    expect(
      (await optedOut.client.callTool({ name: 'weather' }, { validateOutput: false })).structuredContent,
    ).toEqual(wrong);
  });

  it('can be switched off client-wide', async () => {
    const { client } = await connectPair(
      {
        handlers: {
          'tools/list': () => ({ tools: [WEATHER_TOOL] }),
          'tools/call': () => ({ content: [], structuredContent: { nope: true } }),
        },
      },
      { validateToolOutput: false },
    );
    await client.listTools();
    expect((await client.callTool({ name: 'weather' })).structuredContent).toEqual({ nope: true });
  });

  it('forgets cached schemas when the tool list changes', async () => {
    const { client, server } = await weatherServer({ wrong: 1 });
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).rejects.toThrow(/outputSchema/);
    await server.peer.notify('notifications/tools/list_changed');
    await client.ping();
    expect((await client.callTool({ name: 'weather' })).structuredContent).toEqual({ wrong: 1 });
  });
});

describe('remote $ref (conformance json-schema-ref-no-deref)', () => {
  it('never fetches a network $ref and reports the schema as unusable', async () => {
    const remote = { type: 'object', properties: { a: { $ref: 'https://127.0.0.1:9/never.json' } } };
    const { client } = await connectPair({
      handlers: {
        'tools/list': () => ({ tools: [{ name: 'r', inputSchema: remote, outputSchema: remote }] }),
        'tools/call': () => ({ content: [], structuredContent: { a: 1 } }),
      },
    });
    const [listed] = await client.listAllTools();
    expect(listed?.inputSchema).toEqual(remote);
    await expect(client.callTool({ name: 'r' })).rejects.toMatchObject({
      code: McpClientErrorCode.InvalidToolOutput,
      message: expect.stringMatching(/outputSchema the client cannot apply/),
    });
  });
});

describe('JSON Schema 2020-12 preservation (conformance json-schema-2020-12-preservation)', () => {
  const SCHEMA_2020_12 = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      address: {
        $anchor: 'addressDef',
        type: 'object',
        properties: { street: { type: 'string' }, city: { type: 'string' } },
        required: ['street'],
      },
    },
    properties: {
      name: { type: 'string' },
      address: { $ref: '#/$defs/address' },
      contactMethod: { type: 'string', enum: ['phone', 'email'] },
      phone: { type: 'string' },
      email: { type: 'string' },
    },
    allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
    if: { properties: { contactMethod: { const: 'phone' } } },
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
    then: { required: ['phone'] },
    else: { required: ['email'] },
    additionalProperties: false,
  };

  it('lists the inputSchema verbatim and sends it back byte-for-byte', async () => {
    const wire = JSON.stringify(SCHEMA_2020_12);
    const { client, server } = await connectPair({
      handlers: {
        'tools/list': () => ({
          tools: [
            {
              name: 'json_schema_2020_12_tool',
              inputSchema: JSON.parse(wire),
              outputSchema: JSON.parse(wire),
            },
            { name: 'json_schema_echo', inputSchema: { type: 'object' } },
          ],
        }),
        'tools/call': (params) => ({
          content: [{ type: 'text', text: 'ok' }],
          structuredContent:
            params?.name === 'json_schema_2020_12_tool'
              ? { name: 'x', contactMethod: 'email', email: 'e' }
              : undefined,
        }),
      },
    });
    const [schemaTool] = await client.listAllTools();
    // Validating output compiles the outputSchema; that must not annotate the listed schema.
    await client.callTool({ name: 'json_schema_2020_12_tool', arguments: { name: 'x', email: 'e' } });
    expect(JSON.stringify(schemaTool?.inputSchema)).toBe(wire);
    expect(JSON.stringify(schemaTool?.outputSchema)).toBe(wire);
    // The validator defines hidden bookkeeping properties on schemas it compiles; ours got a copy.
    expect(Object.getOwnPropertyNames(schemaTool?.outputSchema)).not.toContain('__absolute_uri__');
    await client.callTool({ name: 'json_schema_echo', arguments: { schema: schemaTool?.inputSchema } });
    const echo = server.requests('tools/call').find((r) => r.params?.name === 'json_schema_echo');
    expect(JSON.stringify((echo!.params!.arguments as { schema: unknown }).schema)).toBe(wire);
  });
});
