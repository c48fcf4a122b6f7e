import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { initializeMessage, postRequest } from './test-helpers/http.js';
import { harness } from './test-helpers/setup.js';

function nested(depth: number): string {
  // The message object is depth 1; each params level adds one.
  return `{"jsonrpc":"2.0","id":1,"method":"initialize","params":${'{"a":'.repeat(depth - 2)}1${'}'.repeat(depth - 2)}}`;
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('maxDepth', () => {
    it('answers a body nested deeper than maxDepth with 400 and -32600 naming the limit', async () => {
      const { handler } = harness({ maxDepth: 6 });
      const response = await handler(postRequest(nested(8)));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(-32600);
      expect(body.error.message).toContain('6');
    });

    it('accepts nesting up to the default of 64 levels', async () => {
      const { handler } = harness();
      const init = initializeMessage() as { params: Record<string, unknown> };
      let deep: Record<string, unknown> = {};
      const root = deep;
      for (let level = 0; level < 50; level++) {
        deep.a = {};
        deep = deep.a as Record<string, unknown>;
      }
      const response = await handler(
        postRequest({ ...init, params: { ...init.params, _meta: { deep: root } } }),
      );
      expect(response.status).toBe(200);
    });
  });
});
