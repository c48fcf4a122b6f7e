import { PROTOCOL_VERSIONS } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientError } from './errors.js';
import { isPlainTextToolResult } from './plain-result.js';
import { resultSchemaFor } from './result-schemas.js';
import { parseServerResult } from './validation.js';

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1', title: 'S' } };

/** Results the check vouches for: every revision's schema accepts each and returns it unchanged. */
const PLAIN: Record<string, unknown>[] = [
  { content: [] },
  { content: [{ type: 'text', text: 'hi' }] },
  {
    content: [
      { type: 'text', text: 'a' },
      { type: 'text', text: '' },
    ],
    isError: true,
  },
  { content: [{ type: 'text', text: 'hi' }], resultType: 'complete', _meta: SERVER_INFO },
  { content: [{ type: 'text', text: 'hi' }], resultType: 'complete', _meta: {} },
];

/** Results left to the schema: some valid (with a part the check does not know), some not. */
const NOT_PLAIN: unknown[] = [
  null,
  [],
  {},
  { content: 'hi' },
  { content: [{ type: 'text', text: 5 }] },
  { content: [{ type: 'text', text: 'hi', annotations: { priority: 1 } }] },
  { content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }] },
  { content: [], isError: 'yes' },
  { content: [], resultType: 1 },
  { content: [], structuredContent: { a: 1 } },
  { content: [], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's' } } },
  { content: [], _meta: { other: 1 } },
  { content: [], extra: 1 },
];

describe('isPlainTextToolResult', () => {
  it.each(PLAIN)('vouches only for results every revision accepts unchanged: %j', (result) => {
    expect(isPlainTextToolResult(result)).toBe(true);
    for (const version of PROTOCOL_VERSIONS) {
      const parsed = resultSchemaFor('tools/call', version).safeParse(result);
      expect(parsed.success, version).toBe(true);
      expect(parsed.data, version).toEqual(result);
    }
  });

  it.each(NOT_PLAIN)('leaves other shapes to the schema: %j', (result) => {
    expect(isPlainTextToolResult(result)).toBe(false);
  });

  it('keeps the schema error for a malformed result on the trusted schema', () => {
    const schema = resultSchemaFor('tools/call', '2026-07-28');
    const call = () =>
      parseServerResult(schema, { content: [{ type: 'text', text: 5 }] }, 'tools/call', '2026-07-28');
    expect(call).toThrow(McpClientError);
    expect(call).toThrow(/malformed tools\/call result \(protocol 2026-07-28\): .*content\[0\]/);
  });
});
