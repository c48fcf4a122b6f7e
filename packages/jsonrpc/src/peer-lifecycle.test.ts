// Timeouts, cancellation and progress: the parts of the peer that depend on time and signals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { McpkitError } from './errors.js';
import { JsonRpcPeer } from './peer.js';
import type { Progress, RequestContext } from './peer-types.js';
import { RecordingTransport } from './test-helpers/recording-transport.js';
import { createInMemoryTransportPair } from './testing/in-memory.js';

async function recordedPeer() {
  const transport = new RecordingTransport();
  const errors: Error[] = [];
  const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
  await peer.connect(transport);
  return { transport, peer, errors };
}

function settledState(promise: Promise<unknown>): { value?: unknown; error?: unknown; done: boolean } {
  const state: { value?: unknown; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('JsonRpcPeer timeouts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a request after timeoutMs with REQUEST_TIMEOUT and tells the peer it was cancelled', async () => {
    const { transport, peer } = await recordedPeer();
    const state = settledState(peer.request('slow/op', {}, { timeoutMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(state.error).toBeInstanceOf(McpkitError);
    expect(state.error).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: "Request 'slow/op' (id 0) timed out: no response within timeoutMs",
    });
    expect(transport.sent[1]?.message).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 0, reason: "Request 'slow/op' (id 0) timed out: no response within timeoutMs" },
    });
  });

  it('uses defaultTimeoutMs (60 s unless configured) and no timer when the timeout is disabled', async () => {
    const transport = new RecordingTransport();
    const peer = new JsonRpcPeer({ defaultTimeoutMs: 5_000 });
    await peer.connect(transport);
    const defaulted = settledState(peer.request('a'));
    const unlimited = settledState(peer.request('b', undefined, { timeoutMs: 0 }));
    await vi.advanceTimersByTimeAsync(5_001);
    expect(defaulted.error).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(unlimited.done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0); // only the unlimited request is left, and it needs no timer
    transport.deliver({ jsonrpc: '2.0', id: 1, result: { late: false } });
    await vi.advanceTimersByTimeAsync(0);
    expect(unlimited.value).toEqual({ late: false });
  });

  it('shares one timer among all pending requests, which stops once nothing is pending', async () => {
    const { transport, peer } = await recordedPeer();
    const pending = Array.from({ length: 50 }, (_, index) =>
      peer.request('x', { index }, { timeoutMs: 1_000 }),
    );
    expect(vi.getTimerCount()).toBe(1);
    for (let id = 0; id < 50; id++) transport.deliver({ jsonrpc: '2.0', id, result: {} });
    await Promise.all(pending);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the shared timer when the peer closes', async () => {
    const { peer } = await recordedPeer();
    const pending = peer.request('x', undefined, { timeoutMs: 1_000 });
    expect(vi.getTimerCount()).toBe(1);
    await peer.close();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fires an earlier deadline added after a later one', async () => {
    const { peer } = await recordedPeer();
    const late = settledState(peer.request('late', undefined, { timeoutMs: 10_000 }));
    const early = settledState(peer.request('early', undefined, { timeoutMs: 100 }));
    await vi.advanceTimersByTimeAsync(101);
    expect(early.error).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(late.done).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(late.error).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('restarts the timeout on each progress notification, up to maxTotalTimeoutMs', async () => {
    const { transport, peer } = await recordedPeer();
    const updates: Progress[] = [];
    const state = settledState(
      peer.request(
        'long',
        { x: 1 },
        { timeoutMs: 1_000, maxTotalTimeoutMs: 3_500, onprogress: (p) => updates.push(p) },
      ),
    );
    expect(transport.sent[0]?.message).toEqual({
      jsonrpc: '2.0',
      id: 0,
      method: 'long',
      params: { x: 1, _meta: { progressToken: 0 } },
    });
    for (let step = 1; step <= 3; step++) {
      await vi.advanceTimersByTimeAsync(900);
      transport.deliver({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 0, progress: step, total: 10 },
      });
    }
    expect(state.done).toBe(false);
    expect(updates).toEqual([
      { progress: 1, total: 10 },
      { progress: 2, total: 10 },
      { progress: 3, total: 10 },
    ]);
    await vi.advanceTimersByTimeAsync(801); // 3 501 ms since the start: past maxTotalTimeoutMs
    expect(state.error).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: "Request 'long' (id 0) timed out: no response within maxTotalTimeoutMs",
    });
  });

  it('does not restart the timeout on progress when resetTimeoutOnProgress is false', async () => {
    const { transport, peer } = await recordedPeer();
    const state = settledState(
      peer.request('long', undefined, {
        timeoutMs: 1_000,
        resetTimeoutOnProgress: false,
        onprogress: () => {},
      }),
    );
    await vi.advanceTimersByTimeAsync(900);
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 0, progress: 1 },
    });
    await vi.advanceTimersByTimeAsync(101);
    expect(state.error).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});

describe('JsonRpcPeer progress', () => {
  it('routes progress to the request with that token, keeps existing _meta and passes the message', async () => {
    const { transport, peer } = await recordedPeer();
    const first: Progress[] = [];
    const second: Progress[] = [];
    const a = peer.request('a', { _meta: { trace: 't' } }, { onprogress: (p) => first.push(p) });
    const b = peer.request('b', undefined, { onprogress: (p) => second.push(p) });
    expect(transport.sent[0]?.message).toMatchObject({ params: { _meta: { trace: 't', progressToken: 0 } } });
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 5, message: 'half' },
    });
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 0, progress: 1 },
    });
    transport.deliver({ jsonrpc: '2.0', id: 0, result: {} });
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    await Promise.all([a, b]);
    expect(first).toEqual([{ progress: 1 }]);
    expect(second).toEqual([{ progress: 5, message: 'half' }]);
  });

  it('passes progress with an unknown token to a notifications/progress handler, if any', async () => {
    const { transport, peer } = await recordedPeer();
    const seen: unknown[] = [];
    peer.setNotificationHandler('notifications/progress', (params) => {
      seen.push(params);
    });
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'zzz', progress: 1 },
    });
    expect(seen).toEqual([{ progressToken: 'zzz', progress: 1 }]);
  });

  it('gives the handler the requester’s progress token, and progress flows end to end', async () => {
    const [left, right] = createInMemoryTransportPair();
    const caller = new JsonRpcPeer();
    const answerer = new JsonRpcPeer();
    answerer.setRequestHandler('count', async (_params, ctx) => {
      for (let progress = 1; progress <= 3; progress++) {
        await ctx.sendNotification('notifications/progress', {
          progressToken: ctx.progressToken!,
          progress,
          total: 3,
        });
      }
      return { token: ctx.progressToken };
    });
    await answerer.connect(right);
    await caller.connect(left);
    const updates: Progress[] = [];
    const result = await caller.request('count', {}, { onprogress: (p) => updates.push(p) });
    expect(result).toEqual({ token: 0 });
    expect(updates.map((p) => p.progress)).toEqual([1, 2, 3]);
    await caller.close();
  });

  it('reports a throwing onprogress through onerror without failing the request', async () => {
    const { transport, peer, errors } = await recordedPeer();
    const pending = peer.request('a', undefined, {
      onprogress: () => {
        throw new Error('ui bug');
      },
    });
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 0, progress: 1 },
    });
    transport.deliver({ jsonrpc: '2.0', id: 0, result: { ok: true } });
    await expect(pending).resolves.toEqual({ ok: true });
    expect(errors.map((error) => error.message)).toEqual([
      "The onprogress callback of request 'a' failed: ui bug",
    ]);
  });
});

describe('JsonRpcPeer cancellation', () => {
  it('aborting the signal sends notifications/cancelled and rejects with the signal’s reason', async () => {
    const { transport, peer, errors } = await recordedPeer();
    const controller = new AbortController();
    const pending = peer.request('slow', undefined, { signal: controller.signal, relatedRequestId: 'outer' });
    const reason = new Error('user pressed stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(transport.sent[1]).toEqual({
      message: {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 0, reason: 'user pressed stop' },
      },
      options: { relatedRequestId: 'outer' },
    });
    transport.deliver({ jsonrpc: '2.0', id: 0, result: {} });
    expect(errors.map((error) => (error as McpkitError).code)).toEqual(['UNKNOWN_RESPONSE']);
  });

  it('wraps a non-Error abort reason in REQUEST_CANCELLED, and an aborted signal sends nothing', async () => {
    const { transport, peer } = await recordedPeer();
    const controller = new AbortController();
    const pending = peer.request('slow', undefined, { signal: controller.signal });
    controller.abort('changed my mind');
    await expect(pending).rejects.toMatchObject({
      code: 'REQUEST_CANCELLED',
      message: "Request 'slow' was cancelled: changed my mind",
      cause: 'changed my mind',
    });
    const sentBefore = transport.sent.length;
    await expect(peer.request('again', undefined, { signal: controller.signal })).rejects.toMatchObject({
      code: 'REQUEST_CANCELLED',
    });
    expect(transport.sent.length).toBe(sentBefore);
  });

  it('notifications/cancelled aborts the handler’s signal and suppresses its response', async () => {
    const { transport, peer } = await recordedPeer();
    let context: RequestContext | undefined;
    let finish: (() => void) | undefined;
    peer.setRequestHandler('slow', (_params, ctx) => {
      context = ctx;
      return new Promise((resolve) => {
        finish = () => resolve({ done: true });
      });
    });
    transport.deliver({ jsonrpc: '2.0', id: 'r1', method: 'slow' });
    expect(context?.signal.aborted).toBe(false);
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'r1', reason: 'no longer needed' },
    });
    expect(context?.signal.aborted).toBe(true);
    expect(context?.signal.reason).toMatchObject({
      code: 'REQUEST_CANCELLED',
      message: "Request 'slow' (id r1) was cancelled by the peer: no longer needed",
    });
    finish?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(transport.sent).toEqual([]);
  });

  it('aborts the signal of a handler that never read it before cancellation', async () => {
    const { transport, peer } = await recordedPeer();
    let context: RequestContext | undefined;
    peer.setRequestHandler('slow', (_params, ctx) => {
      context = ctx;
      return new Promise(() => {});
    });
    transport.deliver({ jsonrpc: '2.0', id: 1, method: 'slow' });
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(context?.signal.aborted).toBe(true);
  });

  it('ignores cancellation of an unknown or finished request', async () => {
    const { transport, peer, errors } = await recordedPeer();
    peer.setRequestHandler('fast', () => ({}));
    transport.deliver({ jsonrpc: '2.0', id: 1, method: 'fast' });
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'nope' } });
    expect(transport.sent.map((entry) => entry.message)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(errors).toEqual([]);
  });

  it('ctx.sendRequest is cancelled with the incoming request', async () => {
    const { transport, peer } = await recordedPeer();
    let inner: Promise<unknown> | undefined;
    peer.setRequestHandler('outer', (_params, ctx) => {
      inner = ctx.sendRequest('elicitation/create', { q: 1 });
      return new Promise(() => {});
    });
    transport.deliver({ jsonrpc: '2.0', id: 'o', method: 'outer' });
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'o' } });
    await expect(inner).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' });
    expect(transport.sent.map((entry) => entry.message)).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { q: 1 } },
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 0, reason: "Request 'outer' (id o) was cancelled by the peer" },
      },
    ]);
  });
});
