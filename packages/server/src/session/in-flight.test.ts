import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';

describe('maxInFlightRequests', () => {
  it('refuses a session request over the limit with -32600, and other sessions are unaffected', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { maxInFlightRequests: 3 });
    const releases: Array<() => void> = [];
    server.tool('wait', {}, () => new Promise<string>((resolve) => releases.push(() => resolve('done'))));
    const busy = await connect(server);
    const other = await connect(server);
    const held = Array.from({ length: 3 }, () => busy.request('tools/call', { name: 'wait' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const refused = (await busy
      .request('tools/call', { name: 'wait' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(refused.code).toBe(-32600);
    expect(refused.message).toContain('(maxInFlightRequests 3)');
    const fine = other.request('tools/call', { name: 'wait' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const release of releases.splice(0)) release();
    expect((await fine).content).toEqual([{ type: 'text', text: 'done' }]);
    for (const result of await Promise.all(held))
      expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
  });
});
