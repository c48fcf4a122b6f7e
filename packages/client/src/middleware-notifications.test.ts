import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ClientMiddlewareContext } from './middleware.js';
import { connectPair } from './test-helpers/fake-server.js';

// McpClient.use(…, { notifications: true }): the chains around the notifications the client sends
// and (with incoming) those it receives, progress included.

const stateful = { protocolVersion: '2025-11-25' };

describe('McpClient.use with { notifications: true }', () => {
  it('runs around the notifications the client sends, handshake included, and may change their params', async () => {
    const seen: ClientMiddlewareContext[] = [];
    const { client, server } = await connectPair({}, stateful, (c) => {
      c.use(
        (ctx, next) => {
          seen.push({ ...ctx });
          ctx.params = { ...ctx.params, _meta: { traceparent: 'tp' } };
          return next();
        },
        { notifications: true },
      );
    });
    const received: (JSONObject | undefined)[] = [];
    server.peer.setNotificationHandler('acme/hello', (params) => {
      received.push(params);
    });
    await client.notify('acme/hello', { to: 'server' });
    expect(seen.map((ctx) => [ctx.method, ctx.notification, ctx.incoming])).toEqual([
      ['notifications/initialized', true, undefined],
      ['acme/hello', true, undefined],
    ]);
    expect(received).toEqual([{ to: 'server', _meta: { traceparent: 'tp' } }]);
  });

  it('runs around the notifications the client receives, progress included, before its handlers', async () => {
    const seen: string[] = [];
    const logged: unknown[] = [];
    const { client, server } = await connectPair(
      {
        handlers: {
          'tools/call': async (_params, ctx) => {
            await ctx.sendNotification('notifications/progress', {
              progressToken: (ctx as { progressToken?: string | number }).progressToken ?? -1,
              progress: 1,
              _meta: { traceparent: 'tp' },
            });
            return { content: [] };
          },
        },
      },
      stateful,
      (c) => {
        c.use(
          (ctx, next) => {
            seen.push(`${ctx.method} ${String((ctx.params?._meta as JSONObject | undefined)?.traceparent)}`);
            if (ctx.method === 'notifications/message') ctx.params = { ...ctx.params, data: 'rewritten' };
            return next();
          },
          { notifications: true, incoming: true },
        );
      },
    );
    client.setLogMessageHandler((entry) => {
      logged.push(entry.data);
    });
    const progress: number[] = [];
    await client.callTool({ name: 't' }, { onprogress: (update) => progress.push(update.progress) });
    expect(progress).toEqual([1]);
    await server.peer.notify('notifications/message', { level: 'info', data: 'original' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(['notifications/progress tp', 'notifications/message undefined']);
    expect(logged).toEqual(['rewritten']);
  });

  it('drops a received notification its middleware does not pass on, and reports a failing one', async () => {
    const errors: string[] = [];
    const changes: string[] = [];
    const { client, server } = await connectPair(
      {},
      { ...stateful, onerror: (error) => errors.push(error.message) },
      (c) => {
        c.use(
          (ctx, next) => {
            if (ctx.method === 'notifications/tools/list_changed') return Promise.resolve({});
            if (ctx.method === 'notifications/prompts/list_changed') throw new Error('audit down');
            return next();
          },
          { notifications: true, incoming: true, name: 'gate' },
        );
      },
    );
    client.setLogMessageHandler((entry) => {
      changes.push(String(entry.data));
    });
    await server.peer.notify('notifications/tools/list_changed');
    await server.peer.notify('notifications/prompts/list_changed');
    await server.peer.notify('notifications/message', { level: 'info', data: 'passed' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changes).toEqual(['passed']);
    expect(errors).toEqual([
      expect.stringMatching(
        /Client middleware 'gate' failed on notifications\/prompts\/list_changed: audit down/,
      ),
    ]);
  });

  it("runs around the peer's own notifications/cancelled when a request times out or is aborted", async () => {
    const seen: string[] = [];
    const { client, server } = await connectPair({}, stateful, (c) => {
      c.use(
        (ctx, next) => {
          seen.push(`${ctx.method} ${JSON.stringify(ctx.params)}`);
          ctx.params = { ...ctx.params, _meta: { traceparent: 'tp' } };
          return next();
        },
        { notifications: true },
      );
    });
    const cancellations: (JSONObject | undefined)[] = [];
    server.peer.setNotificationHandler('notifications/cancelled', (params) => {
      cancellations.push(params);
    });
    server.peer.setRequestHandler('acme/slow', () => new Promise(() => undefined));
    const controller = new AbortController();
    const slow = client.request('acme/slow', {}, z.object({}), { signal: controller.signal });
    controller.abort(new Error('enough'));
    await slow.catch(() => undefined);
    for (let round = 0; round < 100 && cancellations.length === 0; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen.at(-1)).toMatch(/^notifications\/cancelled \{"requestId":\d+,"reason":"enough"\}$/);
    expect(cancellations).toEqual([
      { requestId: expect.any(Number), reason: 'enough', _meta: { traceparent: 'tp' } },
    ]);
  });
});
