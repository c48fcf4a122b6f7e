import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import type { HandlerContext } from './core/handler-context.js';
import { McpServer } from './server.js';
import { useBuiltInJsonSchemaValidator } from './test-helpers/json-schema.js';

useBuiltInJsonSchemaValidator();

// Compile-time checks: handler arguments, elicitation content and state are typed from schemas.
describe('types', () => {
  it('types tool arguments from zod schemas and shapes, and loosely from JSON Schema', () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('a', { inputSchema: z.object({ n: z.number(), s: z.string().optional() }) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number; s?: string | undefined }>();
      return '';
    });
    server.tool('b', { inputSchema: { flag: z.boolean() } }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ flag: boolean }>();
      return '';
    });
    server.tool('c', { inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ [key: string]: unknown }>();
      return '';
    });
    server.tool('d', { outputSchema: z.object({ ok: z.boolean() }) }, () => ({ ok: true }));
  });

  it('types elicitation content, prompt arguments and createContext state', () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      { createContext: () => ({ db: 'handle' as const }) },
    );
    server.tool('e', {}, async (_args, ctx) => {
      expectTypeOf(ctx.state).toEqualTypeOf<{ db: 'handle' }>();
      const answer = await ctx.elicit('?', z.object({ age: z.number() }));
      if (answer.action === 'accept') expectTypeOf(answer.content).toEqualTypeOf<{ age: number }>();
      return '';
    });
    server.prompt('p', { arguments: z.object({ topic: z.string() }) }, (args, ctx) => {
      expectTypeOf(args).toEqualTypeOf<{ topic: string }>();
      expectTypeOf(ctx).toEqualTypeOf<HandlerContext<{ db: 'handle' }>>();
      return args.topic;
    });
  });
});
