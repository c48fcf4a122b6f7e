import { JsonRpcError } from '@mcpkit/jsonrpc';
import { toJsonSchema, toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import type { StandardSchemaWithJson } from './schema/standard-schema.js';
import { withJsonSchema } from './schema/standard-schema.js';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';

// The same tool, prompt and output schemas written with each supported library: each is
// advertised as its library's own JSON Schema, validates (and transforms) arguments, and
// reports problems the way zod's always were: `Invalid arguments for tool 'greet': path: message`.

const ZOD3_GREET_JSON_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    times: { type: 'integer', minimum: 1 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name'],
};

interface Library {
  name: string;
  /** `{ name: string (trimmed); times?: integer >= 1; tags?: string[] }` */
  greet: StandardSchemaWithJson;
  /** What the handler receives for `{ name: '  Ada  ', tags: ['x'] }`. */
  handlerGets: unknown;
  /** `{ greeting: string }` */
  output: StandardSchemaWithJson;
  /** `{ topic: string }` */
  prompt: StandardSchemaWithJson;
  /** What the library says for `{ name: 42 }`, `{ name: 'a', tags: ['x', 2] }`, and `{ greeting: 1 }`. */
  errors: { name: string; tag: string; greeting: string };
}

const libraries: Library[] = [
  {
    name: 'zod 4',
    greet: z.object({
      name: z.string().trim(),
      times: z.number().int().min(1).optional(),
      tags: z.array(z.string()).optional(),
    }),
    handlerGets: { name: 'Ada', tags: ['x'] },
    output: z.object({ greeting: z.string() }),
    prompt: z.object({ topic: z.string() }),
    errors: {
      name: 'name: Invalid input: expected string, received number',
      tag: 'tags.1: Invalid input: expected string, received number',
      greeting: 'greeting: Invalid input: expected string, received number',
    },
  },
  {
    name: 'zod 3 (zod/v3) with withJsonSchema',
    greet: withJsonSchema(
      z3.object({
        name: z3.string().trim(),
        times: z3.number().int().min(1).optional(),
        tags: z3.array(z3.string()).optional(),
      }),
      ZOD3_GREET_JSON_SCHEMA,
    ),
    handlerGets: { name: 'Ada', tags: ['x'] },
    output: withJsonSchema(z3.object({ greeting: z3.string() }), {
      type: 'object',
      properties: { greeting: { type: 'string' } },
      required: ['greeting'],
    }),
    prompt: withJsonSchema(z3.object({ topic: z3.string() }), {
      type: 'object',
      properties: { topic: { type: 'string' } },
      required: ['topic'],
    }),
    errors: {
      name: 'name: Expected string, received number',
      tag: 'tags.1: Expected string, received number',
      greeting: 'greeting: Expected string, received number',
    },
  },
  {
    name: 'valibot (toStandardJsonSchema)',
    greet: toStandardJsonSchema(
      v.object({
        // The JSON Schema converter refuses transforms (trim); a default still shows the output.
        name: v.string(),
        times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
        tags: v.optional(v.array(v.string())),
      }),
    ),
    handlerGets: { name: '  Ada  ', times: 1, tags: ['x'] },
    output: toStandardJsonSchema(v.object({ greeting: v.string() })),
    prompt: toStandardJsonSchema(v.object({ topic: v.string() })),
    errors: {
      name: 'name: Invalid type: Expected string but received 42',
      tag: 'tags.1: Invalid type: Expected string but received 2',
      greeting: 'greeting: Invalid type: Expected string but received 1',
    },
  },
  {
    name: 'arktype',
    greet: type({ name: 'string.trim', 'times?': 'number.integer >= 1', 'tags?': 'string[]' }),
    handlerGets: { name: 'Ada', tags: ['x'] },
    output: type({ greeting: 'string' }),
    prompt: type({ topic: 'string' }),
    errors: {
      name: 'name: name must be a string (was a number)',
      tag: 'tags.1: tags[1] must be a string (was a number)',
      greeting: 'greeting: greeting must be a string (was a number)',
    },
  },
];

function textOf(result: Record<string, unknown>): string {
  return (result.content as { text: string }[])[0]!.text;
}

describe.each(libraries)('$name schemas', (library) => {
  function server() {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    server.tool('greet', { inputSchema: library.greet }, (args) => JSON.stringify(args));
    server.tool('shout', { outputSchema: library.output }, () => ({ greeting: 'HI' }));
    server.prompt('explain', { arguments: library.prompt }, (args) => `Explain ${JSON.stringify(args)}`);
    return server;
  }

  it("advertises the library's own JSON Schema (draft 2020-12) for inputs, outputs and prompt arguments", async () => {
    const { request } = await connect(server());
    const tools = (await request('tools/list')).tools as {
      name: string;
      inputSchema: any;
      outputSchema?: any;
    }[];
    const greet = tools.find((tool) => tool.name === 'greet')!;
    expect(greet.inputSchema).toEqual(
      library.greet['~standard'].jsonSchema.input({ target: 'draft-2020-12' }),
    );
    expect(greet.inputSchema).toMatchObject({ type: 'object', properties: { name: { type: 'string' } } });
    expect(greet.inputSchema.required).toEqual(['name']);
    const shout = tools.find((tool) => tool.name === 'shout')!;
    expect(shout.outputSchema).toEqual(
      library.output['~standard'].jsonSchema.output({ target: 'draft-2020-12' }),
    );
    expect((await request('prompts/list')).prompts).toEqual([
      { name: 'explain', arguments: [{ name: 'topic', required: true }] },
    ]);
  });

  it("hands the handler the schema's output value", async () => {
    const { request } = await connect(server());
    const result = await request('tools/call', {
      name: 'greet',
      arguments: { name: '  Ada  ', tags: ['x'] },
    });
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(textOf(result))).toEqual(library.handlerGets);
  });

  it('answers invalid arguments with an isError result naming the argument, the problem and the expectation', async () => {
    const { request } = await connect(server());
    const wrongType = await request('tools/call', { name: 'greet', arguments: { name: 42 } });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toBe(`Invalid arguments for tool 'greet': ${library.errors.name}`);
    const nested = await request('tools/call', { name: 'greet', arguments: { name: 'a', tags: ['x', 2] } });
    expect(textOf(nested)).toBe(`Invalid arguments for tool 'greet': ${library.errors.tag}`);
    const missing = await request('tools/call', { name: 'greet', arguments: {} });
    expect(textOf(missing)).toMatch(/^Invalid arguments for tool 'greet': name: /);
  });

  it('checks structuredContent against the output schema', async () => {
    const s = server();
    s.tool('good', { outputSchema: library.output }, () => ({ greeting: 'hi' }));
    s.tool('bad', { outputSchema: library.output }, () => ({ greeting: 1 }) as never);
    const { request } = await connect(s);
    expect((await request('tools/call', { name: 'good' })).structuredContent).toEqual({ greeting: 'hi' });
    const bad = await request('tools/call', { name: 'bad' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      `Tool 'bad' returned structuredContent that does not match its outputSchema: ${library.errors.greeting}`,
    );
  });

  it('validates prompt arguments, answering -32602 naming the argument', async () => {
    const { request } = await connect(server());
    const ok = await request('prompts/get', { name: 'explain', arguments: { topic: 'tides' } });
    expect(ok.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Explain {"topic":"tides"}' } },
    ]);
    const error = (await request('prompts/get', { name: 'explain', arguments: {} }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^Invalid arguments for prompt 'explain': topic: \S/);
  });
});

describe('Standard Schemas in custom methods and elicitation', () => {
  it('validates custom method params with a valibot schema', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const params = toStandardJsonSchema(v.object({ a: v.number(), b: v.number() }));
    server.method('acme/add', params, ({ a, b }) => ({ sum: a + b }));
    const { request } = await connect(server);
    expect(await request('acme/add', { a: 1, b: 2 })).toEqual({ sum: 3 });
    const error = (await request('acme/add', { a: 1, b: 'x' }).catch((e: unknown) => e)) as JsonRpcError;
    expect([error.code, error.message]).toEqual([
      -32602,
      'Invalid params for \'acme/add\': b: Invalid type: Expected number but received "x"',
    ]);
  });

  it('asks for and validates a form elicitation with an arktype schema', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const form = type({ age: 'number.integer >= 0' });
    const asked: unknown[] = [];
    server.tool('ask', {}, async (_args, ctx) => {
      const answer = await ctx.elicit('How old?', form);
      return answer.action === 'accept' ? `age ${answer.content.age}` : answer.action;
    });
    let reply: Record<string, unknown> = { age: 7 };
    const { request } = await connect(server, {
      capabilities: { elicitation: {} },
      handlers: {
        'elicitation/create': (params) => {
          asked.push(params?.requestedSchema);
          return { action: 'accept', content: reply as never };
        },
      },
    });
    expect(textOf(await request('tools/call', { name: 'ask' }))).toBe('age 7');
    expect(asked[0]).toEqual(form['~standard'].jsonSchema.input({ target: 'draft-2020-12' }));
    reply = { age: -1 };
    const bad = await request('tools/call', { name: 'ask' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      "The user's elicitation answer does not match the requested schema: age: age must be non-negative (was -1)",
    );
  });
});

describe('withJsonSchema', () => {
  it('serves a valibot schema with transforms, whose JSON Schema leaves the transforms out', async () => {
    const Name = v.object({ name: v.pipe(v.string(), v.trim(), v.toUpperCase()) });
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    const jsonSchema = toJsonSchema(Name, { target: 'draft-2020-12', errorMode: 'ignore' });
    server.tool('shout', { inputSchema: withJsonSchema(Name, jsonSchema) }, ({ name }) => name);
    const { request } = await connect(server);
    expect(((await request('tools/list')).tools as { inputSchema: unknown }[])[0]!.inputSchema).toEqual(
      jsonSchema,
    );
    expect(textOf(await request('tools/call', { name: 'shout', arguments: { name: ' ada ' } }))).toBe('ADA');
    expect(textOf(await request('tools/call', { name: 'shout', arguments: {} }))).toBe(
      'Invalid arguments for tool \'shout\': name: Invalid key: Expected "name" but received undefined',
    );
  });
});

describe('Standard Schemas the server refuses, saying why', () => {
  const server = () => new McpServer({ name: 'test', version: '1.0.0' });

  it('refuses a Standard Schema without a JSON Schema conversion, naming withJsonSchema', () => {
    const zod3 = z3.object({ name: z3.string() });
    expect(() => server().tool('t', { inputSchema: zod3 as never }, () => '')).toThrow(
      new TypeError(
        "tool 't' inputSchema: the zod schema has no ~standard.jsonSchema; wrap it in withJsonSchema(schema, jsonSchema)",
      ),
    );
    const plainValibot = v.object({ topic: v.string() });
    expect(() => server().prompt('p', { arguments: plainValibot as never }, () => '')).toThrow(
      "prompt 'p' arguments: the valibot schema has no ~standard.jsonSchema",
    );
  });

  it('refuses a shape of non-zod schemas instead of taking it for JSON Schema', () => {
    expect(() => server().tool('t', { inputSchema: { name: v.string() } }, () => '')).toThrow(
      new TypeError(
        "tool 't' inputSchema: a shape of valibot schemas; only zod shapes are supported, pass an object schema",
      ),
    );
  });

  it('refuses a schema that does not describe an object, and one whose conversion fails', () => {
    expect(() => server().tool('t', { inputSchema: type('string') }, () => '')).toThrow(
      `tool 't' inputSchema: expected an object schema (type "object"), got type "string"`,
    );
    const unconvertible = withJsonSchema(type({ a: 'string' }), {});
    const broken: StandardSchemaWithJson = {
      '~standard': {
        ...unconvertible['~standard'],
        vendor: 'acme',
        jsonSchema: {
          input: () => {
            throw new Error('draft-2020-12 is not supported');
          },
          output: () => ({}),
        },
      },
    };
    expect(() => server().tool('t', { inputSchema: broken }, () => '')).toThrow(
      "tool 't' inputSchema: acme schema cannot be converted to JSON Schema: draft-2020-12 is not supported",
    );
  });

  it('answers a call whose schema validates asynchronously with an error naming the schema', async () => {
    const s = server();
    const asynchronous: StandardSchemaWithJson = {
      '~standard': {
        version: 1,
        vendor: 'acme',
        validate: async (value) => ({ value }),
        jsonSchema: { input: () => ({ type: 'object' }), output: () => ({ type: 'object' }) },
      },
    };
    s.tool('slow', { inputSchema: asynchronous }, () => 'ran');
    const { request } = await connect(s);
    const outcome = (await request('tools/call', { name: 'slow', arguments: {} }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(outcome.code).toBe(-32603);
    expect(outcome.message).toBe(
      "tool 'slow' inputSchema: the acme schema validated asynchronously; only synchronous schemas are supported",
    );
  });

  it('withJsonSchema checks what it is given', () => {
    expect(() => withJsonSchema({} as never, {})).toThrow(
      'withJsonSchema: expected a Standard Schema (an object with ~standard.validate)',
    );
    expect(() => withJsonSchema(z3.string(), [] as never)).toThrow(
      'withJsonSchema: expected a JSON Schema object, got an array',
    );
  });
});
