import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type CallOrigin, ForwardedCalls } from './forwarded-calls.js';

/** An upstream transport that records what it is sent. */
function upstream(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    sent,
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => void sent.push(message),
  };
}

/** A client side that records what reaches it and which of its requests ended. */
function origin(): CallOrigin & { got: JSONRPCMessage[]; endedIds: RequestId[] } {
  const got: JSONRPCMessage[] = [];
  const endedIds: RequestId[] = [];
  return {
    got,
    endedIds,
    send: async (message) => void got.push(message),
    ended: (id) => void endedIds.push(id),
    report: (error) => {
      throw error;
    },
  };
}

const call = (id: number, progressToken?: string): JSONRPCRequest => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'x__echo', ...(progressToken === undefined ? {} : { _meta: { progressToken } }) },
});

describe('ForwardedCalls', () => {
  it('maps ids and progress tokens both ways, and leaves other messages to the client', async () => {
    const up = upstream();
    const calls = new ForwardedCalls(up, 'x', 0);
    const from = origin();
    const key = calls.forward(
      from,
      call(7, 'p'),
      { name: 'echo', _meta: { progressToken: 'p' } },
      'tools/call echo',
    );
    await Promise.resolve();
    expect(up.sent[0]).toEqual({
      jsonrpc: '2.0',
      id: key,
      method: 'tools/call',
      params: { name: 'echo', _meta: { progressToken: key } },
    });
    expect(
      calls.take({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: key, progress: 1 },
      }),
    ).toBe(true);
    expect(calls.take({ jsonrpc: '2.0', id: 0, result: {} })).toBe(false);
    expect(calls.take({ jsonrpc: '2.0', id: key, result: { content: [] } })).toBe(true);
    await Promise.resolve();
    expect(from.got).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } },
      { jsonrpc: '2.0', id: 7, result: { content: [] } },
    ]);
    expect(from.endedIds).toEqual([7]);
    expect(calls.size).toBe(0);
  });

  it('drops the late answer of a cancelled request instead of handing it to the client', async () => {
    const up = upstream();
    const calls = new ForwardedCalls(up, 'x', 0);
    const from = origin();
    const key = calls.forward(from, call(1), { name: 'echo' }, 'tools/call echo');
    calls.cancel(key, 'no longer needed');
    await Promise.resolve();
    expect(up.sent[1]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: key, reason: 'no longer needed' },
    });
    expect(calls.take({ jsonrpc: '2.0', id: key, result: {} })).toBe(true);
    await Promise.resolve();
    expect(from.got).toEqual([]);
    expect(from.endedIds).toEqual([1]);
  });

  it('answers every relayed request when the upstream goes away', async () => {
    const calls = new ForwardedCalls(upstream(), 'x', 0);
    const from = origin();
    calls.forward(from, call(1), { name: 'echo' }, 'tools/call echo');
    calls.forward(
      from,
      { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: {} },
      { name: 'p' },
      'prompts/get p',
    );
    calls.closed(new Error('exited with signal SIGKILL'));
    await Promise.resolve();
    expect(from.got).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: {
          content: [
            { type: 'text', text: 'x failed tools/call echo: went away: exited with signal SIGKILL' },
          ],
          isError: true,
        },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32603, message: 'x failed prompts/get p: went away: exited with signal SIGKILL' },
      },
    ]);
  });
});
