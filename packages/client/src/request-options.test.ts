import type { RequestContext } from '@mcpkit/jsonrpc';
import { McpkitError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { connectPair, progressTokenOf } from './test-helpers/fake-server.js';

/** A tools/call handler that never answers on its own: it waits for cancellation. */
function hangUntilCancelled(seen: RequestContext[]) {
  return (_params: unknown, ctx: RequestContext) =>
    new Promise<never>((_resolve, reject) => {
      seen.push(ctx);
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
    });
}

describe('per-request options', () => {
  it('aborting the signal sends notifications/cancelled and rejects the call', async () => {
    const seen: RequestContext[] = [];
    const { client, server } = await connectPair({ handlers: { 'tools/call': hangUntilCancelled(seen) } });
    const controller = new AbortController();
    const call = client.callTool({ name: 'slow' }, { signal: controller.signal });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort('user gave up');
    await expect(call).rejects.toThrow();
    const cancelled = await server.waitFor((m) => 'method' in m && m.method === 'notifications/cancelled');
    const requestId = server.requests('tools/call')[0]?.id;
    expect('params' in cancelled && cancelled.params?.requestId).toBe(requestId);
    await expect.poll(() => seen[0]?.signal.aborted).toBe(true);
  });

  it('times out after timeoutMs and tells the server', async () => {
    const seen: RequestContext[] = [];
    const { client, server } = await connectPair({ handlers: { 'tools/call': hangUntilCancelled(seen) } });
    const failure = await client.callTool({ name: 'slow' }, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpkitError);
    expect((failure as McpkitError).code).toBe('REQUEST_TIMEOUT');
    await server.waitFor((m) => 'method' in m && m.method === 'notifications/cancelled');
  });

  it('uses the client-wide defaultTimeoutMs', async () => {
    const seen: RequestContext[] = [];
    const { client } = await connectPair(
      { handlers: { 'prompts/get': hangUntilCancelled(seen) } },
      { defaultTimeoutMs: 30 },
    );
    await expect(client.getPrompt({ name: 'p' })).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('delivers progress, and progress keeps a request alive with resetTimeoutOnProgress', async () => {
    const { client, server } = await connectPair({
      handlers: {
        'tools/call': async (_params, ctx) => {
          // 5 steps of 40 ms outlast timeoutMs (150) in total, but no single gap does.
          for (const progress of [1, 2, 3, 4, 5]) {
            await new Promise((resolve) => setTimeout(resolve, 40));
            await ctx.sendNotification('notifications/progress', {
              progressToken: ctx.progressToken!,
              progress,
              total: 5,
              message: `step ${progress}`,
            });
          }
          return { content: [{ type: 'text', text: 'done' }] };
        },
      },
    });
    const updates: unknown[] = [];
    const result = await client.callTool(
      { name: 'long' },
      { timeoutMs: 150, resetTimeoutOnProgress: true, onprogress: (p) => void updates.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(updates).toEqual(
      [1, 2, 3, 4, 5].map((progress) => ({ progress, total: 5, message: `step ${progress}` })),
    );
    expect(progressTokenOf(server.requests('tools/call')[0]!)).toBeDefined();
  });

  it('maxTotalTimeoutMs bounds a request however much progress arrives', async () => {
    const { client } = await connectPair({
      handlers: {
        'tools/call': async (_params, ctx) => {
          for (let i = 0; i < 100 && !ctx.signal.aborted; i++) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            await ctx.sendNotification('notifications/progress', {
              progressToken: ctx.progressToken!,
              progress: i,
            });
          }
          return { content: [] };
        },
      },
    });
    const started = Date.now();
    await expect(
      client.callTool(
        { name: 'endless' },
        { timeoutMs: 50, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 120, onprogress: () => {} },
      ),
    ).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(800);
  });
});
