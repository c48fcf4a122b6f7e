import type { JSONObject } from '@mcpkit/protocol/essentials';
import { describe, expect, it } from 'vitest';
import { answerRequest } from './answer.js';
import { JsonRpcError } from './errors.js';
import type { RequestContext } from './peer-types.js';

function context(method: string): RequestContext {
  return {
    requestId: 1,
    method,
    signal: new AbortController().signal,
    sendNotification: async () => undefined,
    sendRequest: async () => ({}),
  };
}

describe('answerRequest (a request answered without a peer)', () => {
  it('hands the handler its params and the given context, and answers with its result', async () => {
    const given = context('work');
    let seen: { params: JSONObject | undefined; ctx: RequestContext } | undefined;
    const response = await answerRequest(
      { jsonrpc: '2.0', id: 'r1', method: 'work', params: { a: 1 } },
      async (params, ctx) => {
        seen = { params, ctx };
        return { ok: true };
      },
      given,
    );
    expect(response).toEqual({ jsonrpc: '2.0', id: 'r1', result: { ok: true } });
    expect(seen).toEqual({ params: { a: 1 }, ctx: given });
  });

  it('answers thrown errors, rejections and non-object results with error responses, as a peer does', async () => {
    const thrown = await answerRequest(
      { jsonrpc: '2.0', id: 1, method: 'a' },
      () => {
        throw JsonRpcError.invalidParams('bad a');
      },
      context('a'),
    );
    expect(thrown).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad a' } });
    const rejected = await answerRequest(
      { jsonrpc: '2.0', id: 2, method: 'b' },
      async () => Promise.reject(new Error('b broke')),
      context('b'),
    );
    expect(rejected).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'b broke' } });
    const odd = await answerRequest(
      { jsonrpc: '2.0', id: 3, method: 'c' },
      () => [1, 2] as unknown as JSONObject,
      context('c'),
    );
    expect(odd).toMatchObject({
      id: 3,
      error: { code: -32603, message: "Handler for 'c' returned an array; expected a result object" },
    });
  });
});
