import { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';
import { useBuiltInJsonSchemaValidator } from './test-helpers/json-schema.js';

useBuiltInJsonSchemaValidator();

function echoServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const server = new McpServer({ name: 'test', version: '1.0.0' }, options);
  server.tool(
    'echo',
    {
      title: 'Echo',
      description: 'Echoes text',
      inputSchema: z.object({ text: z.string().describe('what to echo') }),
    },
    ({ text }) => `echo: ${text}`,
  );
  return server;
}

describe('tools/list', () => {
  it('lists tools with the JSON Schema converted once at registration', async () => {
    const { request } = await connect(echoServer());
    const result = await request('tools/list');
    expect(result.tools).toEqual([
      {
        name: 'echo',
        title: 'Echo',
        description: 'Echoes text',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { text: { type: 'string', description: 'what to echo' } },
          required: ['text'],
        },
      },
    ]);
    expect(result.nextCursor).toBeUndefined();
  });

  it('keeps a raw JSON Schema verbatim and validates against it', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { positive: { type: 'integer', minimum: 1 } },
      properties: { count: { $ref: '#/$defs/positive' } },
      required: ['count'],
      additionalProperties: false,
    };
    server.tool(
      'count',
      { description: 'counts', inputSchema: schema },
      (args) => `count=${String(args.count)}`,
    );
    const { request } = await connect(server);
    const listed = (await request('tools/list')).tools as { inputSchema: unknown }[];
    expect(listed[0]!.inputSchema).toEqual(schema);
    expect(await request('tools/call', { name: 'count', arguments: { count: 3 } })).toEqual({
      content: [{ type: 'text', text: 'count=3' }],
    });
    const bad = await request('tools/call', { name: 'count', arguments: { count: 0 } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]!.text).toBe(
      "Invalid arguments for tool 'count': count: 0 is less than 1 (keyword 'minimum')",
    );
  });
});

describe('JSON Schema dialects', () => {
  it('validates with the dialect the schema declares (draft-07 tuple items)', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    server.tool(
      'pair',
      {
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
        },
      },
      () => 'ok',
    );
    const { request } = await connect(server);
    expect(
      (await request('tools/call', { name: 'pair', arguments: { pair: ['a', 1] } })).isError,
    ).toBeUndefined();
    expect((await request('tools/call', { name: 'pair', arguments: { pair: ['a', 'b'] } })).isError).toBe(
      true,
    );
  });
});

describe('tools/call', () => {
  it('types and validates zod arguments', async () => {
    const { request } = await connect(echoServer());
    expect(await request('tools/call', { name: 'echo', arguments: { text: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'echo: hi' }],
    });
  });

  it('answers invalid arguments with an isError result naming the path (SEP-1303)', async () => {
    const { request } = await connect(echoServer());
    const result = await request('tools/call', { name: 'echo', arguments: { text: 42 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(
      /^Invalid arguments for tool 'echo': text: .*string/,
    );
  });

  it('takes inputSchema: {} as "no arguments": listed and checked exactly as z.object({})', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    server.tool('ping', { inputSchema: {} }, (args) => `ping ${JSON.stringify(args)}`);
    server.tool('zping', { inputSchema: z.object({}) }, (args) => `ping ${JSON.stringify(args)}`);
    const { request } = await connect(server);
    const [ping, zping] = (await request('tools/list')).tools as { inputSchema: unknown }[];
    expect(ping!.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {},
    });
    expect(ping!.inputSchema).toEqual(zping!.inputSchema);
    // Arguments given anyway are dropped, as zod's object schemas drop unknown keys.
    for (const name of ['ping', 'zping']) {
      expect(await request('tools/call', { name })).toEqual({ content: [{ type: 'text', text: 'ping {}' }] });
      expect(await request('tools/call', { name, arguments: { extra: 1 } })).toEqual({
        content: [{ type: 'text', text: 'ping {}' }],
      });
    }
  });

  it('answers an unknown tool with -32602 naming it', async () => {
    const { request } = await connect(echoServer());
    const error = await request('tools/call', { name: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(-32602);
    expect((error as JsonRpcError).message).toBe("Unknown tool: 'nope'");
    expect((error as JsonRpcError).data).toEqual({ name: 'nope' });
  });

  it('answers malformed params with -32602 naming the path', async () => {
    const { request } = await connect(echoServer());
    const error = (await request('tools/call', { name: 7 }).catch((e: unknown) => e)) as JsonRpcError;
    expect(error.code).toBe(-32602);
    expect(error.message).toBe(
      "Invalid params for 'tools/call': params.name: expected string, received number 7",
    );
    // The same with a well-formed _meta beside it (kept out of the schema's way), and a bad one.
    const withMeta = (await request('tools/call', { name: 7, _meta: { progressToken: 1 } }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(withMeta.message).toBe(
      "Invalid params for 'tools/call': params.name: expected string, received number 7",
    );
    const badMeta = (await request('tools/call', { name: 'echo', _meta: { progressToken: 1.5 } }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(badMeta.message).toBe(
      "Invalid params for 'tools/call': params._meta.progressToken: expected string or integer, received number 1.5",
    );
  });

  it('turns a thrown error into an isError result and reports it', async () => {
    const reported: string[] = [];
    const server = new McpServer(
      { name: 'test', version: '1.0.0' },
      { onerror: (error, info) => reported.push(`${info.name}: ${error.message}`) },
    );
    server.tool('fail', { description: 'fails' }, () => {
      throw new Error('This tool intentionally returns an error for testing');
    });
    const { request } = await connect(server);
    expect(await request('tools/call', { name: 'fail' })).toEqual({
      content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
      isError: true,
    });
    expect(reported).toEqual(['fail: This tool intentionally returns an error for testing']);
  });

  it('accepts every return shape: string, block, blocks, full result', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    server.tool('block', {}, () => image);
    server.tool('blocks', {}, () => [{ type: 'text' as const, text: 'a' }, image]);
    server.tool('full', {}, () => ({ content: [{ type: 'text' as const, text: 'x' }], _meta: { k: 1 } }));
    server.tool('nothing', {}, () => undefined);
    const { request } = await connect(server);
    expect(await request('tools/call', { name: 'block' })).toEqual({ content: [image] });
    expect((await request('tools/call', { name: 'blocks' })).content).toHaveLength(2);
    expect(await request('tools/call', { name: 'full' })).toEqual({
      content: [{ type: 'text', text: 'x' }],
      _meta: { k: 1 },
    });
    expect(await request('tools/call', { name: 'nothing' })).toEqual({ content: [] });
  });

  it('validates structuredContent against the output schema', async () => {
    const reported: string[] = [];
    const server = new McpServer(
      { name: 'test', version: '1.0.0' },
      { onerror: (e) => reported.push(e.message) },
    );
    const output = z.object({ temperature: z.number() });
    server.tool('weather', { outputSchema: output, inputSchema: { city: z.string() } }, ({ city }) =>
      city === 'bad' ? ({ temperature: 'hot' } as never) : { temperature: 21.5 },
    );
    const { request } = await connect(server);
    const good = await request('tools/call', { name: 'weather', arguments: { city: 'Paris' } });
    expect(good).toEqual({
      content: [{ type: 'text', text: '{"temperature":21.5}' }],
      structuredContent: { temperature: 21.5 },
    });
    const bad = await request('tools/call', { name: 'weather', arguments: { city: 'bad' } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toBeUndefined();
    expect((bad.content as { text: string }[])[0]!.text).toMatch(
      /^Tool 'weather' returned structuredContent that does not match its outputSchema: temperature: /,
    );
    expect(reported).toHaveLength(1);
    const listed = (await request('tools/list')).tools as { outputSchema?: { type: string } }[];
    expect(listed[0]!.outputSchema?.type).toBe('object');
  });

  it('reports a missing structuredContent when an output schema is declared', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    server.tool(
      'x',
      { outputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
      () => 'plain text',
    );
    const { request } = await connect(server);
    const result = await request('tools/call', { name: 'x' });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe(
      "Tool 'x' has an outputSchema but returned no structuredContent",
    );
  });

  it('carries annotations, icons and _meta', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    server.tool(
      'read',
      {
        annotations: { readOnlyHint: true, title: 'Read' },
        icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png' }],
        _meta: { 'example.com/x': 1 },
      },
      () => 'ok',
    );
    const { request } = await connect(server);
    const [tool] = (await request('tools/list')).tools as Record<string, unknown>[];
    expect(tool).toMatchObject({
      annotations: { readOnlyHint: true, title: 'Read' },
      icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png' }],
      _meta: { 'example.com/x': 1 },
      inputSchema: { type: 'object', properties: {} },
    });
  });

  it('rejects bad registrations with a clear message', () => {
    const server = echoServer();
    expect(() => server.tool('echo', {}, () => '')).toThrow('A tool named "echo" is already registered');
    expect(() => server.tool('has space', {}, () => '')).toThrow(/Invalid tool name "has space"/);
    expect(() => server.tool('s', { inputSchema: z.string() as never }, () => '')).toThrow(
      /tool 's' inputSchema: expected an object schema/,
    );
  });
});
