import type { JSONObject } from '@mcpkit/protocol/essentials';
import { describe, expect, it } from 'vitest';
import { type AnswerChannel, answerRequest } from './answer.js';
import { JsonRpcError } from './errors.js';
import type { RequestContext } from './peer-types.js';

function channel(extra?: AnswerChannel['extra']) {
  const sent: { method: string; params?: JSONObject }[] = [];
  const controller = new AbortController();
  const value: AnswerChannel = {
    extra,
    signal: controller.signal,
    notify: async (method, params) => {
      sent.push(params === undefined ? { method } : { method, params });
    },
  };
  return { value, sent, controller };
}

describe('answerRequest (a request answered without a peer)', () => {
  it('gives the handler the context a peer would, and answers with its result', async () => {
    const { value, sent, controller } = channel({ sessionId: 's1' });
    let seen: RequestContext | undefined;
    const response = await answerRequest(
      { jsonrpc: '2.0', id: 'r1', method: 'work', params: { _meta: { progressToken: 7 } } },
      async (_params, ctx) => {
        seen = ctx;
        await ctx.sendNotification('notifications/progress', { progressToken: 7, progress: 1 });
        return { ok: true };
      },
      value,
    );
    expect(response).toEqual({ jsonrpc: '2.0', id: 'r1', result: { ok: true } });
    expect(seen).toMatchObject({
      requestId: 'r1',
      method: 'work',
      progressToken: 7,
      extra: { sessionId: 's1' },
    });
    expect(sent).toEqual([{ method: 'notifications/progress', params: { progressToken: 7, progress: 1 } }]);
    controller.abort();
    expect(seen?.signal.aborted).toBe(true);
  });

  it('refuses requests to the other side at once, saying why', async () => {
    const response = await answerRequest(
      { jsonrpc: '2.0', id: 1, method: 'tools/call' },
      async (_params, ctx) => {
        try {
          await ctx.sendRequest('elicitation/create', {});
          return { asked: true };
        } catch (error) {
          return { refused: (error as Error).message };
        }
      },
      channel().value,
    );
    expect(response).toMatchObject({ result: { refused: expect.stringContaining('without a connection') } });
    expect(JSON.stringify(response)).toContain(
      "Cannot send 'elicitation/create' while answering 'tools/call'",
    );
  });

  it('answers thrown errors, rejections and non-object results with error responses', async () => {
    const thrown = await answerRequest(
      { jsonrpc: '2.0', id: 1, method: 'a' },
      () => {
        throw JsonRpcError.invalidParams('bad a');
      },
      channel().value,
    );
    expect(thrown).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad a' } });
    const rejected = await answerRequest(
      { jsonrpc: '2.0', id: 2, method: 'b' },
      async () => Promise.reject(new Error('b broke')),
      channel().value,
    );
    expect(rejected).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'b broke' } });
    const odd = await answerRequest(
      { jsonrpc: '2.0', id: 3, method: 'c' },
      () => [1, 2] as unknown as JSONObject,
      channel().value,
    );
    expect(odd).toMatchObject({
      id: 3,
      error: { code: -32603, message: expect.stringContaining("'c' returned an array") },
    });
  });
});
