import { CallToolRequestParamsSchema } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { isPlainToolCallParams } from './plain-params.js';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

/** Params the check vouches for: the schema accepts each and returns it unchanged. */
const PLAIN: Record<string, unknown>[] = [
  { name: 'echo' },
  { name: 'echo', arguments: {} },
  { name: 'echo', arguments: { text: 'hi', nested: { a: [1, 2] } } },
  { name: 'echo', arguments: { text: 'hi' }, _meta: META },
];

/** Params left to the schema (which accepts some of them, copying or refusing). */
const NOT_PLAIN: Record<string, unknown>[] = [
  { name: 5 },
  { arguments: {} },
  { name: 'echo', arguments: ['a'] },
  { name: 'echo', arguments: null },
  { name: 'echo', arguments: 'text' },
  { name: 'echo', arguments: JSON.parse('{"__proto__": {"x": 1}}') },
  { name: 'echo', task: { ttl: 1000 } },
  { name: 'echo', requestState: 'abc' },
  { name: 'echo', extra: true },
];

describe('isPlainToolCallParams', () => {
  it.each(PLAIN)('vouches only for params the schema returns unchanged: %j', (params) => {
    expect(isPlainToolCallParams(params)).toBe(true);
    const parsed = CallToolRequestParamsSchema.safeParse(params);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(params);
  });

  it.each(NOT_PLAIN)('leaves other shapes to the schema: %j', (params) => {
    expect(isPlainToolCallParams(params)).toBe(false);
  });
});
