import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { withJsonSchema } from './schema/standard-schema.js';
import { McpServer } from './server.js';

// Compile-time checks (run by `tsc`): handler arguments, structured results, prompt arguments,
// elicitation content and custom-method params are typed from `~standard.types.output`.
describe('Standard Schema types', () => {
  const server = new McpServer({ name: 't', version: '1' });

  it('types tool arguments from valibot, arktype and zod 3 (withJsonSchema) schemas', () => {
    const valibot = toStandardJsonSchema(
      v.object({ n: v.number(), s: v.optional(v.string()), d: v.optional(v.number(), 1) }),
    );
    server.tool('v', { inputSchema: valibot }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number; s?: string | undefined; d: number }>();
      return '';
    });
    server.tool('a', { inputSchema: type({ n: 'number', 's?': 'string', t: 'string.trim' }) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number; s?: string; t: string }>();
      return '';
    });
    const zod3 = withJsonSchema(z3.object({ n: z3.number(), s: z3.string().transform((s) => s.length) }), {
      type: 'object',
    });
    server.tool('z3', { inputSchema: zod3 }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number; s: number }>();
      return '';
    });
    server.tool('z4', { inputSchema: z.object({ n: z.number() }) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number }>();
      return '';
    });
    server.tool('none', { inputSchema: {} }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ [key: string]: never }>();
      return '';
    });
  });

  it('refuses, at compile time, schemas that cannot describe themselves as JSON Schema', () => {
    expect(() =>
      // @ts-expect-error zod 3 has no Standard JSON Schema conversion: wrap it in withJsonSchema
      server.tool('z3-bare', { inputSchema: z3.object({ n: z3.number() }) }, () => ''),
    ).toThrow('the zod schema has no ~standard.jsonSchema');
    expect(() =>
      // @ts-expect-error a plain valibot schema needs toStandardJsonSchema
      server.tool('v-bare', { inputSchema: v.object({ n: v.number() }) }, () => ''),
    ).toThrow('the valibot schema has no ~standard.jsonSchema');
    // @ts-expect-error an arktype schema's arguments are typed: `n` is a number
    server.tool('a-typed', { inputSchema: type({ n: 'number' }) }, ({ n }: { n: string }) => n);
  });

  it('types structured results, prompt arguments, elicitation content and custom-method params', () => {
    server.tool('out', { outputSchema: type({ ok: 'boolean' }) }, () => ({ ok: true }));
    // @ts-expect-error the structured value must match the output schema
    server.tool('out-bad', { outputSchema: type({ ok: 'boolean' }) }, () => ({ ok: 'yes' }));
    server.prompt('p', { arguments: toStandardJsonSchema(v.object({ topic: v.string() })) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ topic: string }>();
      return args.topic;
    });
    server.tool('e', {}, async (_args, ctx) => {
      const answer = await ctx.elicit('?', type({ age: 'number' }));
      if (answer.action === 'accept') expectTypeOf(answer.content).toEqualTypeOf<{ age: number }>();
      return '';
    });
    server.method('x/add', type({ a: 'number', b: 'number' }), (params) => {
      expectTypeOf(params).toEqualTypeOf<{ a: number; b: number }>();
      return { sum: params.a + params.b };
    });
  });
});
