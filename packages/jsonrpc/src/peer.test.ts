import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonRpcError, McpkitError } from './errors.js';
import { JsonRpcPeer } from './peer.js';
import { RecordingTransport } from './test-helpers/recording-transport.js';
import { createInMemoryTransportPair } from './testing/in-memory.js';

async function connectedPeers(options?: ConstructorParameters<typeof JsonRpcPeer>[0]) {
  const [left, right] = createInMemoryTransportPair();
  const caller = new JsonRpcPeer(options);
  const answerer = new JsonRpcPeer(options);
  await answerer.connect(right);
  await caller.connect(left);
  return { caller, answerer, left, right };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('JsonRpcPeer requests and responses', () => {
  it('round-trips a request to a handler and back', async () => {
    const { caller, answerer } = await connectedPeers();
    answerer.setRequestHandler('add', (params) => ({ sum: (params?.a as number) + (params?.b as number) }));
    await expect(caller.request('add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
    await caller.close();
  });

  it('allocates distinct ids and correlates out-of-order responses', async () => {
    const { caller, answerer } = await connectedPeers();
    answerer.setRequestHandler('wait', async (params) => {
      await new Promise((resolve) => setTimeout(resolve, params?.ms as number));
      return { ms: params?.ms };
    });
    const results = await Promise.all([30, 1, 15, 5].map((ms) => caller.request('wait', { ms })));
    expect(results).toEqual([{ ms: 30 }, { ms: 1 }, { ms: 15 }, { ms: 5 }]);
    await caller.close();
  });

  it('handles incoming requests concurrently', async () => {
    const { caller, answerer } = await connectedPeers();
    let running = 0;
    let maxRunning = 0;
    answerer.setRequestHandler('slow', async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return {};
    });
    await Promise.all(Array.from({ length: 5 }, () => caller.request('slow')));
    expect(maxRunning).toBe(5);
    await caller.close();
  });

  it('answers an unknown method with -32601 naming the method, or uses the fallback handler', async () => {
    const { caller, answerer } = await connectedPeers();
    const error = await caller.request('nope/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32601, message: "Method not found: 'nope/missing'" });
    answerer.fallbackRequestHandler = (_params, ctx) => ({ handledBy: 'fallback', method: ctx.method });
    await expect(caller.request('other')).resolves.toEqual({ handledBy: 'fallback', method: 'other' });
    answerer.setRequestHandler('gone', () => ({}));
    answerer.removeRequestHandler('gone');
    await expect(caller.request('gone')).resolves.toEqual({ handledBy: 'fallback', method: 'gone' });
    await caller.close();
  });

  it('maps a thrown Error to -32603 with its message and a JsonRpcError to its own code, message and data', async () => {
    const { caller, answerer } = await connectedPeers();
    answerer.setRequestHandler('boom', () => {
      throw new Error('disk on fire');
    });
    answerer.setRequestHandler('reject', async () => {
      throw new JsonRpcError(-32602, 'Invalid params: name is required', { field: 'name' });
    });
    answerer.setRequestHandler('undefined', () => undefined as never);
    await expect(caller.request('boom')).rejects.toMatchObject({ code: -32603, message: 'disk on fire' });
    await expect(caller.request('reject')).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: name is required',
      data: { field: 'name' },
    });
    await expect(caller.request('undefined')).rejects.toMatchObject({
      code: -32603,
      message: "Handler for 'undefined' returned undefined; expected a result object",
    });
    await caller.close();
  });

  it('rejects requests while not connected with NOT_CONNECTED', async () => {
    const peer = new JsonRpcPeer();
    await expect(peer.request('x')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    await expect(peer.notify('x')).rejects.toBeInstanceOf(McpkitError);
  });

  it('refuses a second connect', async () => {
    const { caller } = await connectedPeers();
    const [other] = createInMemoryTransportPair();
    await expect(caller.connect(other)).rejects.toMatchObject({ code: 'ALREADY_CONNECTED' });
    await caller.close();
  });

  it('delivers notifications to handlers by method, with transport extra', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    const seen: unknown[] = [];
    peer.setNotificationHandler('note', (params, extra) => {
      seen.push([params, extra]);
    });
    transport.deliver({ jsonrpc: '2.0', method: 'note', params: { n: 1 } }, { sessionId: 's1' });
    transport.deliver({ jsonrpc: '2.0', method: 'unhandled' });
    expect(seen).toEqual([[{ n: 1 }, { sessionId: 's1' }]]);
    expect(transport.sent).toEqual([]);
  });

  it('reports failing notification handlers through onerror', async () => {
    const errors: Error[] = [];
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    await peer.connect(transport);
    peer.setNotificationHandler('sync', () => {
      throw new Error('sync failure');
    });
    peer.setNotificationHandler('async', async () => {
      throw new Error('async failure');
    });
    transport.deliver({ jsonrpc: '2.0', method: 'sync' });
    transport.deliver({ jsonrpc: '2.0', method: 'async' });
    await flush();
    expect(errors.map((error) => (error as McpkitError).code)).toEqual(['HANDLER_FAILED', 'HANDLER_FAILED']);
    expect(errors.map((error) => error.message)).toEqual([
      "The notification handler for 'sync' failed: sync failure",
      "The notification handler for 'async' failed: async failure",
    ]);
  });

  it('sends responses and ctx messages with relatedRequestId = the request id', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    peer.setRequestHandler('work', async (_params, ctx) => {
      await ctx.sendNotification('notifications/message', { level: 'info' });
      const answer = await ctx.sendRequest('sampling/createMessage', { q: 1 });
      return { answer };
    });
    transport.deliver({ jsonrpc: '2.0', id: 'req-9', method: 'work' });
    await flush();
    expect(transport.sent).toEqual([
      {
        message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } },
        options: { relatedRequestId: 'req-9' },
      },
      {
        message: { jsonrpc: '2.0', id: 0, method: 'sampling/createMessage', params: { q: 1 } },
        options: { relatedRequestId: 'req-9' },
      },
    ]);
    transport.deliver({ jsonrpc: '2.0', id: 0, result: { text: 'hi' } });
    await flush();
    expect(transport.sent[2]).toEqual({
      message: { jsonrpc: '2.0', id: 'req-9', result: { answer: { text: 'hi' } } },
      options: { relatedRequestId: 'req-9' },
    });
  });

  it('ignores late and duplicate responses, reporting each through onerror', async () => {
    const errors: Error[] = [];
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    await peer.connect(transport);
    const pending = peer.request('x');
    transport.deliver({ jsonrpc: '2.0', id: 0, result: { first: true } });
    transport.deliver({ jsonrpc: '2.0', id: 0, result: { second: true } });
    transport.deliver({ jsonrpc: '2.0', id: 99, error: { code: -1, message: 'stray' } });
    await expect(pending).resolves.toEqual({ first: true });
    expect(errors.map((error) => (error as McpkitError).code)).toEqual([
      'UNKNOWN_RESPONSE',
      'UNKNOWN_RESPONSE',
    ]);
    expect(errors[1]?.message).toContain('id 99');
    expect(errors[1]?.message).toContain('stray');
  });

  it('answers invalid requests with -32600 and reports unanswerable garbage', async () => {
    const errors: Error[] = [];
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    await peer.connect(transport);
    transport.deliver({ jsonrpc: '2.0', id: 3, method: 7 } as never);
    transport.deliver({ jsonrpc: '1.0', id: 4, result: {} } as never);
    transport.deliver({ jsonrpc: '2.0', id: 5, method: 'x', params: [1] } as never);
    expect(transport.sent.map((entry) => entry.message)).toEqual([
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32600, message: 'Invalid request at $.method: expected a string, got number 7' },
      },
      {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32602, message: "Invalid params for 'x': expected an object, got an array" },
      },
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(errors[0]?.message).toContain('$.jsonrpc');
  });

  it('refuses an array: transports split a batch (after bounding its size), never the peer', async () => {
    const errors: Error[] = [];
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    await peer.connect(transport);
    let ran = 0;
    peer.setRequestHandler('echo', (params) => {
      ran++;
      return params ?? {};
    });
    transport.deliver([
      { jsonrpc: '2.0', id: 1, method: 'echo', params: { a: 1 } },
      { jsonrpc: '2.0', id: 2, method: 'echo', params: { b: 2 } },
    ] as never);
    expect(ran).toBe(0);
    expect(transport.sent).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(errors[0]?.message).toContain('expected a JSON-RPC message object, got array (2 items)');
  });

  it('refuses a request reusing the id of one still running, naming both, and tells onerror', async () => {
    const errors: Error[] = [];
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
    await peer.connect(transport);
    let release: () => void = () => undefined;
    peer.setRequestHandler('slow', () => new Promise((resolve) => (release = () => resolve({ slow: true }))));
    let pinged = 0;
    peer.setRequestHandler('ping', () => {
      pinged++;
      return {};
    });
    transport.deliver({ jsonrpc: '2.0', id: 7, method: 'slow' });
    transport.deliver({ jsonrpc: '2.0', id: 7, method: 'ping' });
    const message =
      "Invalid request: id 7 is already in use by a 'slow' request in progress; this 'ping' request was not run";
    expect(pinged).toBe(0);
    expect(transport.sent).toEqual([
      {
        message: { jsonrpc: '2.0', id: 7, error: { code: -32600, message, data: { id: 7 } } },
        options: { relatedRequestId: 7 },
      },
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: -32600, message });
    // The running request is untouched and answers as usual; then the id is free again.
    release();
    await flush();
    expect(transport.sent[1]?.message).toEqual({ jsonrpc: '2.0', id: 7, result: { slow: true } });
    transport.deliver({ jsonrpc: '2.0', id: 7, method: 'ping' });
    expect(transport.sent[2]?.message).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });
  it('rejects a request whose transport throws from send, without leaving it pending', async () => {
    const transport = new RecordingTransport();
    transport.send = () => {
      throw new Error('encoder exploded');
    };
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    await expect(peer.request('x', undefined, { timeoutMs: 0 })).rejects.toThrow('encoder exploded');
  });

  it('answers a handler that returns a thenable which throws', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    peer.setRequestHandler(
      'odd',
      () =>
        ({
          // biome-ignore lint/suspicious/noThenProperty: a deliberately broken thenable
          then() {
            throw new Error('broken thenable');
          },
        }) as never,
    );
    transport.deliver({ jsonrpc: '2.0', id: 1, method: 'odd' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(transport.sent.map((entry) => entry.message)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'broken thenable' } },
    ]);
  });

  it('removeNotificationHandler stops delivery', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    let count = 0;
    peer.setNotificationHandler('note', () => {
      count++;
    });
    transport.deliver({ jsonrpc: '2.0', method: 'note' });
    peer.removeNotificationHandler('note');
    transport.deliver({ jsonrpc: '2.0', method: 'note' });
    expect(count).toBe(1);
  });

  it('exposes the connected transport', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    expect(peer.transport).toBeUndefined();
    await peer.connect(transport);
    expect(peer.transport).toBe(transport);
    await peer.close();
    expect(peer.transport).toBeUndefined();
  });
});

describe('JsonRpcPeer close', () => {
  it('settles pending requests even when the transport fails to close', async () => {
    const transport = new RecordingTransport();
    transport.close = () => Promise.reject(new Error('socket already gone'));
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    const pending = peer.request('x');
    await expect(peer.close()).rejects.toThrow('socket already gone');
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('rejects pending requests when the other side closes the connection', async () => {
    const { caller, answerer } = await connectedPeers();
    answerer.setRequestHandler('hang', () => new Promise(() => {}));
    const pending = caller.request('hang');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await answerer.close();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('names the reason a transport gives onclose in each rejection, keeps it as cause and passes it on', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    const closeReasons: Array<Error | undefined> = [];
    peer.onclose = (reason) => closeReasons.push(reason);
    await peer.connect(transport);
    const pending = [peer.request('tools/call'), peer.request('ping')];
    const reason = new Error('the server process exited with code 3 (stderr: out of memory)');
    transport.onclose?.(reason);
    const [first, second] = (await Promise.allSettled(pending)).map(
      (outcome) => (outcome as PromiseRejectedResult).reason as McpkitError,
    );
    expect(first).toMatchObject({ code: 'CONNECTION_CLOSED', cause: reason, data: { id: 0 } });
    expect(first!.message).toBe(
      "Connection closed before the response to 'tools/call' (id 0) arrived: the server process exited with code 3 (stderr: out of memory)",
    );
    expect(second).toMatchObject({ code: 'CONNECTION_CLOSED', cause: reason });
    expect(closeReasons).toEqual([reason]);
  });

  it('keeps the cause a transport gives with an error response it made up', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer();
    await peer.connect(transport);
    const pending = peer.request('tools/call');
    const cause = new Error('GET http://127.0.0.1:1/mcp failed: connect ECONNREFUSED');
    transport.deliver({ jsonrpc: '2.0', id: 0, error: { code: -32000, message: cause.message } }, { cause });
    await expect(pending).rejects.toMatchObject({ name: 'JsonRpcError', code: -32000, cause });
  });

  it('rejects every pending request at once with CONNECTION_CLOSED and aborts running handlers', async () => {
    const { caller, answerer } = await connectedPeers();
    const signals: AbortSignal[] = [];
    answerer.setRequestHandler('hang', (_params, ctx) => {
      signals.push(ctx.signal);
      return new Promise(() => {});
    });
    const closes = { caller: 0, answerer: 0 };
    caller.onclose = () => closes.caller++;
    answerer.onclose = () => closes.answerer++;
    const pending = [caller.request('hang'), caller.request('hang'), caller.request('hang')];
    await flush();
    expect(signals).toHaveLength(3);
    await caller.close();
    const outcomes = await Promise.allSettled(pending);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as McpkitError;
      expect(reason).toBeInstanceOf(McpkitError);
      expect(reason.code).toBe('CONNECTION_CLOSED');
      expect(reason.message).toMatch(/^Connection closed before the response to 'hang' \(id \d\) arrived$/);
    }
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect((signals[0]!.reason as McpkitError).code).toBe('CONNECTION_CLOSED');
    expect(closes).toEqual({ caller: 1, answerer: 1 });
    await expect(caller.request('again')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
  });

  it('can connect again after close', async () => {
    const { caller } = await connectedPeers();
    await caller.close();
    const [left, right] = createInMemoryTransportPair();
    const answerer = new JsonRpcPeer();
    answerer.setRequestHandler('ping', () => ({}));
    await answerer.connect(right);
    await caller.connect(left);
    await expect(caller.request('ping')).resolves.toEqual({});
    await caller.close();
  });
});
