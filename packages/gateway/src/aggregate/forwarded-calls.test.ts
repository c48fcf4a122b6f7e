import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const { key } = calls.forward(
      from,
      call(7, 'p'),
      { name: 'echo', _meta: { progressToken: 'p' } },
      'echo',
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

  it("relays under negative ids, so the McpClient's own ids and progress tokens (0 up) stay its", async () => {
    const calls = new ForwardedCalls(upstream(), 'x', 0);
    const from = origin();
    const first = calls.forward(from, call(0, 'p'), { name: 'echo', _meta: { progressToken: 'p' } }, 'echo');
    const second = calls.forward(from, call(1), { name: 'echo' }, 'echo');
    expect([first.key, second.key]).toEqual([-1, -2]);
    expect(calls.take({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
    expect(
      calls.take({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 0, progress: 1 },
      }),
    ).toBe(false);
    expect(calls.take({ jsonrpc: '2.0', id: 'gateway-relay-1', result: {} })).toBe(false);
    expect(calls.size).toBe(2);
    expect(from.got).toEqual([]);
  });

  it('lists a call as running while it runs, and takes it off however it ends', () => {
    const calls = new ForwardedCalls(upstream(), 'x', 0);
    const from = origin();
    const running: unknown[] = [];
    const answered = calls.forward(from, call(1), { name: 'echo' }, 'echo', running, 'a');
    const cancelled = calls.forward(from, call(2), { name: 'echo' }, 'echo', running, 'b');
    calls.forward(from, call(3), { name: 'echo' }, 'echo', running, 'c');
    expect(running).toEqual(['a', 'b', 'c']);
    calls.take({ jsonrpc: '2.0', id: answered.key, result: {} });
    calls.cancel(cancelled, 'no longer needed');
    expect(running).toEqual(['c']);
    calls.closed(undefined);
    expect(running).toEqual([]);
  });

  it('drops the late answer of a cancelled request instead of handing it to the client', async () => {
    const up = upstream();
    const calls = new ForwardedCalls(up, 'x', 0);
    const from = origin();
    const pending = calls.forward(from, call(1), { name: 'echo' }, 'echo');
    const key = pending.key;
    calls.cancel(pending, 'no longer needed');
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
    calls.forward(from, call(1), { name: 'echo' }, 'echo');
    calls.forward(from, { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: {} }, { name: 'p' }, 'p');
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

  describe('timeouts', () => {
    afterEach(() => vi.useRealTimers());

    /** Relayed calls under a 1 000 ms timeout, on fake timers and a clock the test moves with them. */
    function timed() {
      vi.useFakeTimers();
      let clock = 0;
      const up = upstream();
      const calls = new ForwardedCalls(up, 'x', 1000, () => clock);
      const from = origin();
      const wait = async (ms: number) => {
        clock += ms;
        await vi.advanceTimersByTimeAsync(ms);
      };
      return { up, calls, from, wait };
    }

    const timedOut = (id: number) => ({
      jsonrpc: '2.0',
      id,
      result: {
        content: [{ type: 'text', text: 'x failed tools/call echo: timed out after 1000 ms' }],
        isError: true,
      },
    });

    it('answers each call timeoutMs after it was sent, and cancels it upstream', async () => {
      const { up, calls, from, wait } = timed();
      const first = calls.forward(from, call(1), { name: 'echo' }, 'echo');
      await wait(400);
      const second = calls.forward(from, call(2), { name: 'echo' }, 'echo');
      await wait(599);
      expect(from.got).toEqual([]);
      await wait(1);
      expect(from.got).toEqual([timedOut(1)]);
      expect(up.sent).toContainEqual({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: first.key, reason: 'timed out after 1000 ms' },
      });
      // The second one's deadline is its own, 400 ms later, not the first one's timer's next turn.
      await wait(399);
      expect(from.got).toEqual([timedOut(1)]);
      await wait(1);
      expect(from.got).toEqual([timedOut(1), timedOut(2)]);
      expect(from.endedIds).toEqual([1, 2]);
      expect(calls.size).toBe(0);
      expect(calls.take({ jsonrpc: '2.0', id: second.key, result: {} })).toBe(true);
      expect(from.got).toHaveLength(2);
    });

    it("restarts a call's timeout on progress, and a call answered in time is not timed out", async () => {
      const { calls, from, wait } = timed();
      const slow = calls.forward(from, call(1, 'p'), { name: 'echo', _meta: { progressToken: 'p' } }, 'echo');
      const quick = calls.forward(from, call(2), { name: 'echo' }, 'echo');
      await wait(800);
      calls.take({ jsonrpc: '2.0', id: quick.key, result: { content: [] } });
      calls.take({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: slow.key, progress: 1 },
      });
      await wait(999);
      expect(from.got).toEqual([
        { jsonrpc: '2.0', id: 2, result: { content: [] } },
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } },
      ]);
      await wait(1);
      expect(from.got.at(-1)).toEqual(timedOut(1));
      expect(from.endedIds).toEqual([2, 1]);
    });
  });
});
