import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';
import { useBuiltInJsonSchemaValidator } from './test-helpers/json-schema.js';

useBuiltInJsonSchemaValidator();

// MCP 2026-07-28, basic/index.mdx, "Composition-Keyword Resource Use": "Implementations SHOULD
// apply reasonable bounds, such as a maximum schema depth, a cap on the total number of
// subschemas, or a per-validation time budget, to prevent a malicious schema from acting as a
// Denial-of-Service vector against the validator."

/** An object schema whose `value` goes through `levels` of `anyOf: [$ref next, $ref next]`. */
function doublingSchema(levels: number) {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  }
  $defs[`d${levels}`] = { type: 'string' };
  return { type: 'object', properties: { value: { $ref: '#/$defs/d0' } }, $defs };
}

describe('tools/call against a raw JSON Schema the validator cannot check within bounds', () => {
  for (const levels of [14, 15]) {
    it(`answers -32602 naming the limit (anyOf/$ref nested ${levels} deep), not -32603`, async () => {
      const server = new McpServer({ name: 't', version: '1' });
      server.tool('deep', { inputSchema: doublingSchema(levels) }, () => 'ran');
      const { request } = await connect(server);
      const error = (await request('tools/call', { name: 'deep', arguments: { value: 1 } }).catch(
        (e: unknown) => e,
      )) as JsonRpcError;
      expect(error.code).toBe(-32602);
      expect(error.message).toBe(
        "tool 'deep' inputSchema: JSON Schema validation stopped at #/value: limit maxErrors (10000) reached",
      );
      expect(error.data).toEqual({ limit: 'maxErrors' });
      // A value the schema accepts at once still runs the tool.
      expect((await request('tools/call', { name: 'deep', arguments: { value: 'x' } })).content).toEqual([
        { type: 'text', text: 'ran' },
      ]);
    });
  }
});
