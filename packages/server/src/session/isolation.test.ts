import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';

// GHSA-345p-7cg4-v4c7: one shared server object once routed a response to the wrong client.
// Here every request-scoped message must reach only the client that made the request.
describe('session isolation', () => {
  it('sends elicitation, progress and logs of a request only to the client that made it', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('ask', { inputSchema: { who: z.string() } }, async ({ who }, ctx) => {
      await ctx.log.info(`log for ${who}`);
      await ctx.progress(1, 1);
      const answer = await ctx.elicit(`question for ${who}`, { secret: z.string() });
      return answer.action === 'accept' ? `${who}: ${answer.content.secret}` : 'declined';
    });
    const asked: string[] = [];
    const client = (name: string) =>
      connect(server, {
        clientInfo: { name, version: '1' },
        capabilities: { elicitation: {} },
        handlers: {
          'elicitation/create': (params) => {
            asked.push(`${name} got ${String(params?.message)}`);
            return { action: 'accept', content: { secret: `${name}-secret` } };
          },
        },
      });
    const alice = await client('alice');
    const bob = await client('bob');
    const results = await Promise.all([
      alice.client.request(
        'tools/call',
        { name: 'ask', arguments: { who: 'alice' } },
        { onprogress: () => {} },
      ),
      bob.client.request('tools/call', { name: 'ask', arguments: { who: 'bob' } }, { onprogress: () => {} }),
    ]);
    expect(results.map((result) => (result.content as { text: string }[])[0]!.text)).toEqual([
      'alice: alice-secret',
      'bob: bob-secret',
    ]);
    expect(asked.sort()).toEqual(['alice got question for alice', 'bob got question for bob']);
    await settle();
    expect(alice.notifications.map((n) => n.params?.data).filter(Boolean)).toEqual(['log for alice']);
    expect(bob.notifications.map((n) => n.params?.data).filter(Boolean)).toEqual(['log for bob']);
  });
});
