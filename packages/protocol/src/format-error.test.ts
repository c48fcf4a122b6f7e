import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { describeValue, describeZodError, formatPath, formatZodError } from './format-error.js';
import { CallToolResultSchema, ElicitRequestParamsSchema, RequestIdSchema } from './schemas/index.js';

function errorOf(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a validation failure');
  return result.error;
}

describe('formatPath', () => {
  it('renders keys, indexes and non-identifier keys', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath(['params', 'arguments'])).toBe('params.arguments');
    expect(formatPath(['tools', 0, 'inputSchema'])).toBe('tools[0].inputSchema');
    expect(formatPath(['_meta', 'io.modelcontextprotocol/logLevel'])).toBe(
      '_meta["io.modelcontextprotocol/logLevel"]',
    );
    expect(formatPath([3, 'id'])).toBe('[3].id');
  });
});

describe('describeValue', () => {
  it('names the type and previews scalars without dumping payloads', () => {
    expect(describeValue(undefined, false)).toBe('missing');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(42)).toBe('number 42');
    expect(describeValue(true)).toBe('boolean true');
    expect(describeValue([1])).toBe('array (1 item)');
    expect(describeValue({ a: 1 })).toBe('object');
    expect(describeValue('x'.repeat(100))).toBe(`string "${'x'.repeat(40)}…"`);
  });
});

describe('formatZodError', () => {
  it('produces one line naming path, expectation and received value', () => {
    const value = { content: [{ type: 'text', text: 5 }] };
    const line = formatZodError(errorOf(CallToolResultSchema, value), value);
    expect(line).toBe('content[0].text: expected string, received number 5');
    expect(line).not.toContain('\n');
  });

  it('prefixes paths when asked', () => {
    const error = errorOf(z.object({ name: z.string() }), {});
    expect(formatZodError(error, {}, { pathPrefix: ['params'] })).toBe(
      'params.name: expected string, received missing',
    );
  });

  it('merges the branches of a scalar union into one expectation', () => {
    expect(formatZodError(errorOf(RequestIdSchema, null), null)).toBe(
      '(root): expected string or integer, received null',
    );
  });

  it('follows the union branch whose tag matched', () => {
    const value = { mode: 'url', message: 'go', url: 7, elicitationId: 'e' };
    expect(formatZodError(errorOf(ElicitRequestParamsSchema, value), value)).toBe(
      'url: expected string, received number 7',
    );
  });

  it('reports an unknown discriminator with the allowed values', () => {
    const value = { content: [{ type: 'video' }] };
    expect(formatZodError(errorOf(CallToolResultSchema, value), value)).toBe(
      'content[0].type: expected one of "text" | "image" | "audio" | "resource_link" | "resource", received string "video"',
    );
  });

  it('uses the sentence of a refinement', () => {
    const schema = z
      .object({ a: z.number() })
      .refine((v) => v.a > 1, { message: 'a must exceed 1', path: ['a'] });
    const issue = describeZodError(errorOf(schema, { a: 0 }), { a: 0 });
    expect(issue.message).toBe('a: a must exceed 1');
    expect(issue.received).toBe('number 0');
  });

  it('still names path, expectation and received type without the input', () => {
    expect(formatZodError(errorOf(z.object({ n: z.string() }), { n: 1 }))).toBe(
      'n: expected string, received number',
    );
  });

  it('keeps long lists of allowed values short', () => {
    const values = Array.from({ length: 20 }, (_, index) => `v${index}`);
    const line = formatZodError(errorOf(z.enum(values as [string, ...string[]]), 'x'), 'x');
    expect(line).toContain('"v11" | … (8 more)');
    expect(line).not.toContain('"v12"');
  });
});
