import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import type { ServerNotificationMiddleware } from './notification-chain.js';

// McpServer.use(fn, { notifications: true }): one chain around every notification a session
// sends or receives, where the session meets its transport.

function newServer(onerror?: (error: Error) => void): McpServer {
  const server = new McpServer({ name: 'n', version: '1' }, { onerror });
  server.tool('t', {}, () => 'ok');
  server.resource('test://r', { name: 'r' }, () => ({ contents: [{ uri: 'test://r', text: 'x' }] }));
  return server;
}

describe('McpServer.use(fn, { notifications: true })', () => {
  it('sees what the server sends outside a request and may change its params; the client gets the change', async () => {
    const server = newServer();
    const seen: string[] = [];
    server.use(
      (ctx, next) => {
        if (ctx.incoming) return next();
        seen.push(`${ctx.notification} ${ctx.method} ${JSON.stringify(ctx.params ?? null)}`);
        ctx.params = { ...ctx.params, _meta: { traceparent: 'tp' } };
        return next();
      },
      { notifications: true },
    );
    const h = await connect(server);
    await h.request('resources/subscribe', { uri: 'test://r' });
    server.tool('u', {}, () => 'ok');
    server.notifyResourceUpdated('test://r');
    await h.waitFor('notifications/tools/list_changed');
    await h.waitFor('notifications/resources/updated');
    expect(seen).toEqual([
      'true notifications/resources/updated {"uri":"test://r"}',
      'true notifications/tools/list_changed null',
    ]);
    expect(h.notifications).toEqual([
      {
        method: 'notifications/resources/updated',
        params: { uri: 'test://r', _meta: { traceparent: 'tp' } },
      },
      { method: 'notifications/tools/list_changed', params: { _meta: { traceparent: 'tp' } } },
    ]);
  });

  it("sees the client's notifications (initialized, roots changes, cancellations) in wire order, with the session, before the session's handlers", async () => {
    let rootsChanged = 0;
    const server = new McpServer({ name: 'n', version: '1' }, { onRootsListChanged: () => rootsChanged++ });
    const seen: string[] = [];
    server.use(
      (ctx, next) => {
        if (!ctx.incoming) return next();
        seen.push(`${ctx.method} ready=${ctx.session.ready} roots=${rootsChanged}`);
        return next();
      },
      { notifications: true },
    );
    const h = await connect(server);
    await h.client.notify('notifications/roots/list_changed', { _meta: { traceparent: 'tp' } });
    await h.client.notify('notifications/cancelled', { requestId: 99 });
    await settle();
    expect(seen).toEqual([
      'notifications/initialized ready=false roots=0',
      'notifications/roots/list_changed ready=true roots=0',
      'notifications/cancelled ready=true roots=1',
    ]);
    expect(h.session.ready).toBe(true);
    expect(rootsChanged).toBe(1);
  });

  it('runs the first registered outermost, both ways; one that does not call next() drops the notification', async () => {
    const server = newServer();
    const order: string[] = [];
    const layer =
      (name: string): ServerNotificationMiddleware =>
      async (ctx, next) => {
        order.push(`${name} in ${ctx.method}`);
        await next();
        order.push(`${name} out ${ctx.method}`);
      };
    server.use(layer('a'), { notifications: true });
    server.use(layer('b'), { notifications: true });
    server.use(
      (ctx, next) => {
        if (ctx.method !== 'notifications/prompts/list_changed') return next();
      },
      { notifications: true, name: 'dropper' },
    );
    const h = await connect(server);
    order.length = 0;
    server.prompt('p', {}, () => 'hi');
    server.tool('u', {}, () => 'ok');
    await h.waitFor('notifications/tools/list_changed');
    await settle();
    expect(h.notifications.map((n) => n.method)).toEqual(['notifications/tools/list_changed']);
    expect(order.filter((line) => line.endsWith('tools/list_changed'))).toEqual([
      'a in notifications/tools/list_changed',
      'b in notifications/tools/list_changed',
      'b out notifications/tools/list_changed',
      'a out notifications/tools/list_changed',
    ]);
  });

  it('a throwing middleware fails a sent notification and reports a received one to onerror, never a crash', async () => {
    const errors: Error[] = [];
    const server = newServer((error) => errors.push(error));
    server.use(
      (ctx) => {
        throw new Error(`refused ${ctx.method}`);
      },
      { notifications: true },
    );
    const h = await connect(server, { initialize: false });
    await h.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    await h.client.notify('notifications/initialized');
    await settle();
    expect(errors.map((error) => error.message)).toContain('refused notifications/initialized');
    expect(h.session.ready).toBe(false);
    await expect(h.session.log('info', 'x')).rejects.toThrow('refused notifications/message');
    // Requests and their answers do not pass the notification chain.
    expect(await h.request('tools/call', { name: 't' })).toMatchObject({ content: [{ text: 'ok' }] });
  });

  it('applies to sessions connected before it was registered, and sees progress a handler sends and the peer’s own cancellation', async () => {
    const server = newServer();
    server.tool('ask', { inputSchema: { q: z.string() } }, async ({ q }, ctx) => {
      await ctx.progress(1);
      // The client never answers: the peer times the request out and cancels it by itself.
      await ctx.listRoots({ timeoutMs: 1 }).catch(() => undefined);
      return q;
    });
    const h = await connect(server, {
      capabilities: { roots: {} },
      handlers: { 'roots/list': () => new Promise<JSONObject>(() => undefined) },
    });
    const sent: string[] = [];
    server.use(
      (ctx, next) => {
        if (!ctx.incoming) sent.push(ctx.method);
        return next();
      },
      { notifications: true },
    );
    await h.request('tools/call', { name: 'ask', arguments: { q: 'x' }, _meta: { progressToken: 1 } });
    await settle();
    expect(sent).toContain('notifications/progress');
    expect(sent).toContain('notifications/cancelled');
  });

  it('without notification middleware the transport is left as it is', async () => {
    const server = newServer();
    server.use((_ctx, next) => next());
    const h = await connect(server);
    const transport = h.session.peer.transport!;
    expect(Object.hasOwn(transport, 'send')).toBe(false);
    server.use((_ctx, next) => next(), { notifications: true });
    expect(Object.hasOwn(transport, 'send')).toBe(true);
  });
});

describe('McpServer.use(fn, { notifications: true }) around the requests of session.context()', () => {
  const roots = { roots: [{ uri: 'file:///r', name: 'r' }] };

  it('runs around a request sent outside any request: notification false, params changed on the wire, next() settles with the answer', async () => {
    const server = newServer();
    const seen: string[] = [];
    server.use(
      async (ctx, next) => {
        if (ctx.notification) return next();
        seen.push(
          `${ctx.method} notification=${ctx.notification} incoming=${ctx.incoming} ${ctx.session.ready}`,
        );
        ctx.params = { ...ctx.params, _meta: { traceparent: 'tp' } };
        // An observing layer that gives back nothing: the request still resolves with the answer.
        seen.push(`answered ${JSON.stringify(await next())}`);
      },
      { notifications: true },
    );
    const received: (JSONObject | undefined)[] = [];
    const h = await connect(server, {
      capabilities: { roots: {} },
      handlers: {
        'roots/list': (params) => {
          received.push(params);
          return roots;
        },
      },
    });
    const ctx = await h.session.context();
    expect(await ctx.listRoots()).toEqual(roots.roots);
    expect(received).toEqual([{ _meta: { traceparent: 'tp' } }]);
    expect(seen).toEqual([
      'roots/list notification=false incoming=false true',
      `answered ${JSON.stringify(roots)}`,
    ]);
  });

  it('an error answer rejects next() and the request; a layer that does not call next() fails the request, saying so', async () => {
    const server = newServer();
    const outcomes: string[] = [];
    server.use(
      (ctx, next) => {
        if (ctx.notification) return next();
        if (ctx.method === 'sampling/createMessage') return;
        return next().catch((error: JsonRpcError) => {
          outcomes.push(`${ctx.method} ${error.code}`);
          throw error;
        });
      },
      { notifications: true, name: 'dropper' },
    );
    const h = await connect(server, {
      capabilities: { roots: {}, sampling: {} },
      handlers: {
        'roots/list': () => {
          throw new JsonRpcError(-32601, 'no roots here');
        },
      },
    });
    const ctx = await h.session.context();
    await expect(ctx.listRoots()).rejects.toMatchObject({ code: -32601, message: 'no roots here' });
    expect(outcomes).toEqual(['roots/list -32601']);
    await expect(
      ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 1 }),
    ).rejects.toThrow('sampling/createMessage was dropped by a notification middleware');
  });

  it('does not run around the requests a handler sends (the request middleware sees those), nor without notification middleware', async () => {
    const server = newServer();
    server.tool('roots', {}, async (_args, ctx) => String((await ctx.listRoots()).length));
    const h = await connect(server, { capabilities: { roots: {} }, handlers: { 'roots/list': () => roots } });
    expect(h.session.sendThroughChain).toBeUndefined();
    expect(await (await h.session.context()).listRoots()).toEqual(roots.roots);
    const requests: string[] = [];
    server.use(
      (ctx, next) => {
        if (!ctx.notification) requests.push(ctx.method);
        return next();
      },
      { notifications: true },
    );
    expect(await h.request('tools/call', { name: 'roots' })).toMatchObject({ content: [{ text: '1' }] });
    expect(requests).toEqual([]);
    await (await h.session.context()).listRoots();
    expect(requests).toEqual(['roots/list']);
  });
});
