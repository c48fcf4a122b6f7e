import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';

// What a handler sends its client passes its request context's requestInput and sendNotification,
// which a middleware may replace for the request (ServerMiddlewareContext.request): @mcpkit/otel
// traces sampling, elicitation, roots, progress and log messages that way.

describe('McpServer.use: what the handler sends its client', () => {
  it("a middleware that replaces ctx.request's requestInput and sendNotification sees and changes each message, for that request only", async () => {
    const server = new McpServer({ name: 'out', version: '1' });
    server.tool('ask', { inputSchema: { q: z.string() } }, async ({ q }, ctx) => {
      await ctx.progress(1, 2);
      await ctx.log.info(`asking ${q}`);
      const answer = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: q } }],
        maxTokens: 5,
      });
      const roots = await ctx.listRoots();
      const content = answer.content;
      return `${!Array.isArray(content) && content.type === 'text' ? content.text : '?'} / ${roots.length} roots`;
    });
    const seen: string[] = [];
    server.use((ctx, next) => {
      const request = ctx.request;
      const requestInput = request.requestInput;
      const sendNotification = request.sendNotification;
      request.requestInput = (input, options) => {
        seen.push(`request ${input.method}`);
        const params = { ...input.params, _meta: { traceparent: 'tp' } };
        return requestInput.call(request, { ...input, params }, options);
      };
      request.sendNotification = (method, params) => {
        seen.push(`notification ${method}`);
        return sendNotification.call(request, method, { ...params, _meta: { traceparent: 'tp' } });
      };
      return next();
    });
    const received: (JSONObject | undefined)[] = [];
    const h = await connect(server, {
      capabilities: { sampling: {}, roots: {} },
      handlers: {
        'sampling/createMessage': (params) => {
          received.push(params);
          return { role: 'assistant', content: { type: 'text', text: 'yes' }, model: 'm' };
        },
        'roots/list': (params) => {
          received.push(params);
          return { roots: [] };
        },
      },
    });
    await h.request('logging/setLevel', { level: 'debug' });
    seen.length = 0;
    const result = await h.request('tools/call', {
      name: 'ask',
      arguments: { q: 'ok?' },
      _meta: { progressToken: 7 },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'yes / 0 roots' }]);
    expect(seen).toEqual([
      'notification notifications/progress',
      'notification notifications/message',
      'request sampling/createMessage',
      'request roots/list',
    ]);
    expect(received.map((params) => params?._meta)).toEqual([{ traceparent: 'tp' }, { traceparent: 'tp' }]);
    const progress = h.notifications.find((n) => n.method === 'notifications/progress');
    expect(progress?.params).toEqual({
      progressToken: 7,
      progress: 1,
      total: 2,
      _meta: { traceparent: 'tp' },
    });
    const log = h.notifications.find((n) => n.method === 'notifications/message');
    expect(log?.params?._meta).toEqual({ traceparent: 'tp' });
  });
});
