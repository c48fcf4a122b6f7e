import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { built, lazy } from './lazy.js';

// Every zod schema object gets its internals as a `_zod` property when it is constructed, so
// counting those definitions counts the schemas a piece of code builds.
async function schemasBuiltWhile(run: () => Promise<unknown>): Promise<number> {
  const define = Object.defineProperty;
  let built = 0;
  Object.defineProperty = ((target: object, key: PropertyKey, descriptor: PropertyDescriptor) => {
    if (key === '_zod') built++;
    return define(target, key, descriptor);
  }) as typeof Object.defineProperty;
  try {
    await run();
  } finally {
    Object.defineProperty = define;
  }
  return built;
}

describe('schemas built on first use', () => {
  it('importing the essentials entry builds no schema; using one builds only what it needs', async () => {
    let essentials: typeof import('../essentials/index.js') | undefined;
    const atImport = await schemasBuiltWhile(async () => {
      essentials = await import('../essentials/index.js');
    });
    // The entry holds over 200 top-level schemas: built eagerly, importing it made 987 zod objects.
    expect(atImport).toBe(0);

    const onFirstUse = await schemasBuiltWhile(async () => {
      const parsed = essentials!.CallToolRequestParamsSchema.safeParse({ name: 'echo', arguments: {} });
      expect(parsed.success).toBe(true);
    });
    // tools/call params reach the input responses of 2026-07-28 (sampling, elicitation and roots
    // results, content blocks): about 200 zod objects, a third of the entry.
    expect(onFirstUse).toBeGreaterThan(0);
    expect(onFirstUse).toBeLessThan(400);
  });

  it('builds the value once, on first use, and forwards everything to it', () => {
    let builds = 0;
    const Point = lazy(() => {
      builds++;
      return z.object({ x: z.number(), y: z.number() });
    });
    expect(builds).toBe(0);

    expect(Point.parse({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(Point.safeParse({ x: 'a', y: 2 }).success).toBe(false);
    expect(Object.keys(Point.shape)).toEqual(['x', 'y']);
    expect(Point).toBeInstanceOf(z.ZodObject);
    expect('parse' in Point).toBe(true);
    expect(Point.extend({ z: z.number() }).parse({ x: 1, y: 2, z: 3 })).toEqual({ x: 1, y: 2, z: 3 });
    expect(z.array(Point).parse([{ x: 0, y: 0 }])).toEqual([{ x: 0, y: 0 }]);
    expect(z.toJSONSchema(Point)).toMatchObject({ type: 'object', required: ['x', 'y'] });
    expect(builds).toBe(1);
  });

  it('forwards a lazy shape to extend and spread', () => {
    const Shape = lazy(() => ({ label: z.optional(z.string()) }));
    const Labelled = z.object({ id: z.number() }).extend(Shape);
    expect(Labelled.parse({ id: 1, label: 'a' })).toEqual({ id: 1, label: 'a' });
    expect(Object.keys({ ...Shape })).toEqual(['label']);
    expect(() => Labelled.parse({ id: 1, label: 2 })).toThrow(/label/);
  });

  it('hands composed schemas the built values, so a parse crosses no stand-in below the top', async () => {
    const { CallToolRequestParamsSchema, RequestParamsSchema } = await import('../essentials/index.js');
    const real = built(CallToolRequestParamsSchema);
    expect(real).not.toBe(CallToolRequestParamsSchema);
    expect(built(real)).toBe(real);
    // `built` of a value that is no stand-in is the value itself: the nested schemas are real ones.
    const task = real.shape.task.unwrap();
    expect(built(task)).toBe(task);
    const meta = real.shape._meta.unwrap();
    expect(built(meta)).toBe(meta);
    expect(built(RequestParamsSchema).shape._meta).toBeDefined();
  });
});
