import { decodeMessage, type JsonRpcError, type Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CallOrigin, ForwardedCalls } from './forwarded-calls.js';

// The text path of ForwardedCalls: an upstream's answer forwarded unparsed, its id swapped in the
// text, when the caller's transport can write text.

function upstream(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    sent,
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => void sent.push(message),
  };
}

/** A client side that records what reaches it, parsed and as text; `text: false` has no sendText. */
function origin({ text = true } = {}) {
  const got: JSONRPCMessage[] = [];
  const texts: string[] = [];
  const endedIds: RequestId[] = [];
  const from: CallOrigin = {
    send: async (message) => void got.push(message),
    sendText: text ? async (line) => void texts.push(line) : undefined,
    ended: (id) => void endedIds.push(id),
    report: (error) => {
      throw error;
    },
  };
  return { from, got, texts, endedIds };
}

const call = (id: RequestId): JSONRPCRequest => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'x__echo', _meta: { progressToken: 'p' } },
});

function relay() {
  const calls = new ForwardedCalls(upstream(), 'x', 0);
  const forward = (to: CallOrigin, id: RequestId) =>
    calls.forward(to, call(id), { name: 'echo', _meta: { progressToken: 'p' } }, 'echo');
  return { calls, forward };
}

describe('ForwardedCalls.takeText', () => {
  it("forwards the upstream's answer byte for byte under the caller's id, and ends the call", async () => {
    const { calls, forward } = relay();
    const client = origin();
    const first = forward(client.from, 7);
    const second = forward(client.from, 'req "two" é');
    const rest = ',"result":{"content":[{"type":"text","text":"é \\"}\\u0041"}],"isError":false}  }';
    expect(calls.takeText(`{"jsonrpc":"2.0","id":${second.key}${rest}`)).toBe(true);
    expect(calls.takeText(`{"jsonrpc":"2.0","id":${first.key},"error":{"code":-32602,"message":"m"}}`)).toBe(
      true,
    );
    await Promise.resolve();
    expect(client.texts).toEqual([
      `{"jsonrpc":"2.0","id":"req \\"two\\" é"${rest}`,
      '{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"m"}}',
    ]);
    expect(client.got).toEqual([]);
    expect(client.endedIds).toEqual(['req "two" é', 7]);
    expect(calls.size).toBe(0);
    // Its progress token went with it: late progress is dropped, as after a parsed answer.
    expect(
      calls.take({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: first.key, progress: 1 },
      }),
    ).toBe(true);
    await Promise.resolve();
    expect(client.got).toEqual([]);
  });

  it('leaves an answer in another key order to the parsed path, which forwards it', async () => {
    const { calls, forward } = relay();
    const client = origin();
    const { key } = forward(client.from, 3);
    // The official TypeScript SDK writes `result` first.
    const line = `{"result":{"content":[]},"jsonrpc":"2.0","id":${key}}`;
    expect(calls.takeText(line)).toBe(false);
    expect(calls.size).toBe(1);
    expect(calls.take(JSON.parse(line))).toBe(true);
    await Promise.resolve();
    expect(client.got).toEqual([{ result: { content: [] }, jsonrpc: '2.0', id: 3 }]);
    expect(client.texts).toEqual([]);
    expect(client.endedIds).toEqual([3]);
  });

  it('declines lines that are not the answer to a pending call of a caller that takes text', () => {
    const { calls, forward } = relay();
    const client = origin();
    const { key } = forward(client.from, 1);
    expect(key).toBe(-1);
    for (const line of [
      // the upstream's own request (it may number its requests below zero too) and a notification
      '{"jsonrpc":"2.0","id":-1,"method":"sampling/createMessage","params":{}}',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":-1,"progress":1}}',
      // an answer to the McpClient (ids from 0 up), a key not pending, a key not an integer of ours
      '{"jsonrpc":"2.0","id":0,"result":{}}',
      '{"jsonrpc":"2.0","id":-2,"result":{}}',
      '{"jsonrpc":"2.0","id":-01,"result":{}}',
      '{"jsonrpc":"2.0","id":-1.5,"result":{}}',
      '{"jsonrpc":"2.0","id":-1e0,"result":{}}',
      `{"jsonrpc":"2.0","id":-${'1'.repeat(17)},"result":{}}`,
      // not ending with a brace, other spacing
      '{"jsonrpc":"2.0","id":-1,"result":{}} ',
      '{"jsonrpc": "2.0", "id": -1, "result": {}}',
    ]) {
      expect(calls.takeText(line), line).toBe(false);
    }
    expect(calls.size).toBe(1);
    expect(client.texts).toEqual([]);
  });

  it('leaves the answer of a caller whose transport cannot write text to the parsed path', async () => {
    const { calls, forward } = relay();
    const client = origin({ text: false });
    const { key } = forward(client.from, 5);
    expect(calls.takeText(`{"jsonrpc":"2.0","id":${key},"result":{}}`)).toBe(false);
    expect(calls.take({ jsonrpc: '2.0', id: key, result: {} })).toBe(true);
    await Promise.resolve();
    expect(client.got).toEqual([{ jsonrpc: '2.0', id: 5, result: {} }]);
  });

  it('leaves the late answer of a cancelled call to the parsed path, which drops it', async () => {
    const { calls, forward } = relay();
    const client = origin();
    const pending = forward(client.from, 9);
    calls.cancel(pending, 'changed my mind');
    const line = `{"jsonrpc":"2.0","id":${pending.key},"result":{}}`;
    expect(calls.takeText(line)).toBe(false);
    expect(calls.take(JSON.parse(line))).toBe(true);
    await Promise.resolve();
    expect(client.texts).toEqual([]);
    expect(client.got).toEqual([]);
  });

  it('forwards a broken line that begins like an answer as it is: the call ends and the caller sees the broken text', async () => {
    const { calls, forward } = relay();
    const client = origin();
    const { key } = forward(client.from, 4);
    // Not JSON, but its head and tail look like an answer: the rest of a line is never checked.
    expect(calls.takeText(`{"jsonrpc":"2.0","id":${key},"result":{"content":[}`)).toBe(true);
    await Promise.resolve();
    expect(client.texts).toEqual(['{"jsonrpc":"2.0","id":4,"result":{"content":[}']);
    expect(client.endedIds).toEqual([4]);
    expect(calls.size).toBe(0);
  });
});

describe('ForwardedCalls.forward to an upstream that takes text', () => {
  function textUpstream() {
    const sent: JSONRPCMessage[] = [];
    const texts: string[] = [];
    const transport: Transport = {
      start: async () => undefined,
      close: async () => undefined,
      send: async (message) => void sent.push(message),
      sendText: async (text) => void texts.push(text),
    };
    return { transport, sent, texts };
  }

  it('writes the request as one JSON text under its key, the progress token mapped, nothing through send', () => {
    const upstream = textUpstream();
    const calls = new ForwardedCalls(upstream.transport, 'x', 0);
    const client = origin();
    const params = {
      name: 'echo',
      arguments: { text: 'a "quoted" é\n' },
      _meta: { progressToken: 'p', k: 1 },
    };
    const { key } = calls.forward(client.from, call(3), params, 'echo');
    const read = calls.forward(
      client.from,
      { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'file:///a' } },
      { uri: 'file:///a' },
      'file:///a',
    );
    expect(upstream.sent).toEqual([]);
    expect(upstream.texts.map((text) => JSON.parse(text))).toEqual([
      {
        jsonrpc: '2.0',
        id: key,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'a "quoted" é\n' }, _meta: { progressToken: key, k: 1 } },
      },
      { jsonrpc: '2.0', id: read.key, method: 'resources/read', params: { uri: 'file:///a' } },
    ]);
    // One message per line: the text holds no raw line break (the newline in the argument is escaped).
    expect(upstream.texts.every((text) => !text.includes('\n'))).toBe(true);
  });

  it('answers the caller at once when the text cannot be written', async () => {
    const calls = new ForwardedCalls(
      {
        start: async () => undefined,
        close: async () => undefined,
        send: async () => undefined,
        sendText: async () => {
          throw new Error('the pipe is closed');
        },
      },
      'x',
      0,
    );
    const client = origin();
    calls.forward(client.from, call(8), { name: 'echo' }, 'echo');
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.got).toEqual([
      {
        jsonrpc: '2.0',
        id: 8,
        result: {
          content: [
            { type: 'text', text: 'x failed tools/call echo: could not be sent: the pipe is closed' },
          ],
          isError: true,
        },
      },
    ]);
    expect(calls.size).toBe(0);
  });
});

describe('ForwardedCalls.forwardText: a broken line', () => {
  afterEach(() => vi.useRealTimers());

  const line = (id: number, args: string) =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":${args}}}`;
  const tailOf = (text: string) => text.slice(text.indexOf(',"method"'));
  /** An upstream that takes text (as stdio does) and never answers. */
  const silent = (): Transport => ({
    start: async () => undefined,
    close: async () => undefined,
    send: async () => undefined,
    sendText: async () => undefined,
  });

  /** A caller that records what reaches it and what it is told to report. */
  function reportingOrigin() {
    const got: JSONRPCMessage[] = [];
    const reported: Error[] = [];
    const endedIds: RequestId[] = [];
    const from: CallOrigin = {
      send: async (message) => void got.push(message),
      sendText: async () => undefined,
      ended: (id) => void endedIds.push(id),
      report: (error) => void reported.push(error),
    };
    return { from, got, reported, endedIds };
  }

  it('is refused as the parsed path refuses it once the upstream says it could not read a line, and only it', async () => {
    const calls = new ForwardedCalls(silent(), 'x', 0);
    const client = reportingOrigin();
    const good = line(1, '{"message":"a"}');
    const broken = line(2, '{"message":"b",}');
    calls.forwardText(client.from, 1, 'tools/call', good, tailOf(good), 'echo');
    calls.forwardText(client.from, 2, 'tools/call', broken, tailOf(broken), 'echo');
    // A parsed request has no line to read again.
    calls.forward(client.from, call(3), { name: 'echo' }, 'echo');
    const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } as const;
    expect(calls.take(parseError)).toBe(true);
    await Promise.resolve();
    let expected: JsonRpcError | undefined;
    try {
      decodeMessage(broken);
    } catch (error) {
      expected = error as JsonRpcError;
    }
    expect(client.got).toEqual([expected?.response]);
    expect(client.got[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(client.reported).toEqual([expected]);
    expect(client.endedIds).toEqual([2]);
    expect(calls.size).toBe(2);
    // No broken line left: such an error goes on to the parsed path, as before.
    expect(calls.take(parseError)).toBe(false);
    expect(calls.size).toBe(2);
  });

  it('is refused at once where the upstream takes messages, not text (the line is parsed to send it)', async () => {
    const up = upstream();
    const calls = new ForwardedCalls(up, 'x', 0);
    const client = reportingOrigin();
    const broken = line(5, '{"message":"b",}');
    calls.forwardText(client.from, 5, 'tools/call', broken, tailOf(broken), 'echo');
    await Promise.resolve();
    expect(client.got).toEqual([
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32700 }) }),
    ]);
    expect(client.reported).toHaveLength(1);
    expect(up.sent).toEqual([]);
    expect(calls.size).toBe(0);
  });

  it('still times out where the upstream never answers it', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const calls = new ForwardedCalls(silent(), 'x', 1000, () => clock);
    const client = reportingOrigin();
    const broken = line(6, '{"message":"b",}');
    calls.forwardText(client.from, 6, 'tools/call', broken, tailOf(broken), 'echo');
    clock += 1000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.got).toEqual([
      {
        jsonrpc: '2.0',
        id: 6,
        result: {
          content: [{ type: 'text', text: 'x failed tools/call echo: timed out after 1000 ms' }],
          isError: true,
        },
      },
    ]);
    expect(calls.size).toBe(0);
  });
});
